import type { Knex } from 'knex';
import { decodedOrThrow } from '../stored/decode';
import { decodeSumRow, type SumRow } from '../stored/stored-usage-bucket';
import type { BucketTable } from './bucket-table';

export interface SumRequest {
  /** Hours since the epoch: from `fromHour` (included) to `toHour` (excluded). */
  fromHour: number;
  toHour: number;
  /** Sums per period of this many hours (aligned to the epoch, so 24 gives UTC days), or over the whole range. */
  slotHours: 1 | 24 | null;
  groupBy: 'endpoint' | 'key';
  endpointId?: number;
  keyId?: number;
}

/**
 * The counters of the buckets in a range summed per period and group in SQL, so the answer has one row per
 * period and group however many rows were written. Sums come back as numbers (PostgreSQL and MySQL answer
 * SUM of integers as text); a row of sums that does not decode fails the read.
 */
export const sumBuckets = async (knex: Knex, t: BucketTable, request: SumRequest): Promise<SumRow[]> => {
  const group = request.groupBy === 'endpoint' ? t.endpointId : t.keyId;
  // 24 is written into the SQL, not bound: PostgreSQL cannot type `"hour" % $1`.
  const slot =
    request.slotHours === null
      ? null
      : request.slotHours === 1
        ? { sql: '??', bindings: [t.hour] }
        : { sql: '?? - (?? % 24)', bindings: [t.hour, t.hour] };
  const query = knex(t.table)
    .select(knex.raw('?? as ??', [group, 'grp']), knex.raw('max(??) as ??', [t.route, 'route']))
    .where(t.hour, '>=', request.fromHour)
    .andWhere(t.hour, '<', request.toHour)
    .groupBy(group);
  t.counters.forEach((column, i) => query.select(knex.raw('sum(??) as ??', [column, `c${i}`])));
  if (slot) query.select(knex.raw(`${slot.sql} as ??`, [...slot.bindings, 'slot'])).groupByRaw(slot.sql, slot.bindings);
  if (request.endpointId !== undefined) query.andWhere(t.endpointId, request.endpointId);
  if (request.keyId !== undefined) query.andWhere(t.keyId, request.keyId);
  const rows: Array<Record<string, unknown>> = await query;
  return rows.map((row) => decodedOrThrow(decodeSumRow(row, t.counters.length, slot !== null)));
};
