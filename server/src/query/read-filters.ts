import type { Path } from '../errors/definition-error';
import type { Codec } from './codecs';
import type { Dialect } from './dialect';
import { compileFilter, type Predicate, type RenderContext } from './filter';
import { ROOT } from './list-sql';
import type { Model } from './model';
import type { QueryFilterSpec } from './params';
import type { Status } from './status';
import { queryVariable, requestVariables, type RequestContext } from './variables';

/** A query-string filter of a read endpoint: its key, the codec that parses its value, and its predicate. */
export type QueryFilter = QueryFilterSpec & { predicate: Predicate };

/** `customer.tier` (or `seo.metaTitle`, inside a component) as the filter `{ customer: { tier: condition } }`. */
const nest = (path: string, condition: unknown): Record<string, unknown> =>
  path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), condition) as Record<string, unknown>;

/**
 * Compiles `?<key>=value` as `<field> <op> value` (`field` may follow a relation: `customer.tier`, into the
 * related rows of the endpoint's `status`, or name a single component's field: `seo.metaTitle`). The value travels as a variable of its own namespace, so it never
 * meets the endpoint's variables.
 */
export const compileQueryFilter = (
  key: string,
  field: string,
  op: '$eq' | '$gt' | '$lt',
  codec: Codec,
  model: Model,
  status: Status,
  deps: { dialect: Dialect; modelOf: (uid: string) => Model | null },
  path: Path
): QueryFilter => {
  const variable = queryVariable(key);
  const predicate = compileFilter(nest(field, { [op]: { $var: variable } }), model, ROOT, {
    dialect: deps.dialect,
    modelOf: deps.modelOf,
    variables: [variable],
    path,
    status,
  });
  return { key, codec, predicate };
};

/**
 * The WHERE clause of a read (List, Aggregate) and its bindings: the publication condition, the endpoint's
 * filter, then the query filters in key order, so that the same filters give the same SQL text (and reuse one
 * prepared statement).
 */
export const renderReadWhere = (
  request: RequestContext,
  publication: string | null,
  endpointFilter: Predicate,
  values: Map<string, unknown>,
  filterable: Map<string, QueryFilter>
) => {
  const render: RenderContext = { vars: requestVariables(request), bindings: [], unknown: false };
  const conditions = publication ? [publication] : [];
  conditions.push(endpointFilter(render));
  for (const key of [...values.keys()].sort()) {
    render.vars[queryVariable(key)] = values.get(key);
    conditions.push(filterable.get(key)!.predicate(render));
  }
  return { where: conditions.join(' AND '), bindings: render.bindings };
};
