import { fieldListSchema, type FieldSpec } from '../../../contracts/definition';
import { LIMITS } from '../../../contracts/limits';
import type { ObjectDescription, ObjectField } from '../../../contracts/objects';
import { describeIssues } from '../../../contracts/problems';

/**
 * A List's related fields as the builder edits them: which fields of a record (or of related records) can be
 * chosen, which can be opened to choose what they answer, and the `fields` tree the choices make.
 */

/** `localizations` as a choice: the other translations of the record, a to-many relation to its own type. */
export const localizationsOf = (object: ObjectDescription): ObjectField => ({
  name: 'localizations',
  type: 'relation',
  exposable: true,
  writable: false,
  relation: { target: object.uid, many: true },
});

/** The fields a List (or a related record) of `object` may answer: its own, and its translations when localized. */
export const recordChoices = (object: ObjectDescription): ObjectField[] => [
  ...object.fields.filter((f) => f.exposable),
  ...(object.localized ? [localizationsOf(object)] : []),
];

/** The type a relation leads to, when endpoints can answer its records (and `depth` relations leave room). */
export const relatedObject = (field: ObjectField, objects: ObjectDescription[], depth: number) =>
  field.relation && depth < LIMITS.relatedDepth ? objects.find((o) => o.uid === field.relation!.target) : undefined;

/** The fields inside a component (or one kind of a dynamic zone) that answer records, and what to call them. */
export interface InsideGroup {
  /** The zone's component the fields belong to (none inside a component field). */
  component?: string;
  fields: ObjectField[];
}

/**
 * The fields inside a component or dynamic zone that can answer records, by component: relations to a type
 * `objects` holds, and components holding such fields. A name that several components of a zone share is offered
 * once, with the first (the server applies the entry to each of them).
 */
export const insideGroups = (field: ObjectField, objects: ObjectDescription[], depth: number): InsideGroup[] => {
  const components = field.component ? [field.component] : (field.components ?? []);
  const offered = new Set<string>();
  const groups = components.map((c) => ({
    component: field.component ? undefined : c.displayName,
    fields: c.fields.filter((inner) => {
      if (offered.has(inner.name)) return false;
      const answers = relatedObject(inner, objects, depth) || insideChoices(inner, objects, depth).length;
      if (answers) offered.add(inner.name);
      return Boolean(answers);
    }),
  }));
  return groups.filter((g) => g.fields.length);
};

/** The fields inside a component or dynamic zone that can answer records, whatever their component. */
export const insideChoices = (field: ObjectField, objects: ObjectDescription[], depth: number): ObjectField[] =>
  insideGroups(field, objects, depth).flatMap((g) => g.fields);

/** Fields Strapi fills in itself, which the Content Manager keeps out of its forms. */
const SYSTEM_FIELDS = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'locale',
  'createdBy',
  'updatedBy',
]);

/** Whether Strapi fills in the field itself (ids, dates, locale, who changed it). */
export const isSystemField = (field: ObjectField) => SYSTEM_FIELDS.has(field.name);

/** A field's spec with these fields chosen in it (none: it answers ids, or, for a component, itself whole). */
export const withFields = (spec: FieldSpec, fields: FieldSpec[]): FieldSpec => {
  const { fields: _before, ...rest } = spec;
  return fields.length ? { ...rest, fields } : rest;
};

/** A to-many field's spec with its cap per record (undefined: the default, LIMITS.relatedPerRecord). */
export const withLimit = (spec: FieldSpec, limit: number | undefined): FieldSpec => {
  const { limit: _before, ...rest } = spec;
  return limit === undefined ? rest : { ...rest, limit };
};

/** The list with `spec` in place of the entry of the same name, or added at the end. */
export const putField = (specs: FieldSpec[], spec: FieldSpec): FieldSpec[] =>
  specs.some((s) => s.name === spec.name) ? specs.map((s) => (s.name === spec.name ? spec : s)) : [...specs, spec];

/** The list without the entry named `name`. */
export const dropField = (specs: FieldSpec[], name: string): FieldSpec[] => specs.filter((s) => s.name !== name);

/** The fields as an endpoint other than a List takes them: names (and `required`), no related fields. */
export const plainFields = (specs: FieldSpec[]): FieldSpec[] =>
  specs.map(({ name, required }) => (required === undefined ? { name } : { name, required }));

/** The fields typed as JSON, checked against the contract's schema: the list, or why it is not one. */
export const fieldsFromJson = (text: string): { fields: FieldSpec[] } | { problem: string } => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `not valid JSON: ${(error as Error).message}` };
  }
  const checked = fieldListSchema.safeParse(value);
  if (checked.success) return { fields: checked.data };
  return { problem: describeIssues(checked.error).join('; ') };
};
