import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Usage statistics (docs/usage.md): requests counted per hour, endpoint and API key, as the admin API answers
 * them.
 */

/** Upper bounds (ms) of the latency classes counted per bucket; one more class holds everything slower. */
export const LATENCY_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

export const HOUR_MS = 3_600_000;
/** The longest range one series may cover. */
export const MAX_RANGE_DAYS = 400;
/** Ranges up to this many hours are answered hour by hour, longer ones per UTC day. */
export const HOURLY_UP_TO_HOURS = 7 * 24;
/** The windows of a key's busiest endpoints, in days. */
export const KEY_WINDOWS_DAYS = [7, 30] as const;
/** How many endpoints a key's window lists, busiest first. */
export const KEY_TOP_ENDPOINTS = 5;

/** An id in a query string: a row id, or 0 (the key of requests made without one). */
const idText = z
  .string()
  .regex(/^(0|[1-9]\d{0,9})$/, 'a whole number')
  .transform(Number)
  .refine((id) => id <= LIMITS.maxRowId, 'too large');

/** The query string of `GET /usage`; every value is text, and a repeated parameter (an array) is refused. */
export const usageQuerySchema = z
  .strictObject({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    groupBy: z.enum(['endpoint', 'key']),
    endpoint: idText.optional(),
    key: idText.optional(),
  })
  // Hours are counted from 1970 (nothing is counted before), and periods are aligned by integer division.
  .refine(({ from }) => Date.parse(from) >= 0, { message: 'from must not be before 1970', path: ['from'] })
  .refine(({ from, to }) => Date.parse(from) < Date.parse(to), { message: 'from must be before to', path: ['to'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= MAX_RANGE_DAYS * 24 * HOUR_MS, {
    message: `the range may cover at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  });

export type UsageQuery = z.output<typeof usageQuerySchema>;
/** The query as the panel sends it (text values). */
export type UsageQueryInput = z.input<typeof usageQuerySchema>;

/** What was counted in one period (or a whole range) for one group or all. */
export interface UsageCounts {
  requests: number;
  /** Answers by status class: 2xx, 3xx, 4xx (those a rate limit refused apart), 5xx. */
  success: number;
  redirect: number;
  clientError: number;
  serverError: number;
  /** Requests a rate limit refused (429); in rows written before they were counted apart, in `clientError`. */
  rateLimited: number;
  /**
   * Requests to endpoints with a response cache answered from it, and those that read the database (counted
   * since the cache counted them: 0 in older rows); a request refused before the cache (a key, a limit) is neither.
   */
  cacheHits: number;
  cacheMisses: number;
  /** Hits over hits and misses (0 to 1); null when no request reached a cache. */
  cacheHitRate: number | null;
  /** 4xx and 5xx answers over all requests (0 to 1), rate-limited ones left out; null without requests. */
  errorRate: number | null;
  /** The mean latency (ms), null without requests. */
  avgMs: number | null;
  /** Latency percentiles (ms) interpolated in the latency classes; null without requests. */
  p50Ms: number | null;
  p95Ms: number | null;
  /** Bytes of answer bodies. */
  bytes: number;
}

export interface UsageGroup {
  /** The endpoint's or key's id; 0 for requests made without a key (Browser Sessions, public endpoints). */
  id: number;
  /** `GET shop/orders` or a key's name; null for key 0, and for every key when the admin may not read keys. */
  label: string | null;
  /** An endpoint's name, as it is now; null for keys and for an endpoint that is gone. */
  name: string | null;
  /**
   * The endpoint or key no longer exists (an endpoint keeps the route it last had); never said of a key to an
   * admin who may not read keys.
   */
  gone: boolean;
  totals: UsageCounts;
  /** One per entry of the series' `times`. */
  points: UsageCounts[];
}

export interface UsageSeries {
  step: 'hour' | 'day';
  /** The start of each period (ISO), from the period holding `from` to the one holding `to`. */
  times: string[];
  totals: UsageCounts;
  points: UsageCounts[];
  /** Groups with requests in the range, busiest first. */
  groups: UsageGroup[];
}

export interface KeyUsage {
  /**
   * When the key was last used (kept to `lastUsedPrecisionMs`); null when it never was, when no key has this id,
   * and for an admin who may not read keys.
   */
  lastUsedAt: string | null;
  /** The last `days` days (the current hour included): totals and the busiest endpoints. */
  windows: Array<{ days: number; totals: UsageCounts; endpoints: Array<Omit<UsageGroup, 'points'>> }>;
}
