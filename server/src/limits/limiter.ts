import { BurstyRateLimiter, type RateLimiterRes } from 'rate-limiter-flexible';
import { BURST_WINDOWS, type RateLimit } from '../../../contracts/rate-limit';
import { createLru } from '../query/lru';
import type { Store } from './store';

/** Counts one request of a caller against a limit: resolves when within it, rejects with the RateLimiterRes when not. */
export interface Limiter {
  consume(subject: string): Promise<RateLimiterRes>;
}

/**
 * Limiters kept: one per limit in force and whose budget it counts (an endpoint, or keys). Policies no longer in
 * force fall out first; far more than a site defines.
 */
const LIMITERS = 10_000;

/**
 * The limiter of each policy and scope, made on first use and kept: a request costs a lookup, never a limiter.
 * The policy is part of the store's key, so a changed limit starts with a full budget rather than another
 * policy's count.
 */
export const createLimiters = (store: Store) => {
  const cache = createLru<Limiter>(LIMITERS);

  const make = ({ requests, windowSeconds, burst }: RateLimit, scope: string): Limiter => {
    const window = store.limiter(requests, windowSeconds, `${scope}:${requests}:${windowSeconds}`);
    if (!burst) return window;
    // Once the window's budget is spent, requests draw on the burst, which refills over BURST_WINDOWS windows.
    const burstSeconds = windowSeconds * BURST_WINDOWS;
    return new BurstyRateLimiter(window, store.limiter(burst, burstSeconds, `${scope}:burst:${burst}:${burstSeconds}`));
  };

  return (policy: RateLimit, scope: string): Limiter => {
    const id = `${scope}|${policy.requests}|${policy.windowSeconds}|${policy.burst}`;
    let limiter = cache.get(id);
    if (!limiter) cache.set(id, (limiter = make(policy, scope)));
    return limiter;
  };
};
