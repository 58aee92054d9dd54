import type { Knex } from 'knex';
import type { Dialect } from './dialect';
import type { Row } from './executor';

/** Field values of one record, by field name, already checked by the field rules. */
export type Values = Map<string, unknown>;

/** SQL inside a write transaction: on the transaction's own connection (SQLite has only one). */
export interface TxDb {
  dialect: Dialect;
  /** Files whose links this transaction removed: once it commits, those nothing links to may go. */
  releasedFiles: Set<number>;
  /**
   * Types this transaction wrote besides those it writes records of: the owners of the polymorphic link
   * tables it rewrote (the file type, for media links), which their readers read as theirs.
   */
  linkOwnersWritten: Set<string>;
  all(sql: string, bindings: unknown[]): Promise<Row[]>;
  run(sql: string, bindings: unknown[]): Promise<void>;
}

const rowsOf = (dialect: Dialect, result: unknown): Row[] => {
  if (dialect === 'postgres') return (result as { rows: Row[] }).rows;
  if (dialect === 'mysql') return (result as [Row[]])[0];
  return result as Row[];
};

/** On a transaction's own connection; on the pool (`strapi.db.connection`) for a read before any transaction. */
export const txDb = (trx: Knex | Knex.Transaction, dialect: Dialect): TxDb => ({
  dialect,
  releasedFiles: new Set(),
  linkOwnersWritten: new Set(),
  all: async (sql, bindings) => rowsOf(dialect, await trx.raw(sql, bindings as Knex.RawBinding[])),
  run: async (sql, bindings) => {
    await trx.raw(sql, bindings as Knex.RawBinding[]);
  },
});

/** `(?, ?, ?)` for `n` values. */
export const placeholders = (n: number) => `(${new Array(n).fill('?').join(', ')})`;

/** Splits work so that no statement carries more bindings than every database accepts. */
export const chunks = <T>(items: T[], bindingsPerItem: number, max = 30000): T[][] => {
  const size = Math.max(1, Math.floor(max / Math.max(1, bindingsPerItem)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
