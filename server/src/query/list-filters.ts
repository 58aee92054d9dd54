import type { EndpointDefinition } from '../../../contracts/definition';
import { codecFor, type Codec } from './codecs';
import type { Dialect } from './dialect';
import type { ColumnField, ComponentsField, MediaField, ModelField } from './model';

type ComparedField = Exclude<ColumnField, MediaField>;

export interface ListFilterKey {
  /** `path`, `path:gt` or `path:lt`. */
  key: string;
  /** The field's name, or its path inside single components (`seo.metaTitle`: no field name holds a dot). */
  path: string;
  field: ComparedField;
  op: '$eq' | '$gt' | '$lt';
  codec: Codec;
}

const QUERY_OPS = [
  ['', '$eq'],
  [':gt', '$gt'],
  [':lt', '$lt'],
] as const;

/** Inside a component, what a query filter compares: its own values (not its id) and single components. */
const comparedInside = (f: ModelField): f is ComparedField | ComponentsField =>
  (f.kind === 'scalar' && f.writable) || f.kind === 'component';

/** The fields query filters compare, by path: media, relations inside components and lists of components never. */
const comparedFields = (
  fields: Array<ColumnField | ComponentsField>,
  prefix = ''
): Array<{ path: string; field: ComparedField }> =>
  fields.flatMap((field) => {
    if (field.kind === 'media' || field.kind === 'dynamiczone') return [];
    if (field.kind !== 'component') return [{ path: `${prefix}${field.name}`, field }];
    if (field.repeatable) return [];
    return comparedFields([...field.component.fields.values()].filter(comparedInside), `${prefix}${field.name}.`);
  });

/**
 * The query-string filters of a List (spec 4.2 rule 6): each exposed field that can be compared, by equality,
 * and ordered ones also with `:gt` and `:lt`; a single component's sub-fields by their path (`seo.metaTitle`);
 * `prefix` names the relation of related records' fields (`category.`).
 * The List and its OpenAPI description both read this list.
 */
export const listFilterKeys = (
  fields: Array<ColumnField | ComponentsField>,
  dialect: Dialect,
  prefix = ''
): ListFilterKey[] =>
  comparedFields(fields, prefix).flatMap(({ path, field }) => {
    const codec = codecFor(field, dialect);
    if (!codec.comparable) return [];
    return QUERY_OPS.filter(([suffix]) => !suffix || codec.ordered).map(([suffix, op]) => ({
      key: `${path}${suffix}`,
      path,
      field,
      op,
      codec,
    }));
  });

/**
 * The keyset filter of a List's `next` links (`id:gt`, or `id:lt` sorting by id descending), or null when the
 * List pages by number only: it must return `id` and sort by it first.
 */
export const keysetKeyOf = (definition: EndpointDefinition): 'id:gt' | 'id:lt' | null => {
  const first = definition.sort[0];
  if (!definition.fields.some((f) => f.name === 'id') || (first && first.field !== 'id')) return null;
  return (first?.dir ?? 'asc') === 'asc' ? 'id:gt' : 'id:lt';
};
