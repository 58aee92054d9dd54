import { Box, Field, Flex, NumberInput, Typography } from '@strapi/design-system';
import type { ReactNode } from 'react';
import type { FieldSpec } from '../../../contracts/definition';
import { LIMITS } from '../../../contracts/limits';
import type { ObjectDescription, ObjectField } from '../../../contracts/objects';
import { useT } from '../hooks/useT';
import { fieldTypeLabel } from './fieldNotes';
import {
  dropField,
  insideChoices,
  putField,
  recordChoices,
  relatedObject,
  withFields,
  withLimit,
} from './relatedFields';
import { RecordFields } from './RecordFields';

/** Where a part of the picker sits: the path of names from the List's type (for test ids), relations followed. */
export interface PickerPlace {
  path: string;
  depth: number;
  objects: ObjectDescription[];
}

/** A box set in from its field, holding what the field answers. */
const Panel = ({ hint, children }: { hint: string; children: ReactNode }) => (
  <Box background="neutral100" padding={4} hasRadius borderColor="neutral200" width="100%">
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Typography variant="pi" textColor="neutral600">
        {hint}
      </Typography>
      {children}
    </Flex>
  </Box>
);

/** A chosen field opened in the picker: its entry, changed as a whole. */
interface OpenedField {
  field: ObjectField;
  spec: FieldSpec;
  onChange: (spec: FieldSpec) => void;
  place: PickerPlace;
}

/** What a relation (or `localizations`) answers of each related record of `target`, and a to-many one's cap. */
export const RelatedPanel = ({ field, target, spec, onChange, place }: OpenedField & { target: ObjectDescription }) => {
  const t = useT();
  return (
    <Panel
      hint={
        field.name === 'localizations'
          ? t('builder.fields.localizations.hint')
          : t('builder.fields.related.hint', { name: target.displayName })
      }
    >
      {field.relation?.many && (
        <Field.Root
          name={`${place.path}.limit`}
          hint={t('builder.fields.related.limitHint', { max: LIMITS.relatedPerRecord })}
        >
          <Field.Label>{t('builder.fields.related.limit')}</Field.Label>
          <NumberInput
            value={spec.limit}
            placeholder={String(LIMITS.relatedPerRecord)}
            onValueChange={(next: number | undefined) => onChange(withLimit(spec, next))}
          />
          <Field.Hint />
        </Field.Root>
      )}
      <RecordFields
        choices={recordChoices(target)}
        specs={spec.fields ?? []}
        onChange={(fields) => onChange(withFields(spec, fields))}
        place={{ ...place, depth: place.depth + 1 }}
      />
    </Panel>
  );
};

/**
 * The relations (and components) inside a component or dynamic zone that answer records. An entry exists while
 * it has fields: inside a component, a relation answering ids needs no entry.
 */
export const InsidePanel = ({
  field,
  specs,
  onChange,
  place,
}: {
  field: ObjectField;
  specs: FieldSpec[];
  onChange: (specs: FieldSpec[]) => void;
  place: PickerPlace;
}) => {
  const t = useT();
  return (
    <Panel hint={t('builder.fields.inside.hint')}>
      {insideChoices(field, place.objects, place.depth).map((inner) => {
        const spec = specs.find((s) => s.name === inner.name) ?? { name: inner.name };
        const put = (next: FieldSpec) => onChange(next.fields ? putField(specs, next) : dropField(specs, inner.name));
        const innerPlace = { ...place, path: `${place.path}.${inner.name}` };
        const target = relatedObject(inner, place.objects, place.depth);
        return (
          <Flex
            key={inner.name}
            direction="column"
            alignItems="stretch"
            gap={2}
            data-testid={`field-${innerPlace.path}`}
          >
            <Typography fontWeight="semiBold">{`${inner.name} (${fieldTypeLabel(t, inner)})`}</Typography>
            <OpenedPanel field={inner} target={target} spec={spec} onChange={put} place={innerPlace} />
          </Flex>
        );
      })}
    </Panel>
  );
};

/**
 * What an opened field shows: the fields of the records it leads to (`target`), else the relations inside its
 * components.
 */
export const OpenedPanel = ({
  field,
  target,
  spec,
  onChange,
  place,
}: OpenedField & { target: ObjectDescription | undefined }) =>
  target ? (
    <RelatedPanel field={field} target={target} spec={spec} onChange={onChange} place={place} />
  ) : (
    <InsidePanel
      field={field}
      specs={spec.fields ?? []}
      onChange={(fields) => onChange(withFields(spec, fields))}
      place={place}
    />
  );
