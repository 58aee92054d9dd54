import type { EndpointDefinition } from '../../../contracts/definition';
import { codecFor } from './codecs';
import type { Dialect } from './dialect';
import { requireField } from './fields';
import type { Model } from './model';
import { compileQueryFilter, type QueryFilter } from './read-filters';
import type { Status } from './status';

/**
 * The parameter of a keyset link's cursor, `?after=<last id of the previous page>`: a parameter of its own, so
 * that a client's own `?id:gt=` stays a filter, counted in `total`, while the cursor is not.
 */
export const CURSOR_PARAM = 'after';

/**
 * How a List's keyset cursor compares ids (`$gt`, or `$lt` sorting by id descending), or null when the List
 * pages by number only: it must return `id` and sort by it first.
 */
export const keysetOf = (definition: Pick<EndpointDefinition, 'fields' | 'sort'>): '$gt' | '$lt' | null => {
  const first = definition.sort[0];
  if (!definition.fields.some((f) => f.name === 'id') || (first && first.field !== 'id')) return null;
  return (first?.dir ?? 'asc') === 'asc' ? '$gt' : '$lt';
};

/**
 * The cursor of a List's keyset links (docs/list.md#calling-a-list-endpoint) as a condition on the record id (`recordId`, as the
 * List's filters on `id` compare it), like `id:gt` (`id:lt` descending), or null when the List pages by number.
 * It says where a walk has reached, not which records match: `total` leaves it out, so every page of a walk
 * counts the same listing.
 */
export const compileKeysetCursor = (
  definition: Pick<EndpointDefinition, 'fields' | 'sort'>,
  model: Model,
  status: Status,
  deps: { dialect: Dialect; modelOf: (uid: string) => Model | null },
  recordId: string
): QueryFilter | null => {
  const op = keysetOf(definition);
  if (!op) return null;
  const codec = codecFor(requireField(model, 'id', ['fields']), deps.dialect);
  return compileQueryFilter(CURSOR_PARAM, 'id', op, codec, model, status, deps, ['query'], recordId);
};
