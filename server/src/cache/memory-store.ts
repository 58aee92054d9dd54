import type { Generations } from '../totals/generations';
import { ownedAnswer, sizeOf, type CachedAnswer } from './answer';
import { createByteLru } from './byte-lru';
import type { CacheStore, Keeping, Lookup, Stamp } from './store';

interface Entry {
  readonly answer: CachedAnswer;
  readonly endpointId: number;
  /** The write clock's value taken before the answer was read. */
  readonly clock: number;
  readonly reads: readonly string[];
  readonly expiresAt: number;
}

const STORE = 'memory';

/**
 * This instance's entries, bounded in bytes (`maxBytes`, least recently used first out; an answer over
 * `maxEntryBytes` is not kept). Validity is the totals' write clock (server/src/totals/generations.ts): this
 * instance's writes at once, other instances' within `refreshIntervalMs` (shared generations), purges the same
 * way: the clock already knows every write, so `written` has nothing to do.
 */
export const createMemoryStore = (
  generations: Generations,
  { maxBytes, maxEntryBytes }: { maxBytes: number; maxEntryBytes: number }
): CacheStore => {
  let evictions = 0;
  const entries = createByteLru<Entry>(maxBytes, () => {
    evictions += 1;
  });
  return {
    name: STORE,
    async lookup(key: string, reads: readonly string[]): Promise<Lookup> {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now() && !generations.changedSince(reads, entry.clock)) {
        return { hit: entry.answer };
      }
      if (entry) entries.delete(key);
      return { hit: null, stamp: { store: STORE, value: generations.now() } };
    },
    async keep(key: string, answer: CachedAnswer, stamp: Stamp, { endpointId, reads, ttlMs }: Keeping) {
      const clock = stamp.value as number;
      const size = sizeOf(key, answer);
      // Written while it was read: keeping it would serve what a write already changed.
      if (size > maxEntryBytes || generations.changedSince(reads, clock)) return;
      entries.set(key, { answer: ownedAnswer(answer), endpointId, clock, reads, expiresAt: Date.now() + ttlMs }, size);
    },
    written: () => {},
    drop: (endpointId) => entries.deleteWhere((entry) => endpointId === undefined || entry.endpointId === endpointId),
    usage: () => ({ bytes: entries.bytes, entries: entries.size, evictions }),
    close: async () => {
      entries.deleteWhere(() => true);
    },
  };
};
