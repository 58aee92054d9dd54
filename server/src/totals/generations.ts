/**
 * A logical clock of writes per content type (uid). A total counted at clock value `stamp` stays valid while
 * none of the types its SQL reads changed after that value: a write that commits while a count runs makes the
 * count stale at once, whichever of the two finishes first.
 */
export interface Generations {
  /** The clock's value now: taken before a count starts. */
  now(): number;
  /** Moves the clock and marks these types changed at the new value. */
  bump(uids: Iterable<string>): void;
  /** Whether any of these types changed after `stamp`. */
  changedSince(uids: readonly string[], stamp: number): boolean;
}

export const createGenerations = (): Generations => {
  let clock = 0;
  const changedAt = new Map<string, number>();
  return {
    now: () => clock,
    bump(uids) {
      clock += 1;
      for (const uid of uids) changedAt.set(uid, clock);
    },
    changedSince(uids, stamp) {
      for (const uid of uids) if ((changedAt.get(uid) ?? 0) > stamp) return true;
      return false;
    },
  };
};
