import { codecFor } from './codecs';
import { quoter, type Dialect } from './dialect';
import { ROOT } from './list-sql';
import { compileLocale, type SiteLocales } from './locale';
import type { EndpointDefinition } from '../../../contracts/definition';
import type { Model, ScalarField } from './model';
import type { QueryFilterSpec } from './params';

/** A WHERE clause and its bindings, in order. */
export interface Where {
  where: string;
  bindings: unknown[];
}

/**
 * The locale of a read (List, Aggregate) of a translated type: `t0.locale = ?` ahead of the other conditions,
 * its value bound per request, so the SQL text stays the same for every locale. Null on other types.
 */
export const compileLocaleRead = (
  definition: EndpointDefinition,
  model: Model,
  deps: { dialect: Dialect; locales: SiteLocales }
) => {
  const scope = compileLocale(definition, model, deps.locales);
  if (!scope) return null;
  const field = model.fields.get('locale') as ScalarField;
  const condition = `${ROOT}.${quoter(deps.dialect)(field.column)} = ?`;
  const selector: QueryFilterSpec | null = scope.param
    ? { key: scope.param, codec: codecFor(field, deps.dialect) }
    : null;
  return {
    /** The query-string key that selects the locale (`locale: "query"`): no query filter may use it. */
    param: scope.param,
    /** The keys a request may carry: the query filters and the selector. */
    accepting: <F extends QueryFilterSpec>(filterable: Map<string, F>): Map<string, QueryFilterSpec> =>
      selector ? new Map<string, QueryFilterSpec>([...filterable, [selector.key, selector]]) : filterable,
    /**
     * The request's locale condition (null: every locale). The selector's value is taken out of the parsed
     * `filters`, which then hold query filters only: call this before rendering them.
     */
    conditionOf(filters: Map<string, unknown>): Where | null {
      const value = scope.param ? (filters.get(scope.param) as string | undefined) : undefined;
      if (scope.param) filters.delete(scope.param);
      const code = scope.resolve(value);
      return code === null ? null : { where: condition, bindings: [code] };
    },
  };
};

export type LocaleRead = NonNullable<ReturnType<typeof compileLocaleRead>>;

/** `first` and then `read`, as one WHERE clause (bindings in the same order). */
export const andWhere = (first: Where | null, read: Where): Where =>
  first ? { where: `${first.where} AND ${read.where}`, bindings: [...first.bindings, ...read.bindings] } : read;
