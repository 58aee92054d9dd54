import type { Dialect } from '../query/dialect';
import { quoter } from '../query/dialect';
import { ROOT } from '../query/list-sql';

export interface StatementParts {
  table: string;
  joins: string;
  dimensions: Array<{ expression: string; dir: 'asc' | 'desc' }>;
  measures: string[];
  /** Keep the top `limit` values of the first dimension, ranked by this measure expression. */
  top: { expression: string; dir: 'asc' | 'desc'; limit: number } | null;
  /** Rows read past this many groups only tell that the cap is exceeded. */
  cap: number;
}

/** Null-safe equality, so that an empty value of the first dimension can be among the top values. */
const sameValue = (dialect: Dialect, a: string, b: string) =>
  dialect === 'postgres' ? `${a} IS NOT DISTINCT FROM ${b}` : dialect === 'mysql' ? `${a} <=> ${b}` : `${a} IS ${b}`;

/** Empty values sort last ascending and first descending on every database (as in List). */
const orderBy = (expression: string, dir: 'asc' | 'desc') =>
  `CASE WHEN ${expression} IS NULL THEN ${dir === 'asc' ? 1 : 0} ELSE ${dir === 'asc' ? 0 : 1} END, ${expression} ${dir.toUpperCase()}`;

/**
 * One `GROUP BY` statement (docs/aggregate.md): the groups with their measures, sorted by the dimensions. With
 * a top-N, a derived table ranks the first dimension's values by the measure and the groups join it. The
 * WHERE clause (base filter, query filters, publication) is rendered per request; with a top-N its bindings
 * come twice: first the derived table's, then the statement's own.
 */
export const buildStatement = (parts: StatementParts, dialect: Dialect) => {
  const q = quoter(dialect);
  const from = `FROM ${q(parts.table)} ${ROOT} ${parts.joins}`;
  const select = [
    ...parts.dimensions.map((d, i) => `${d.expression} AS d${i}`),
    ...parts.measures.map((m, i) => `${m} AS m${i}`),
  ].join(', ');
  const groupBy = parts.dimensions.length ? ` GROUP BY ${parts.dimensions.map((d) => d.expression).join(', ')}` : '';
  const order = parts.dimensions.length
    ? ` ORDER BY ${parts.dimensions.map((d) => orderBy(d.expression, d.dir)).join(', ')}`
    : '';
  return (where: string) => {
    let top = '';
    if (parts.top && parts.dimensions.length) {
      const key = parts.dimensions[0].expression;
      const ranked =
        `SELECT ${key} AS k ${from} WHERE ${where} GROUP BY ${key} ` +
        `ORDER BY ${parts.top.expression} ${parts.top.dir.toUpperCase()}, ${orderBy(key, 'asc')} LIMIT ${parts.top.limit}`;
      top = ` JOIN (${ranked}) top_values ON ${sameValue(dialect, 'top_values.k', key)}`;
    }
    return `SELECT ${select} ${from}${top} WHERE ${where}${groupBy}${order} LIMIT ${parts.cap + 1}`;
  };
};
