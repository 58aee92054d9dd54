import { Accordion, Box, Field, Flex, NumberInput, Typography } from '@strapi/design-system';
import type { ReactNode } from 'react';
import type { FieldSpec } from '../../../contracts/definition';
import { LIMITS } from '../../../contracts/limits';
import type { ObjectDescription, ObjectField } from '../../../contracts/objects';
import { useT } from '../hooks/useT';
import {
  dropField,
  insideGroups,
  isSystemField,
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
        choices={recordChoices(target).filter((f) => !isSystemField(f))}
        more={recordChoices(target).filter(isSystemField)}
        specs={spec.fields ?? []}
        onChange={(fields) => onChange(withFields(spec, fields))}
        place={{ ...place, depth: place.depth + 1 }}
      />
    </Panel>
  );
};

/** One relation inside a component, collapsed to its path and how many of its fields are chosen. */
const InsideRelation = ({
  field,
  target,
  spec,
  onChange,
  place,
  trail,
}: OpenedField & { target: ObjectDescription; trail: string[] }) => {
  const t = useT();
  const total = recordChoices(target).length;
  return (
    <Accordion.Item value={field.name} data-testid={`field-${place.path}`}>
      <Accordion.Header>
        <Accordion.Trigger>
          {t('builder.fields.inside.relation', {
            path: [...trail, field.name].join(' > '),
            chosen: spec.fields?.length ?? 0,
            total,
          })}
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content>
        <Box padding={3}>
          <RelatedPanel field={field} target={target} spec={spec} onChange={onChange} place={place} />
        </Box>
      </Accordion.Content>
    </Accordion.Item>
  );
};

/**
 * The fields inside a component or dynamic zone that answer records, by the zone's component, each relation
 * collapsed (one open at a time) and labelled with its path, so a zone's many relations stay a short list.
 * An entry exists while it has fields: inside a component, a relation answering ids needs no entry.
 */
const InsideList = ({
  field,
  specs,
  onChange,
  place,
  trail,
}: {
  field: ObjectField;
  specs: FieldSpec[];
  onChange: (specs: FieldSpec[]) => void;
  place: PickerPlace;
  trail: string[];
}) => {
  const groups = insideGroups(field, place.objects, place.depth);
  const opened = groups
    .flatMap((g) => g.fields)
    .find((inner) => relatedObject(inner, place.objects, place.depth) && specs.some((s) => s.name === inner.name));
  return (
    <Accordion.Root defaultValue={opened?.name} size="S">
      <Flex direction="column" alignItems="stretch" gap={2}>
        {groups.map((group) => {
          const groupTrail = group.component ? [...trail, group.component] : trail;
          return (
            <Flex key={group.component ?? ''} direction="column" alignItems="stretch" gap={2}>
              {group.component && <Typography fontWeight="semiBold">{group.component}</Typography>}
              {group.fields.map((inner) => {
                const spec = specs.find((s) => s.name === inner.name) ?? { name: inner.name };
                const put = (next: FieldSpec) =>
                  onChange(next.fields ? putField(specs, next) : dropField(specs, inner.name));
                const innerPlace = { ...place, path: `${place.path}.${inner.name}` };
                const target = relatedObject(inner, place.objects, place.depth);
                return target ? (
                  <InsideRelation
                    key={inner.name}
                    field={inner}
                    target={target}
                    spec={spec}
                    onChange={put}
                    place={innerPlace}
                    trail={groupTrail}
                  />
                ) : (
                  <Box key={inner.name} data-testid={`field-${innerPlace.path}`}>
                    <InsideList
                      field={inner}
                      specs={spec.fields ?? []}
                      onChange={(fields) => put(withFields(spec, fields))}
                      place={innerPlace}
                      trail={[...groupTrail, inner.name]}
                    />
                  </Box>
                );
              })}
            </Flex>
          );
        })}
      </Flex>
    </Accordion.Root>
  );
};

/** The relations inside a component or dynamic zone, under what they are. */
export const InsidePanel = (props: {
  field: ObjectField;
  specs: FieldSpec[];
  onChange: (specs: FieldSpec[]) => void;
  place: PickerPlace;
}) => {
  const t = useT();
  return (
    <Panel hint={t('builder.fields.inside.hint')}>
      {/* A zone's entries are named by their component, a component's by its own name. */}
      <InsideList {...props} trail={props.field.component ? [props.field.name] : []} />
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
