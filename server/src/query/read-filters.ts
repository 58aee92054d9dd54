import type { Path } from '../errors/definition-error';
import type { Codec } from './codecs';
import type { Dialect } from './dialect';
import { compileFilter } from './filter';
import type { Predicate, RenderContext } from './predicate';
import { ROOT } from './list-sql';
import type { Model } from './model';
import type { QueryFilterSpec } from './params';
import type { Status } from './status';
import { queryVariable, requestVariables, type RequestContext } from './variables';

/** The operators of query-string filters: `?field=`, `?field:gt=`, `?field:lt=`, `?field:in=`. */
export type QueryOp = '$eq' | '$gt' | '$lt' | '$in';

/** A query-string filter of a read endpoint: its key, the codec that parses its value, and its condition. */
export type QueryFilter = QueryFilterSpec & {
  /** The condition on the request's value (an array of them for `:in`), its bindings added to `ctx`. */
  render: (ctx: RenderContext, value: unknown) => string;
};

/** `customer.tier` (or `seo.metaTitle`, inside a component) as the filter `{ customer: { tier: condition } }`. */
const nest = (path: string, condition: unknown): Record<string, unknown> =>
  path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), condition) as Record<string, unknown>;

/**
 * How many placeholders a `:in` list of `count` values takes: the next power of two. Each key then has a
 * handful of SQL texts (1, 2, 4 ... 128 placeholders), where one per count would fill the prepared-statement
 * caches; the list is padded by repeating its last value, which `IN` matches already.
 */
const placeholdersFor = (count: number) => {
  let size = 1;
  while (size < count) size *= 2;
  return size;
};

/**
 * Compiles `?<key>=value` as `<field> <op> value` (`field` may follow a relation: `customer.tier`, into the
 * related rows of the endpoint's `status`, or name a single component's field: `seo.metaTitle`). The value
 * travels as a variable of its own namespace, so it never meets the endpoint's variables. `$in` compiles one
 * condition per number of placeholders, when a request first needs it.
 */
export const compileQueryFilter = (
  key: string,
  field: string,
  op: QueryOp,
  codec: Codec,
  model: Model,
  status: Status,
  deps: { dialect: Dialect; modelOf: (uid: string) => Model | null },
  path: Path,
  recordId?: string
): QueryFilter => {
  const compile = (variables: string[], condition: unknown) =>
    compileFilter(nest(field, condition), model, ROOT, {
      dialect: deps.dialect,
      modelOf: deps.modelOf,
      variables,
      path,
      status,
      recordId,
    });
  if (op !== '$in') {
    const variable = queryVariable(key);
    const predicate = compile([variable], { [op]: { $var: variable } });
    return {
      key,
      codec,
      render: (ctx, value) => {
        ctx.vars[variable] = value;
        return predicate(ctx).sql;
      },
    };
  }
  const shapes = new Map<number, { variables: string[]; predicate: Predicate }>();
  const shapeOf = (size: number) => {
    let shape = shapes.get(size);
    if (!shape) {
      const variables = Array.from({ length: size }, (_, i) => queryVariable(`${key}#${i}`));
      shape = { variables, predicate: compile(variables, { $in: variables.map(($var) => ({ $var })) }) };
      shapes.set(size, shape);
    }
    return shape;
  };
  // The one-value shape now: a field this cannot compare is a problem of the definition, not of a request.
  shapeOf(1);
  return {
    key,
    codec,
    valueList: true,
    render: (ctx, value) => {
      const values = value as unknown[];
      const { variables, predicate } = shapeOf(placeholdersFor(values.length));
      variables.forEach((variable, i) => {
        ctx.vars[variable] = values[Math.min(i, values.length - 1)];
      });
      return predicate(ctx).sql;
    },
  };
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
  const render: RenderContext = { vars: requestVariables(request), bindings: [] };
  const conditions = publication ? [publication] : [];
  conditions.push(endpointFilter(render).sql);
  for (const key of [...values.keys()].sort()) conditions.push(filterable.get(key)!.render(render, values.get(key)));
  return { where: conditions.join(' AND '), bindings: render.bindings };
};
