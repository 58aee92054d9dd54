import type { Predicate } from './filter';

/**
 * Renders `condition` inside a subquery (`wrap`): an unknown leaf there (a variable without a value) would be
 * lost in the subquery's answer, so the test becomes `(... OR NULL)`, unknown outside too (see filter.ts).
 */
export const keepUnknown =
  (condition: Predicate, wrap: (sql: string) => string): Predicate =>
  (ctx) => {
    const before = ctx.unknown;
    ctx.unknown = false;
    const sql = condition(ctx);
    const sawUnknown = ctx.unknown;
    ctx.unknown = before || sawUnknown;
    return sawUnknown ? `(${wrap(sql)} OR NULL)` : wrap(sql);
  };
