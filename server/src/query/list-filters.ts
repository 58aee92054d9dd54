import { codecFor, type Codec } from './codecs';
import type { Dialect } from './dialect';
import type { ColumnField, ComponentsField, MediaField, ModelField } from './model';
import { LIST_SUFFIX } from './params';
import type { QueryOp } from './read-filters';

type ComparedField = Exclude<ColumnField, MediaField>;

export interface ListFilterKey {
  /** `path`, `path:gt`, `path:lt` or `path:in`. */
  key: string;
  /** The field's name, or its path inside single components (`seo.metaTitle`: no field name holds a dot). */
  path: string;
  field: ComparedField;
  op: QueryOp;
  codec: Codec;
}

// Suffix, operator, and whether the operator needs an ordered type.
const QUERY_OPS: ReadonlyArray<readonly [string, QueryOp, boolean]> = [
  ['', '$eq', false],
  [':gt', '$gt', true],
  [':lt', '$lt', true],
  [LIST_SUFFIX, '$in', false],
];

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
 * The query-string filters of a List (docs/list.md#calling-a-list-endpoint): each exposed field that can be compared, by equality
 * (one value, or several with `:in`), and ordered ones also with `:gt` and `:lt`; a single component's
 * sub-fields by their path (`seo.metaTitle`); `prefix` names the relation of related records' fields
 * (`category.`). The List and its OpenAPI description both read this list.
 */
export const listFilterKeys = (
  fields: Array<ColumnField | ComponentsField>,
  dialect: Dialect,
  prefix = ''
): ListFilterKey[] =>
  comparedFields(fields, prefix).flatMap(({ path, field }) => {
    const codec = codecFor(field, dialect);
    if (!codec.comparable) return [];
    return QUERY_OPS.filter(([, , ordered]) => !ordered || codec.ordered).map(([suffix, op]) => ({
      key: `${path}${suffix}`,
      path,
      field,
      op,
      codec,
    }));
  });
