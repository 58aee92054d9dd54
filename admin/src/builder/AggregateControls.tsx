import { Field, NumberInput, TextInput } from '@strapi/design-system';
import { createContext, useContext } from 'react';
import type { Problem } from '../../../contracts/problems';
import { useT } from '../hooks/useT';
import { FieldCombobox } from './FieldCombobox';
import { problemPlace } from './problemPlaces';
import { RowCell } from './RowCell';
import { SelectField } from './SelectField';

/**
 * The controls of an Aggregate's rows, each with its label shown above it (a row typed in still says what each
 * box holds) and, where the word alone does not tell, a hint under it. A control at `box` (its place in the
 * settings, `['measures', 0, 'field']`) shows the admin API's problem there and is where a refused Save goes.
 */
export interface AggregateScope {
  /** The fields to group or measure by, and whether a typed path is one. */
  fields: string[];
  isKnown: (path: string) => boolean;
  objectName: string;
  /** The problem shown at a box, in plain words; undefined when there is none. */
  problemAt: (box: Problem['path']) => string | undefined;
}

export const AggregateScopeContext = createContext<AggregateScope>({
  fields: [],
  isKnown: () => true,
  objectName: '',
  problemAt: () => undefined,
});

interface Labelled {
  label: string;
  hint?: string;
  box?: Problem['path'];
}

/** The cell of a control at `box`, and the problem there. */
const useBox = (box: Problem['path'] | undefined) => {
  const { problemAt } = useContext(AggregateScopeContext);
  return { place: box && problemPlace(['aggregate', ...box]), error: box && problemAt(box) };
};

export const RowSelect = ({
  label,
  hint,
  box,
  value,
  options,
  onChange,
}: Labelled & { value: string; options: Array<[string, string]>; onChange: (value: string) => void }) => {
  const { place, error } = useBox(box);
  return (
    <RowCell place={place}>
      <SelectField label={label} hint={hint} error={error} value={value} options={options} onChange={onChange} />
    </RowCell>
  );
};

export const RowText = ({
  label,
  hint,
  box,
  value,
  onChange,
}: Labelled & { value: string; onChange: (v: string) => void }) => {
  const { place, error } = useBox(box);
  return (
    <RowCell place={place}>
      <Field.Root hint={hint} error={error}>
        <Field.Label>{label}</Field.Label>
        <TextInput value={value} onChange={(e) => onChange(e.target.value)} />
        <Field.Hint />
        <Field.Error />
      </Field.Root>
    </RowCell>
  );
};

/** A field path of the type (`orderedAt`) or of a to-one relation (`customer.tier`), picked from the list. */
export const RowField = ({
  hint,
  box,
  value,
  onChange,
}: Omit<Labelled, 'label'> & { value: string; onChange: (v: string) => void }) => {
  const t = useT();
  const { fields, isKnown, objectName } = useContext(AggregateScopeContext);
  const { place, error } = useBox(box);
  return (
    <RowCell place={place}>
      <FieldCombobox
        label={t('builder.filter.field')}
        labelAbove
        hint={hint}
        value={value}
        options={fields}
        isKnown={isKnown}
        refusal={(field) =>
          field ? t('builder.aggregate.field.refused', { field, object: objectName }) : t('builder.filter.field.empty')
        }
        error={error}
        onChange={onChange}
      />
    </RowCell>
  );
};

export const RowNumber = ({
  label,
  hint,
  box,
  value,
  onChange,
}: Labelled & { value: number | undefined; onChange: (v: number | undefined) => void }) => {
  const { place, error } = useBox(box);
  return (
    <RowCell place={place}>
      <Field.Root hint={hint} error={error}>
        <Field.Label>{label}</Field.Label>
        <NumberInput value={value} onValueChange={onChange} />
        <Field.Hint />
        <Field.Error />
      </Field.Root>
    </RowCell>
  );
};
