import type { Core } from '@strapi/strapi';
import { LIMITS } from '../../../contracts/limits';
import { HOUR_MS } from '../../../contracts/usage';
import { createBuckets, hourOf, type Bucket, type CountedEndpoint, type CountedOutcome } from './buckets';
import { bucketTable, type BucketTable } from './bucket-table';
import { deleteBucketsBefore, writeBucket } from './write-buckets';

export interface UsageSettings {
  flushIntervalMs: number;
  retentionDays: number;
}

/**
 * Usage counted in memory by this instance and added to `data_api_usage` every `flushIntervalMs`, off the
 * request path: a request only adds to numbers. A flush writes each bucket in its own statement on Strapi's
 * connection pool (never inside a transaction, so on SQLite's one connection nothing waits on it); a bucket
 * that could not be written goes back into memory for the next flush. Flushes run one at a time. Buckets older
 * than `retentionDays` are deleted by a flush at most once an hour.
 */
export const createUsageRecorder = (strapi: Core.Strapi, settings: UsageSettings) => {
  const buckets = createBuckets();
  let table: BucketTable | null = null;
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let prunedAt = -Infinity;
  let failing = false;

  const knex = () => strapi.db.connection;
  const columns = () => (table ??= bucketTable(strapi));

  /**
   * Puts unwritten buckets back, newest first, as many as fit under `keptUsageBuckets`: past them, the oldest
   * hours' counts are dropped (with a warning) rather than memory growing through a long outage.
   */
  const keep = (unwritten: Bucket[], error: Error) => {
    if (!failing)
      strapi.log.warn(`[data-api] could not write usage statistics (kept for the next try): ${error.message}`);
    failing = true;
    const newestFirst = [...unwritten].sort((a, b) => b.hour - a.hour);
    let dropped = 0;
    for (const bucket of newestFirst) {
      if (buckets.size < LIMITS.keptUsageBuckets) buckets.restore(bucket);
      else dropped += bucket.counts[0];
    }
    if (dropped) strapi.log.warn(`[data-api] usage statistics of ${dropped} requests dropped: too many kept unwritten`);
  };

  const prune = async () => {
    prunedAt = Date.now();
    return deleteBucketsBefore(knex(), columns(), hourOf(prunedAt) - settings.retentionDays * 24);
  };

  const write = async () => {
    const batch = buckets.drain();
    for (let i = 0; i < batch.length; i += 1) {
      try {
        await writeBucket(knex(), columns(), batch[i]);
      } catch (error) {
        keep(batch.slice(i), error as Error);
        return;
      }
    }
    failing = false;
    if (Date.now() - prunedAt >= HOUR_MS) {
      await prune().catch((error: Error) => strapi.log.warn(`[data-api] could not delete old usage: ${error.message}`));
    }
  };

  const flush = () => {
    queue = queue.then(write);
    return queue;
  };

  return {
    /**
     * Counts one answer (the status class, latency and bytes of a request that matched `endpoint`), and its
     * `outcome`: a rate limit's refusal, the response cache's hit or miss.
     */
    count(
      endpoint: CountedEndpoint,
      keyId: number,
      status: number,
      ms: number,
      bytes: number,
      outcome?: CountedOutcome
    ) {
      buckets.count(Date.now(), endpoint, keyId, status, ms, bytes, outcome);
    },
    /** Writes what was counted so far; resolves once it is in the database (or kept after a failure). */
    flush,
    /** Deletes the buckets older than `retentionDays` now; answers how many rows went. */
    prune,
    start() {
      timer = setInterval(() => void flush(), settings.flushIntervalMs);
      timer.unref();
    },
    /** Stops the timer and writes what is left (the database is still there when Strapi destroys plugins). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
};

export type UsageRecorder = ReturnType<typeof createUsageRecorder>;
