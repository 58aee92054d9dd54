import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimit } from '../../../contracts/rate-limit';

/** What the answer's headers call a limit: the API key's own, or the endpoint's. */
export type BudgetName = 'key' | 'endpoint';

/** One limit a request is counted against (docs/rate-limits.md#a-limit). */
export interface Budget {
  name: BudgetName;
  policy: RateLimit;
  /** Whose limit it is: `k` for keys' own limits, `e<id>` for an endpoint's. */
  scope: string;
  /** Who spends it: an API key (`k<id>`), a user, or a source address. */
  subject: string;
}

/** What is left of one budget once the request is counted against it. */
export interface BudgetLeft {
  name: BudgetName;
  /** The window's budget only: the burst is extra, spent only once this is 0. */
  remaining: number;
  /** Whole seconds until the window resets. */
  resetSeconds: number;
}

/**
 * What counting a request came to: within every budget the store answered for, refused by one (with what was
 * left of those counted up to it), or `unavailable` when the store cannot be reached and the site's
 * `onStoreError` is `refuse` (docs/rate-limits.md#when-the-store-is-down).
 */
export type Spending =
  | { refused: null; remaining: BudgetLeft[] }
  | { refused: BudgetName; remaining: BudgetLeft[]; retryAfter: number }
  | { refused: 'unavailable' };

/** Whole seconds, rounded up: a client that waits this long is never early. */
export const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

export const budgetLeft = (name: BudgetName, { remainingPoints, msBeforeNext }: RateLimiterRes): BudgetLeft => ({
  name,
  remaining: remainingPoints,
  resetSeconds: seconds(msBeforeNext),
});
