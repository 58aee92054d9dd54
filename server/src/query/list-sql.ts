import type { Codec } from './codecs';
import { codecFor } from './codecs';
import { quoter, type Dialect } from './dialect';
import type { Model, ModelField, RelationField } from './model';

/** The fixed parts of a List endpoint's SQL, built once per definition change. */
export interface ListSql {
  /** `<columns>` of the page query. */
  columnList: string;
  /** `FROM <table> t0` */
  from: string;
  /** `SELECT COUNT(*) AS n FROM <table> t0` */
  count: string;
  /** `ORDER BY ...` including the `id` tie-breaker that keeps pages stable. */
  orderBy: string;
  columns: Array<{ name: string; alias: string; codec: Codec }>;
}

export const ROOT = 't0';

/** Ids of a to-many relation as "3,1,2", in link order, from one aggregate per row. */
const idList = (dialect: Dialect, id: string, order: string) => {
  if (dialect === 'postgres') return `string_agg(CAST(${id} AS TEXT), ',' ORDER BY ${order})`;
  if (dialect === 'mysql') return `GROUP_CONCAT(${id} ORDER BY ${order} SEPARATOR ',')`;
  return `group_concat(${id}, ',' ORDER BY ${order})`;
};

const relationColumn = (field: RelationField, dialect: Dialect) => {
  const q = quoter(dialect);
  const { table, ownerColumn, targetColumn, orderColumn } = field.link;
  const from = `FROM ${q(table)} lk WHERE lk.${q(ownerColumn)} = ${ROOT}.${q('id')}`;
  if (!field.many) return `(SELECT MIN(lk.${q(targetColumn)}) ${from})`;
  const order = orderColumn ? `lk.${q(orderColumn)}, lk.${q(targetColumn)}` : `lk.${q(targetColumn)}`;
  return `(SELECT ${idList(dialect, `lk.${q(targetColumn)}`, order)} ${from})`;
};

export const buildListSql = (
  model: Model,
  fields: ModelField[],
  sort: Array<{ field: ModelField; dir: 'asc' | 'desc' }>,
  dialect: Dialect
): ListSql => {
  const q = quoter(dialect);
  const columns = fields.map((field, i) => ({ name: field.name, alias: `c${i}`, codec: codecFor(field, dialect) }));
  const expressions = fields.map((field, i) => {
    const expression =
      field.kind === 'relation' ? relationColumn(field, dialect) : `${ROOT}.${q((field as { column: string }).column)}`;
    return `${expression} AS ${columns[i].alias}`;
  });
  const from = `FROM ${q(model.table)} ${ROOT}`;
  const order: string[] = [];
  for (const { field, dir } of sort) {
    const column = `${ROOT}.${q((field as { column: string }).column)}`;
    // NULLs sort last ascending and first descending on every database, as PostgreSQL does by default.
    if (field.name !== 'id')
      order.push(`CASE WHEN ${column} IS NULL THEN ${dir === 'asc' ? 1 : 0} ELSE ${dir === 'asc' ? 0 : 1} END`);
    order.push(`${column} ${dir.toUpperCase()}`);
    if (field.name === 'id') break;
  }
  if (!sort.some(({ field }) => field.name === 'id')) order.push(`${ROOT}.${q('id')} ASC`);
  return {
    columnList: expressions.length ? expressions.join(', ') : `${ROOT}.${q('id')} AS c_id`,
    from,
    count: `SELECT COUNT(*) AS n ${from}`,
    orderBy: `ORDER BY ${order.join(', ')}`,
    columns,
  };
};
