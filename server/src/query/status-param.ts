import { STATUS_PARAM } from '../../../contracts/definition';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { INVALID, type Codec } from './codecs';
import type { QueryFilterSpec } from './params';
import type { Status } from './status';

const STATUSES: ReadonlySet<unknown> = new Set<Status>(['published', 'draft']);
const asStatus = (value: unknown) => (STATUSES.has(value) ? value : INVALID);

/** `?status=` as the query string's parser sees it: a selector with two values, never a filter on a field. */
const selector: QueryFilterSpec = {
  key: STATUS_PARAM,
  codec: {
    parseText: asStatus,
    parseJson: asStatus,
    toDb: (value) => value,
    fromDb: (raw) => raw,
    ordered: false,
    comparable: true,
  } satisfies Codec,
};

/**
 * The version a request reads on an endpoint whose status comes from the request: its `?status=`, published
 * without one. Any other value, or the parameter twice, is a 400.
 */
export const requestedStatus = (querystring: string): Status => {
  const values = new URLSearchParams(querystring).getAll(STATUS_PARAM);
  if (!values.length) return 'published';
  if (values.length > 1 || !STATUSES.has(values[0])) throw new ApiError(400, MESSAGES.invalidStatus);
  return values[0] as Status;
};

/**
 * `?status=` on an endpoint whose status comes from the request (`fromQuery`); elsewhere it is what it always
 * was, a query filter like any other (on a field named `status`) or an unknown parameter.
 */
export const compileStatusParam = (fromQuery: boolean | undefined) => ({
  /** The keys a request may carry: the query filters and, where it selects, `?status=` (a filter gives way). */
  accepting: <F extends QueryFilterSpec>(filterable: Map<string, F>): Map<string, QueryFilterSpec> =>
    fromQuery ? new Map<string, QueryFilterSpec>([...filterable, [STATUS_PARAM, selector]]) : filterable,
  /** Takes the selector out of the parsed `filters`, which then hold query filters only. */
  take(filters: Map<string, unknown>) {
    if (fromQuery) filters.delete(STATUS_PARAM);
  },
});
