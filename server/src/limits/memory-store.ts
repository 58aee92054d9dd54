import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMITS } from '../../../contracts/limits';
import type { Store } from './store';
import { ADDRESS_SUBJECT } from './subjects';

interface Count {
  value: number;
  /** When its window ends (ms since the epoch); null for a count without one. */
  expiresAt: number | null;
}

/** Subjects longer than this (an address Koa read from a forwarded header can be any text) are kept as a digest. */
const KEY_CHARS = 128;

const keyOf = (key: string) =>
  key.length <= KEY_CHARS ? key : `#${createHash('sha256').update(key).digest('base64url')}`;

/**
 * The counts of every limiter of the store in at most `capacity` entries, in two generations of half of it
 * each: counting uses the young one, and when it is full the old one is forgotten whole and the young one
 * becomes old. A count used again while old moves back to the young one, so what is forgotten is what was not
 * counted while `capacity / 2` other counts were made (docs/security.md): its caller's next request starts a
 * fresh window. It takes the place of rate-limiter-flexible's MemoryStorage (same methods), which keeps every
 * key with a timer of its own until its window ends, however many there are. An ended window starts again when
 * its key is next counted. (Two maps, not one in last-use order: evicting a map's first entries one by one
 * made every count four times slower.)
 */
const createCounts = (capacity: number) => {
  const half = Math.max(1, Math.floor(capacity / 2));
  let young = new Map<string, Count>();
  let old = new Map<string, Count>();
  const keep = (id: string, count: Count) => {
    young.set(id, count);
    if (young.size < half) return;
    old = young;
    young = new Map();
  };
  const find = (id: string) => {
    const count = young.get(id) ?? old.get(id);
    if (count && old.delete(id)) keep(id, count);
    return count;
  };
  const answer = (count: Count, isFirst: boolean) =>
    new RateLimiterRes(0, count.expiresAt === null ? -1 : count.expiresAt - Date.now(), count.value, isFirst);

  const set = (key: string, value: number, durationSec: number) => {
    const id = keyOf(key);
    const count = { value, expiresAt: durationSec > 0 ? Date.now() + durationSec * 1000 : null };
    young.delete(id);
    old.delete(id);
    keep(id, count);
    return answer(count, true);
  };

  return {
    get size() {
      return young.size + old.size;
    },
    incrby(key: string, value: number, durationSec: number) {
      const count = find(keyOf(key));
      if (!count || (count.expiresAt !== null && count.expiresAt <= Date.now())) return set(key, value, durationSec);
      count.value += value;
      return answer(count, false);
    },
    set,
    get(key: string) {
      const count = find(keyOf(key));
      return count ? answer(count, false) : null;
    },
    delete: (key: string) => [young.delete(keyOf(key)), old.delete(keyOf(key))].includes(true),
  };
};

/**
 * This process's counts, in two tables of half the capacity each, shared by every limiter: one for source
 * addresses (`ip:` subjects), one for API keys and users, so that a flood of addresses (an IPv6 block holds
 * millions of /64s) can make the store forget other addresses only, never a key's or a user's count. `counts()`
 * tells how many are kept.
 */
export const memoryStore = (capacity: number = LIMITS.memoryStoreCounts): Store & { counts: () => number } => {
  const addresses = createCounts(Math.floor(capacity / 2));
  const named = createCounts(Math.ceil(capacity / 2));
  /** rate-limiter-flexible's keys are `<prefix>:<subject>`: the subject tells the table. */
  const storageOf = (keyPrefix: string) => {
    const from = keyPrefix.length > 0 ? keyPrefix.length + 1 : 0;
    const tableOf = (key: string) => (key.startsWith(ADDRESS_SUBJECT, from) ? addresses : named);
    return {
      incrby: (key: string, value: number, durationSec: number) => tableOf(key).incrby(key, value, durationSec),
      set: (key: string, value: number, durationSec: number) => tableOf(key).set(key, value, durationSec),
      get: (key: string) => tableOf(key).get(key),
      delete: (key: string) => tableOf(key).delete(key),
    };
  };
  return {
    remote: false,
    limiter: (points, duration, keyPrefix) => {
      const limiter = new RateLimiterMemory({ points, duration, keyPrefix });
      // rate-limiter-flexible's own field (pinned version; the unit tests of this store fail if it moves).
      (limiter as unknown as { _memoryStorage: unknown })._memoryStorage = storageOf(keyPrefix);
      return limiter;
    },
    close: async () => {},
    counts: () => addresses.size + named.size,
  };
};
