import type { Generations } from '../totals/generations';

/**
 * The second way a write reaches Redis. Each instance deletes the counters of its own writes at once; one that
 * cannot reach Redis then (cut off from it, not from the database) would leave the other instances serving what
 * its write changed until it reaches Redis again. The other instances learn of that write through the database
 * within `refreshIntervalMs` (totals/shared-generations.ts): every `intervalMs` this deletes, again, the counters
 * of the types read by this instance's lookups that changed since the last turn by a write this instance did not
 * make itself. So a write is in Redis at once, and within `refreshIntervalMs` plus `intervalMs` even when the
 * instance that made it could not put it there (a second deletion costs a miss, never an exact answer).
 */
export const createCatchUp = (
  generations: Generations,
  intervalMs: number,
  deleteCounters: (uids: readonly string[]) => void
) => {
  /** The types (and purge marks) lookups read: at most the site's types and endpoints. */
  const known = new Set<string>();
  /** The clock's value at this instance's own last write of each type. */
  const own = new Map<string, number>();
  let seen = generations.now();
  const learned = (uid: string) => {
    if (!generations.changedSince([uid], seen)) return false;
    const mine = own.get(uid);
    return mine === undefined || generations.changedSince([uid], mine);
  };
  const timer = setInterval(() => {
    const now = generations.now();
    if (now === seen) return;
    const uids = [...known].filter(learned);
    seen = now;
    if (uids.length) deleteCounters(uids);
  }, intervalMs);
  timer.unref();
  return {
    read(reads: readonly string[]) {
      for (const uid of reads) known.add(uid);
    },
    /** This instance wrote these types (the clock already counts the write). */
    wrote(uids: readonly string[]) {
      const now = generations.now();
      for (const uid of uids) own.set(uid, now);
    },
    stop: () => clearInterval(timer),
  };
};
