import { NO_CONDITION } from './list-sql';
import type { Variables } from './variables';

/** What rendering a compiled condition for one request reads (the variables) and adds to (the bindings). */
export interface RenderContext {
  vars: Variables;
  bindings: unknown[];
}

/**
 * A rendered condition: its SQL, and whether a leaf in it is unknown (a variable without a valid value renders
 * as SQL `NULL`, see filter.ts), which a subquery around it must keep (see keepUnknown).
 */
export interface Rendered {
  sql: string;
  unknown: boolean;
}

/** A condition compiled once per definition change; rendering it per request only walks closures. */
export type Predicate = (ctx: RenderContext) => Rendered;

export const known = (sql: string): Rendered => ({ sql, unknown: false });

/** A leaf whose value is missing: SQL's unknown, which matches nothing, negated or not. */
export const UNKNOWN: Rendered = { sql: 'NULL', unknown: true };

const constant = (sql: string): Predicate => {
  const rendered = known(sql);
  return () => rendered;
};

export const FALSE = constant('1=0');
export const TRUE = constant(NO_CONDITION);

export const joinAll = (parts: Predicate[], glue: ' AND ' | ' OR ', empty: Predicate): Predicate => {
  if (parts.length === 0) return empty;
  if (parts.length === 1) return parts[0];
  return (ctx) => {
    const rendered = parts.map((part) => part(ctx));
    return { sql: `(${rendered.map((r) => r.sql).join(glue)})`, unknown: rendered.some((r) => r.unknown) };
  };
};

export const negate =
  (inner: Predicate): Predicate =>
  (ctx) => {
    const { sql, unknown } = inner(ctx);
    return { sql: `NOT (${sql})`, unknown };
  };

/**
 * Renders `condition` inside a subquery (`wrap`): an unknown leaf there (a variable without a value) would be
 * lost in the subquery's answer, so the test becomes `(... OR NULL)`, unknown outside too.
 */
export const keepUnknown =
  (condition: Predicate, wrap: (sql: string) => string): Predicate =>
  (ctx) => {
    const { sql, unknown } = condition(ctx);
    return { sql: unknown ? `(${wrap(sql)} OR NULL)` : wrap(sql), unknown };
  };
