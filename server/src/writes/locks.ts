import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { isUniqueViolation } from '../errors/unique-violation';
import { quoter, type Dialect } from '../query/dialect';
import type { TxDb } from '../query/tx-db';
import { decodeRows, warnLeftOut } from '../stored/decode';
import { pluginTable } from '../stored/plugin-table';
import { writeLockName } from '../stored/stored-write-lock';

/**
 * Which types a write transaction locks, by uid. Every write takes a shared lock on the types it writes; a
 * write whose checks read other rows of a type (a task's `exists`/`notExists`, a `unique` field) takes an
 * exclusive one. So two requests that could each pass a check the other would fail never overlap, while
 * plain writes to one type still run side by side.
 */
export interface LockPlan {
  shared: Set<string>;
  exclusive: Set<string>;
}

export const emptyLockPlan = (): LockPlan => ({ shared: new Set(), exclusive: new Set() });

/**
 * Write locks are rows of `data_api_write_locks`, one per type, locked with `SELECT ... FOR UPDATE` (or
 * `FOR SHARE`) as the first statement of the transaction, in name order (so two requests never wait on each
 * other in a cycle). On PostgreSQL (READ COMMITTED) each later statement sees what the holder before
 * committed; on MySQL/MariaDB the transaction's snapshot starts at its first plain read, after the lock.
 * SQLite runs one transaction at a time on its one connection and needs none.
 */
export const createLocks = (strapi: Core.Strapi, dialect: Dialect) => {
  const known = new Set<string>();
  const q = quoter(dialect);
  const table = () => pluginTable(strapi, UIDS.writeLock).name;

  return {
    /** Creates missing lock rows, outside the write transaction. */
    async ensure(plan: LockPlan) {
      if (dialect === 'sqlite') return;
      const names = [...plan.shared, ...plan.exclusive].filter((n) => !known.has(n));
      if (!names.length) return;
      const query = strapi.db.query(UIDS.writeLock);
      const rows = await query.findMany({ where: { name: { $in: names } }, select: writeLockName.columns });
      // A row that does not decode counts as missing: creating it again meets the unique index, and is let be.
      const found = new Set(decodeRows(rows, writeLockName.decode, warnLeftOut(strapi)).map((row) => row.name));
      for (const name of names) {
        if (!found.has(name)) {
          try {
            await query.create({ data: { name } });
          } catch (error) {
            if (!isUniqueViolation(error)) throw error; // another instance created it first
          }
        }
        known.add(name);
      }
    },

    async take(db: TxDb, plan: LockPlan) {
      if (dialect === 'sqlite') return;
      const names = [...new Set([...plan.shared, ...plan.exclusive])].sort();
      for (const name of names) {
        const exclusive = plan.exclusive.has(name);
        const mode = exclusive ? 'FOR UPDATE' : dialect === 'postgres' ? 'FOR SHARE' : 'LOCK IN SHARE MODE';
        const rows = await db.all(`SELECT ${q('id')} AS id FROM ${q(table())} WHERE ${q('name')} = ? ${mode}`, [name]);
        if (!rows.length) {
          known.delete(name);
          throw new Error(`the write lock row for ${name} is missing; the next request recreates it`);
        }
      }
    },
  };
};

export type Locks = ReturnType<typeof createLocks>;
