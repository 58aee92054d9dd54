import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimit } from '../../../contracts/rate-limit';

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy` lists each limit that applies
 * (`"endpoint";q=100;w=60`: its quota and window in seconds), `RateLimit` what is left of it (`"endpoint";r=42;t=17`:
 * remaining requests and seconds until the window resets). Both are Structured Field lists, one member per limit.
 */

/** Whole seconds, rounded up: a client that waits this long is never early. */
export const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

export const policyMember = (name: string, { requests, windowSeconds }: RateLimit) =>
  `"${name}";q=${requests};w=${windowSeconds}`;

/** `r` counts the window's budget only: the burst is extra, spent only once `r` is 0. */
export const remainingMember = (name: string, { remainingPoints, msBeforeNext }: RateLimiterRes) =>
  `"${name}";r=${remainingPoints};t=${seconds(msBeforeNext)}`;
