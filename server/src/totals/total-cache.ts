import { createHash } from 'node:crypto';
import { createLru } from '../query/lru';
import type { Generations } from './generations';

interface Counted {
  total: number;
  /** The clock value taken before the count started. */
  stamp: number;
  /** When the count started (ms since the epoch). */
  at: number;
  /** The content types the count read. */
  reads: readonly string[];
}

interface Running {
  total: Promise<number>;
  stamp: number;
  reads: readonly string[];
}

export interface TotalCacheOptions {
  generations: Generations;
  /** How long a total is trusted when no write was seen (writes this process cannot see: raw SQL, other apps). */
  maxAgeMs: number;
  capacity: number;
}

/**
 * A total's key: the SHA-256 of its statement and binding values, 44 characters however long the values a caller
 * sent (kept whole, 10,000 filter values of 8 KB held over 100 MB).
 */
const keyOf = (sql: string, bindings: unknown[]) =>
  createHash('sha256').update(sql).update('\u0000').update(JSON.stringify(bindings)).digest('base64');

/**
 * Exact totals counted once per change: a total is kept by its count SQL and bindings (their digest) with the
 * clock value taken before it ran, and counted again when a type it reads was written since, or when it is older
 * than `maxAgeMs`; past `capacity`, the total used longest ago is forgotten (counted again when asked). Requests that miss at once share one count, as long as no write came between.
 */
export const createTotalCache = ({ generations, maxAgeMs, capacity }: TotalCacheOptions) => {
  const counted = createLru<Counted>(capacity);
  const running = new Map<string, Running>();
  const fresh = (entry: { stamp: number; reads: readonly string[] }) =>
    !generations.changedSince(entry.reads, entry.stamp);

  return {
    async total(sql: string, bindings: unknown[], reads: readonly string[], count: () => Promise<number>) {
      if (maxAgeMs === 0) return count();
      const key = keyOf(sql, bindings);
      const hit = counted.get(key);
      if (hit && Date.now() - hit.at < maxAgeMs && fresh(hit)) return hit.total;
      const shared = running.get(key);
      if (shared && fresh(shared)) return shared.total;
      const stamp = generations.now();
      const at = Date.now();
      const total = count();
      const mine = { total, stamp, reads };
      running.set(key, mine);
      try {
        const n = await total;
        counted.set(key, { total: n, stamp, at, reads });
        return n;
      } finally {
        if (running.get(key) === mine) running.delete(key);
      }
    },
  };
};

export type TotalCache = ReturnType<typeof createTotalCache>;
