import type { Knex } from 'knex';
import type { Bucket } from './buckets';
import type { BucketTable } from './bucket-table';

/**
 * Adds a bucket's counts to its row in one statement: an INSERT that, when the row exists (the unique index on
 * hour, endpoint and key), adds to it instead (`ON CONFLICT ... DO UPDATE`, `ON DUPLICATE KEY UPDATE` on
 * MySQL/MariaDB). Atomic on every database, so instances that write the same bucket at once never lose a count
 * nor make a second row.
 */
export const writeBucket = (knex: Knex, t: BucketTable, bucket: Bucket) => {
  const row: Record<string, unknown> = {
    [t.hour]: bucket.hour,
    [t.endpointId]: bucket.endpointId,
    [t.keyId]: bucket.keyId,
    [t.route]: bucket.route,
  };
  // The latest route text wins: an endpoint whose path changed is labelled as it is now.
  const added: Record<string, unknown> = { [t.route]: bucket.route };
  t.counters.forEach((column, i) => {
    // Durations are summed in fractions of a millisecond; the column holds whole ones.
    const count = Math.round(bucket.counts[i]);
    row[column] = count;
    added[column] = knex.raw('?? + ?', [`${t.table}.${column}`, count]);
  });
  return knex(t.table).insert(row).onConflict([t.hour, t.endpointId, t.keyId]).merge(added);
};

/** Deletes the buckets of hours before `hour`; answers how many rows went. */
export const deleteBucketsBefore = (knex: Knex, t: BucketTable, hour: number): Promise<number> =>
  knex(t.table).where(t.hour, '<', hour).del();
