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
}

type SqliteStatement = { all(...params: unknown[]): Row[] };
type SqliteDatabase = { prepare(sql: string): SqliteStatement };
type PgClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }> };

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

  const sqlite = (sql: string, bindings: unknown[]) =>
    onConnection((conn) => {
      const db = conn as SqliteDatabase;
      let cache = sqliteCache.get(db);
      if (!cache) sqliteCache.set(db, (cache = new Map()));
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = db.prepare(sql);
        cache.set(sql, statement);
      }
      return statement.all(...bindings);
    });

  const postgres = (sql: string, bindings: unknown[]) => {
    let named = pgNames.get(sql);
    if (!named) {
      if (pgNames.size >= STATEMENT_CACHE_SIZE) pgNames.clear();
      named = {
        name: `dapi_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
        text: toPgPlaceholders(sql),
      };
      pgNames.set(sql, named);
    }
    const { name, text } = named;
    return onConnection(async (conn) => (await (conn as PgClient).query({ name, text, values: bindings })).rows);
  };

  return {
    all(sql, bindings, trx) {
      if (trx) return viaKnex(knex, sql, bindings, trx);
      if (dialect === 'sqlite') return sqlite(sql, bindings);
      if (dialect === 'postgres') return postgres(sql, bindings);
      return knex.raw(sql, bindings as Knex.RawBinding[]).then((result) => result[0] as Row[]);
    },
  };
};
