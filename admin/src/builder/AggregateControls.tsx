import { Field, NumberInput, TextInput } from '@strapi/design-system';
import { RowCell } from './RowCell';
import { SelectField } from './SelectField';

/**
 * The controls of an Aggregate's rows, each with its label shown above it (a row typed in still says what each
 * box holds) and, where the word alone does not tell, a hint under it.
 */
interface Labelled {
  label: string;
  hint?: string;
}

export const RowSelect = ({
  label,
  hint,
  value,
  options,
  onChange,
}: Labelled & { value: string; options: Array<[string, string]>; onChange: (value: string) => void }) => (
  <RowCell>
    <SelectField label={label} hint={hint} value={value} options={options} onChange={onChange} />
  </RowCell>
);

export const RowText = ({
  label,
  hint,
  value,
  list,
  onChange,
}: Labelled & { value: string; list?: string; onChange: (v: string) => void }) => (
  <RowCell>
    <Field.Root hint={hint}>
      <Field.Label>{label}</Field.Label>
      <TextInput list={list} value={value} onChange={(e) => onChange(e.target.value)} />
      <Field.Hint />
    </Field.Root>
  </RowCell>
);

export const RowNumber = ({
  label,
  hint,
  value,
  onChange,
}: Labelled & { value: number | undefined; onChange: (v: number | undefined) => void }) => (
  <RowCell>
    <Field.Root hint={hint}>
      <Field.Label>{label}</Field.Label>
      <NumberInput value={value} onValueChange={onChange} />
      <Field.Hint />
    </Field.Root>
  </RowCell>
);
