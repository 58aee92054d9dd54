import { quoter, type Dialect } from '../query/dialect';

/**
 * `alias.id` among the ids of one binding, whatever their number: one SQL text for any page, so PostgreSQL's
 * prepared statements stay few. The binding is made by `idsBinding`.
 */
export const idAmong = (alias: string, dialect: Dialect) => {
  const id = `${alias}.${quoter(dialect)('id')}`;
  if (dialect === 'postgres') return `${id} = ANY(CAST(? AS integer[]))`;
  if (dialect === 'mysql') return `${id} IN (SELECT j.v FROM JSON_TABLE(?, '$[*]' COLUMNS (v BIGINT PATH '$')) j)`;
  return `${id} IN (SELECT value FROM json_each(?))`;
};

/** The binding of `idAmong`: a PostgreSQL array literal, elsewhere a JSON array. */
export const idsBinding = (ids: number[], dialect: Dialect) =>
  dialect === 'postgres' ? `{${ids.join(',')}}` : JSON.stringify(ids);
