import type { EndpointDefinition } from '../../../contracts/definition';
import { codecFor, type Codec } from './codecs';
import type { Dialect } from './dialect';
import type { ColumnField, MediaField } from './model';

type ComparedField = Exclude<ColumnField, MediaField>;

export interface ListFilterKey {
  /** `field`, `field:gt` or `field:lt`. */
  key: string;
  field: ComparedField;
  op: '$eq' | '$gt' | '$lt';
  codec: Codec;
}

const QUERY_OPS = [
  ['', '$eq'],
  [':gt', '$gt'],
  [':lt', '$lt'],
] as const;

/**
 * The query-string filters of a List (spec 4.2 rule 6): each exposed field that can be compared, by equality,
 * and ordered ones also with `:gt` and `:lt`. The List and its OpenAPI description both read this list.
 */
export const listFilterKeys = (
  fields: ColumnField[],
  dialect: Dialect
): ListFilterKey[] =>
  fields
    .filter((f): f is Exclude<typeof f, MediaField> => f.kind !== 'media')
    .flatMap((field) => {
      const codec = codecFor(field, dialect);
      if (!codec.comparable) return [];
      return QUERY_OPS.filter(([suffix]) => !suffix || codec.ordered).map(([suffix, op]) => ({
        key: `${field.name}${suffix}`,
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
