import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import type { LockPlan } from './locks';
import { txDb, type TxDb } from '../query/tx-db';
import type { WriteDeps } from './write-deps';

const ATTEMPTS = 4;

/**
 * A deadlock or a serialization failure (MariaDB's snapshot isolation reports 1020): the database rolled the
 * transaction back, and running it again is safe.
 */
const isRetryable = (error: unknown) => {
  const e = error as { code?: string; errno?: number } | null;
  return e?.code === '40001' || e?.code === '40P01' || e?.errno === 1213 || e?.errno === 1020;
};

/** Waited for a lock past the database's own timeout (MySQL's innodb_lock_wait_timeout, PostgreSQL's lock_timeout). */
const isLockTimeout = (error: unknown) => {
  const e = error as { code?: string; errno?: number } | null;
  return e?.errno === 1205 || e?.code === '55P03';
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a write and its tasks in one transaction (docs/writes.md#how-writes-are-made) after taking the plan's locks. Any error rolls it
 * all back; one the database resolved by aborting (a deadlock with other writers) runs again a few times
 * before the client is told to retry (503). Once it committed, the totals learn the types it wrote, those of
 * the link tables it rewrote included (before the answer leaves: the client's next List counts its write).
 */
export const runWriteTransaction = async <T>(
  { transaction, dialect, locks, totals }: Pick<WriteDeps, 'transaction' | 'dialect' | 'locks' | 'totals'>,
  plan: LockPlan,
  work: (db: TxDb) => Promise<T>
): Promise<T> => {
  await locks.ensure(plan);
  for (let attempt = 1; ; attempt += 1) {
    try {
      let linkOwners = new Set<string>();
      const result = await transaction(async (trx) => {
        const db = txDb(trx, dialect);
        linkOwners = db.linkOwnersWritten;
        await locks.take(db, plan);
        return work(db);
      });
      totals.written([...plan.shared, ...plan.exclusive, ...linkOwners]);
      return result;
    } catch (error) {
      if (isLockTimeout(error)) throw new ApiError(503, MESSAGES.busy, { 'Retry-After': '1' });
      if (!isRetryable(error)) throw error;
      if (attempt === ATTEMPTS) throw new ApiError(503, MESSAGES.busy, { 'Retry-After': '1' });
      await pause(attempt * 20 + Math.random() * 30);
    }
  }
};
