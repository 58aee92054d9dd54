/**
 * The circuit breaker of a shared store: after a failure (an error, or no answer within `storeTimeoutMs`) the
 * store is left alone for `cooldownMs`, so that a store that is down or stalled costs requests no wait and
 * holds no command per request; then one request probes it while the others still skip it, and its answer
 * closes the breaker or starts another cool-down.
 *
 * A request admitted gets a ticket: the number of failures so far. An answer reports with its ticket, and one of
 * a request admitted before the latest failure (slow, answered late) decides nothing: it could otherwise close
 * the breaker during a cool-down, or open it again after a probe closed it.
 */
export const createBreaker = (cooldownMs: number, now: () => number = Date.now) => {
  let failures = 0;
  /** While open: when the cool-down ends. */
  let openUntil: number | null = null;
  let probing = false;
  const current = (ticket: number) => ticket === failures;
  return {
    /** This request's ticket when it may ask the store, else null. */
    admits(): number | null {
      if (openUntil === null) return failures;
      if (probing || now() < openUntil) return null;
      probing = true;
      return failures;
    },
    succeeded(ticket: number) {
      if (!current(ticket)) return;
      openUntil = null;
      probing = false;
    },
    failed(ticket: number) {
      if (!current(ticket)) return;
      failures += 1;
      openUntil = now() + cooldownMs;
      probing = false;
    },
  };
};

export type Breaker = ReturnType<typeof createBreaker>;
