import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { MYSQL_LONG_GROUP_CONCAT, type Dialect } from './dialect';
import { createLru } from './lru';
import { pgQueryTypes, type PgTypes } from './pg-timestamps';

export type Row = Record<string, unknown>;

export interface Executor {
  all(sql: string, bindings: unknown[]): Promise<Row[]>;
  /** Rows as arrays in select-list order: no per-row objects on the hot path. */
  arrays(sql: string, bindings: unknown[]): Promise<unknown[][]>;
}

type SqliteStatement = { raw(toggle: boolean): { all(...params: unknown[]): unknown[] } };
type SqliteDatabase = { prepare(sql: string): SqliteStatement };
type PgClient = PgTypes & {
  query(config: {
    name?: string;
    text: string;
    values?: unknown[];
    rowMode?: 'array';
    types?: PgTypes;
  }): Promise<{ rows: unknown[] }>;
  connection: { parsedStatements: Record<string, string> };
};
type MysqlConnection = {
  query(
    options: { sql: string; values?: unknown[]; rowsAsArray?: boolean },
    cb: (err: Error | null, rows: unknown) => void
  ): void;
};

/** Prepared statements kept per connection, least recently used first out: bounds memory on both sides. */
const STATEMENTS_PER_CONNECTION = 200;

/** `?` placeholders to PostgreSQL's `$1, $2...` (the SQL built here never holds a literal `?`). */
const toPgPlaceholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const mysqlQuery = (conn: MysqlConnection, sql: string, values: unknown[], rowsAsArray: boolean) =>
  new Promise<unknown[]>((resolve, reject) =>
    conn.query({ sql, values, rowsAsArray }, (error, rows) => (error ? reject(error) : resolve(rows as unknown[])))
  );

/**
 * Runs SQL built by this plugin below knex's query builder, on a connection from Strapi's pool: prepared
 * better-sqlite3 statements on SQLite, named prepared statements on PostgreSQL (datetimes read faster:
 * pg-timestamps.ts), mysql2 (client-side escaping, Strapi's type casts) on MySQL/MariaDB. Values always travel
 * apart from the SQL text.
 */
export const createExecutor = (strapi: Core.Strapi, dialect: Dialect): Executor => {
  const client = (strapi.db.connection as unknown as Knex).client as unknown as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(conn: unknown): Promise<void>;
  };
  const sqliteStatements = new WeakMap<object, ReturnType<typeof createLru<SqliteStatement>>>();
  const pgNames = new WeakMap<object, ReturnType<typeof createLru<true>>>();
  const pgTexts = createLru<{ name: string; text: string }>(1000);
  const mysqlReady = new WeakSet<object>();

  const onConnection = async <T>(work: (conn: unknown) => Promise<T> | T): Promise<T> => {
    const conn = await client.acquireConnection();
    try {
      return await work(conn);
    } finally {
      await client.releaseConnection(conn);
    }
  };

  const sqlite = (sql: string, bindings: unknown[], asArrays: boolean) =>
    onConnection((conn) => {
      const db = conn as SqliteDatabase;
      let cache = sqliteStatements.get(db);
      if (!cache) sqliteStatements.set(db, (cache = createLru(STATEMENTS_PER_CONNECTION)));
      let statement = cache.get(sql);
      if (!statement) cache.set(sql, (statement = db.prepare(sql)));
      return statement.raw(asArrays).all(...bindings);
    });

  const postgres = (sql: string, bindings: unknown[], asArrays: boolean) => {
    let statement = pgTexts.get(sql);
    if (!statement) {
      statement = {
        name: `dapi_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
        text: toPgPlaceholders(sql),
      };
      pgTexts.set(sql, statement);
    }
    const { name, text } = statement;
    return onConnection(async (conn) => {
      const client = conn as PgClient & object;
      let names = pgNames.get(client);
      if (!names) pgNames.set(client, (names = createLru(STATEMENTS_PER_CONNECTION)));
      if (!names.get(name)) {
        const evicted = names.set(name, true);
        if (evicted && client.connection.parsedStatements[evicted[0]]) {
          await client.query({ text: `DEALLOCATE "${evicted[0]}"` });
          delete client.connection.parsedStatements[evicted[0]];
        }
      }
      const result = await client.query({
        name,
        text,
        values: bindings,
        types: pgQueryTypes(client),
        ...(asArrays ? { rowMode: 'array' as const } : {}),
      });
      return result.rows;
    });
  };

  const mysql = (sql: string, bindings: unknown[], asArrays: boolean) =>
    onConnection(async (conn) => {
      const connection = conn as MysqlConnection & object;
      if (!mysqlReady.has(connection)) {
        await mysqlQuery(connection, MYSQL_LONG_GROUP_CONCAT, [], false);
        mysqlReady.add(connection);
      }
      return mysqlQuery(connection, sql, bindings, asArrays);
    });

  const run = dialect === 'sqlite' ? sqlite : dialect === 'postgres' ? postgres : mysql;
  return {
    all: (sql, bindings) => run(sql, bindings, false) as Promise<Row[]>,
    arrays: (sql, bindings) => run(sql, bindings, true) as Promise<unknown[][]>,
  };
};
