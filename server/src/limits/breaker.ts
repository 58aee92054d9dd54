/**
 * The circuit breaker of a shared store: after a failure (an error, or no answer within `storeTimeoutMs`) the
 * store is left alone for `cooldownMs`, so that a store that is down or stalled costs requests no wait and
 * holds no command per request; then one request probes it while the others still skip it, and its answer
 * closes the breaker or starts another cool-down.
 */
export const createBreaker = (cooldownMs: number, now: () => number = Date.now) => {
  /** While open: when the cool-down ends. */
  let openUntil: number | null = null;
  let probing = false;
  return {
    /** Whether this request may ask the store. */
    admits() {
      if (openUntil === null) return true;
      if (probing || now() < openUntil) return false;
      probing = true;
      return true;
    },
    succeeded() {
      openUntil = null;
      probing = false;
    },
    failed() {
      openUntil = now() + cooldownMs;
      probing = false;
    },
  };
};

export type Breaker = ReturnType<typeof createBreaker>;
