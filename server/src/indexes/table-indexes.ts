import type { Knex } from 'knex';
import { LARGE_TABLE_ROWS } from '../../../contracts/index-advice';
import { quoter, type Dialect } from '../query/dialect';
import type { Row } from '../query/executor';
import { txDb } from '../query/tx-db';

/** An index of a table: its key columns in order, null where it holds an expression (or a prefix of a column). */
export type TableIndex = Array<string | null>;

type Read = (sql: string, bindings?: unknown[]) => Promise<Row[]>;

const numberOf = (rows: Row[]) => Number(rows[0]?.n ?? 0) || 0;

/** The rows of each index, grouped in order of `ord`, by `name`; a null `col` is an expression. */
const indexesOf = (rows: Row[]): TableIndex[] => {
  const byName = new Map<string, TableIndex>();
  for (const row of rows) {
    const name = String(row.name);
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name)!.push(row.col === null || row.col === undefined ? null : String(row.col));
  }
  return [...byName.values()];
};

const sqlite = (table: string) => {
  const q = quoter('sqlite');
  return {
    // Exact, and fast enough: SQLite counts by walking its smallest B-tree.
    rows: async (read: Read) => numberOf(await read(`SELECT COUNT(*) AS n FROM ${q(table)}`)),
    async indexes(read: Read) {
      const list = await read(`PRAGMA index_list(${q(table)})`);
      const indexes: TableIndex[] = [];
      for (const index of list.filter((i) => !Number(i.partial))) {
        const columns = await read(`PRAGMA index_info(${q(String(index.name))})`);
        // cid -2 is an expression, -1 the rowid.
        indexes.push(
          [...columns]
            .sort((a, b) => Number(a.seqno) - Number(b.seqno))
            .map((c) => (Number(c.cid) === -1 ? 'id' : (c.name as string | null)))
        );
      }
      return indexes;
    },
  };
};

const postgres = (table: string) => {
  // The table as the search path finds it, as Strapi's own queries do.
  const regclass = quoter('postgres')(table);
  return {
    // -1: never analyzed (nor vacuumed) yet.
    rows: async (read: Read) =>
      numberOf(await read('SELECT reltuples::bigint AS n FROM pg_class WHERE oid = to_regclass(?)', [regclass])),
    indexes: async (read: Read) =>
      indexesOf(
        await read(
          `SELECT i.indexrelid::text AS name, a.attname AS col, k.ord AS ord
           FROM pg_index i
           CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
           LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum AND k.attnum > 0
           WHERE i.indrelid = to_regclass(?) AND i.indpred IS NULL AND i.indisvalid AND k.ord <= i.indnkeyatts
           ORDER BY i.indexrelid, k.ord`,
          [regclass]
        )
      ),
  };
};

const mysql = (table: string) => ({
  // InnoDB's estimate, refreshed as statistics are.
  rows: async (read: Read) =>
    numberOf(
      await read(
        'SELECT table_rows AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
        [table]
      )
    ),
  indexes: async (read: Read) =>
    indexesOf(
      await read(
        `SELECT index_name AS name, CASE WHEN sub_part IS NULL THEN column_name END AS col, seq_in_index AS ord
         FROM information_schema.statistics
         WHERE table_schema = DATABASE() AND table_name = ?
         ORDER BY index_name, seq_in_index`,
        [table]
      )
    ),
});

const READERS = { sqlite, postgres, mysql };

/**
 * The rows of `table`: an exact count on SQLite; on PostgreSQL and MariaDB/MySQL the statistics' estimate when
 * it says the table is large, else a count that stops after `LARGE_TABLE_ROWS + 1` rows (statistics lag behind
 * a table that grew since they were taken, a table never analyzed has none, and InnoDB's estimate of a small
 * table can be off by a few rows either way: below the limit the count is exact and answers alone).
 */
const tableRows = async (dialect: Dialect, table: string, read: Read) => {
  const estimate = await READERS[dialect](table).rows(read);
  if (dialect === 'sqlite' || estimate > LARGE_TABLE_ROWS) return estimate;
  const q = quoter(dialect);
  const counted = numberOf(
    await read(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${q(table)} LIMIT ${LARGE_TABLE_ROWS + 1}) AS t`)
  );
  return counted;
};

const reader = (knex: Knex, dialect: Dialect): Read => {
  const db = txDb(knex, dialect);
  return (sql, bindings = []) => db.all(sql, bindings);
};

/** The rows of `table` (see `tableRows`). */
export const readTableRows = (knex: Knex, dialect: Dialect, table: string) =>
  tableRows(dialect, table, reader(knex, dialect));

/** The complete (not partial) indexes of `table`, the primary key's included. */
export const readTableIndexes = async (knex: Knex, dialect: Dialect, table: string): Promise<TableIndex[]> => [
  // SQLite's `id INTEGER PRIMARY KEY` is the rowid, which no index lists.
  ['id'],
  ...(await READERS[dialect](table).indexes(reader(knex, dialect))),
];
