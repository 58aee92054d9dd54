import { refusal, type Decoded } from './decode';

const TABLE = 'data_api_usage';

/** Buckets of `data_api_usage` summed for one period and group (usage/sum-buckets.ts). */
export interface SumRow {
  /** The first hour of the period (null: the whole range). */
  slot: number | null;
  group: number;
  /** The route text the group's rows hold (the greatest, when it changed): labels a deleted endpoint. */
  route: string;
  /** Sums in the order of COUNTERS (usage/buckets.ts). */
  sums: number[];
}

/** A number as SQL answers a sum or a group: PostgreSQL and MySQL answer the SUM of integers as text. */
const numberOf = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;

/**
 * A row of sums as sum-buckets.ts selects it: `grp`, `route`, the sums `c0`, `c1`, ... (null when no bucket had
 * the counter: 0) and, summed per period, `slot`. Read for every period and group of a series: plain checks, no
 * schema.
 */
export const decodeSumRow = (row: Record<string, unknown>, counters: number, perPeriod: boolean): Decoded<SumRow> => {
  const slot = perPeriod ? numberOf(row.slot) : null;
  const group = numberOf(row.grp);
  const sums = Array.from({ length: counters }, (_, i) => numberOf(row[`c${i}`] ?? 0));
  if (typeof row.route !== 'string') return refusal(TABLE, row, 'the route is not text');
  if (![slot ?? 0, group, ...sums].every(Number.isFinite)) return refusal(TABLE, row, 'a sum or group is not a number');
  return { ok: true, value: { slot, group, route: row.route, sums } };
};
