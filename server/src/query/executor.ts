import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import type { Dialect } from './dialect';

/**
 * Runs SQL built by this plugin below knex's query builder: prepared statements, cached per connection
 * (better-sqlite3 statements, PostgreSQL named statements). Inside a transaction, knex runs it on the
 * transaction's connection.
 */
export type Row = Record<string, unknown>;

export interface Executor {
  all(sql: string, bindings: unknown[], trx?: Knex.Transaction): Promise<Row[]>;
  /** Rows as arrays in select-list order: no per-row objects on the hot path. */
  arrays(sql: string, bindings: unknown[], trx?: Knex.Transaction): Promise<unknown[][]>;
}

type SqliteStatement = {
  all(...params: unknown[]): Row[];
  raw(toggle: boolean): { all(...params: unknown[]): unknown[][] };
};
type SqliteDatabase = { prepare(sql: string): SqliteStatement };
type PgClient = {
  query(config: { name: string; text: string; values: unknown[]; rowMode?: 'array' }): Promise<{ rows: unknown[] }>;
};
type MysqlConnection = {
  query(
    options: { sql: string; values: unknown[]; rowsAsArray?: boolean },
    cb: (err: Error | null, rows: unknown) => void
  ): void;
};

const STATEMENT_CACHE_SIZE = 500;

/** `?` placeholders to PostgreSQL's `$1, $2...` (the SQL built here never holds a literal `?`). */
const toPgPlaceholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const viaKnex = async (knex: Knex, sql: string, bindings: unknown[], trx: Knex.Transaction) => {
  const result = await knex.raw(sql, bindings as Knex.RawBinding[]).transacting(trx);
  return (Array.isArray(result) ? (Array.isArray(result[0]) ? result[0] : result) : result.rows) as Row[];
};

export const createExecutor = (strapi: Core.Strapi, dialect: Dialect): Executor => {
  const knex = strapi.db.connection as unknown as Knex;
  const client = knex.client as unknown as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(conn: unknown): Promise<void>;
  };
  const sqliteCache = new WeakMap<object, Map<string, SqliteStatement>>();
  const pgNames = new Map<string, { name: string; text: string }>();

  const onConnection = async <T>(work: (conn: unknown) => Promise<T> | T): Promise<T> => {
    const conn = await client.acquireConnection();
    try {
      return await work(conn);
    } finally {
      await client.releaseConnection(conn);
    }
  };

  /** One prepared statement per SQL text and connection (better-sqlite3), kept in a bounded cache. */
  const sqliteStatement = (db: SqliteDatabase, sql: string) => {
    let cache = sqliteCache.get(db);
    if (!cache) sqliteCache.set(db, (cache = new Map()));
    let statement = cache.get(sql);
    if (!statement) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };

  /** PostgreSQL named statements: parsed and planned once per connection, named after their SQL. */
  const pgStatement = (sql: string) => {
    let named = pgNames.get(sql);
    if (!named) {
      if (pgNames.size >= STATEMENT_CACHE_SIZE) pgNames.clear();
      named = {
        name: `dapi_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
        text: toPgPlaceholders(sql),
      };
      pgNames.set(sql, named);
    }
    return named;
  };

  const run = async (sql: string, bindings: unknown[], asArrays: boolean): Promise<unknown[]> => {
    if (dialect === 'sqlite') {
      return onConnection((conn) => {
        const statement = sqliteStatement(conn as SqliteDatabase, sql);
        return asArrays ? statement.raw(true).all(...bindings) : statement.raw(false).all(...bindings);
      });
    }
    if (dialect === 'postgres') {
      const { name, text } = pgStatement(sql);
      return onConnection(async (conn) => {
        const result = await (conn as PgClient).query({
          name,
          text,
          values: bindings,
          ...(asArrays ? { rowMode: 'array' as const } : {}),
        });
        return result.rows;
      });
    }
    // mysql2's query() interpolates on the client and keeps Strapi's type casts (decimals, tinyint booleans).
    return onConnection(
      (conn) =>
        new Promise<unknown[]>((resolve, reject) =>
          (conn as MysqlConnection).query({ sql, values: bindings, rowsAsArray: asArrays }, (error, rows) =>
            error ? reject(error) : resolve(rows as unknown[])
          )
        )
    );
  };

  return {
    all: (sql, bindings, trx) =>
      trx ? viaKnex(knex, sql, bindings, trx) : (run(sql, bindings, false) as Promise<Row[]>),
    arrays: async (sql, bindings, trx) =>
      trx
        ? (await viaKnex(knex, sql, bindings, trx)).map((row) => Object.values(row))
        : (run(sql, bindings, true) as Promise<unknown[][]>),
  };
};
