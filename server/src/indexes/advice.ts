import type { Core } from '@strapi/strapi';
import type { EndpointDefinition } from '../../../contracts/definition';
import { LARGE_TABLE_ROWS, type IndexAdvice } from '../../../contracts/index-advice';
import { dialectOf, quoter, type Dialect } from '../query/dialect';
import type { Model } from '../query/model';
import { covers, neededColumns } from './columns';
import { readTableIndexes, readTableRows } from './table-indexes';

/** PostgreSQL's limit on a name (MariaDB/MySQL's is 64). */
const MAX_NAME_LENGTH = 63;

/** `data_api_<table>_<columns>`, cut to the length every database accepts. */
export const indexName = (table: string, columns: readonly string[]) =>
  `data_api_${table}_${columns.join('_')}`.slice(0, MAX_NAME_LENGTH);

/** The `CREATE INDEX` of `columns` on `table`, every name quoted (they come from Strapi's metadata). */
export const createIndexSql = (dialect: Dialect, table: string, columns: readonly string[]) => {
  const q = quoter(dialect);
  return `CREATE INDEX ${q(indexName(table, columns))} ON ${q(table)} (${columns.map(q).join(', ')});`;
};

/**
 * Whether a List or Aggregate endpoint reads a large table that no index serves, and the index to create:
 * its equality columns, then its sort (or group) columns, when no existing index starts with them.
 */
export const indexAdvice = async (
  strapi: Core.Strapi,
  definition: EndpointDefinition,
  model: Model
): Promise<IndexAdvice> => {
  const dialect = dialectOf(strapi);
  const knex = strapi.db.connection;
  const rows = await readTableRows(knex, dialect, model.table);
  const large = rows > LARGE_TABLE_ROWS;
  const needed = large ? neededColumns(definition, model, dialect) : null;
  const facts = { table: model.table, rows, large };
  if (!needed) return { ...facts, advice: null };
  const indexes = await readTableIndexes(knex, dialect, model.table);
  if (indexes.some((index) => covers(index, needed))) return { ...facts, advice: null };
  const columns = needed.flat();
  return { ...facts, advice: { columns, sql: createIndexSql(dialect, model.table, columns) } };
};
