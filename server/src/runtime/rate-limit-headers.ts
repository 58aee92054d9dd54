import type { RateLimit } from '../../../contracts/rate-limit';
import type { Budget, BudgetLeft, BudgetName, Spending } from '../limits/spending';

/**
 * The headers of draft-ietf-httpapi-ratelimit-headers (docs/rate-limits.md#what-a-client-sees):
 * `RateLimit-Policy` lists each limit that applies (`"endpoint";q=100;w=60`: its quota and window in seconds),
 * `RateLimit` what is left of it (`"endpoint";r=42;t=17`: remaining requests and seconds until the window
 * resets). Both are Structured Field lists, one member per limit.
 */

export const policyMember = (name: BudgetName, { requests, windowSeconds }: RateLimit) =>
  `"${name}";q=${requests};w=${windowSeconds}`;

export const remainingMember = ({ name, remaining, resetSeconds }: BudgetLeft) =>
  `"${name}";r=${remaining};t=${resetSeconds}`;

/**
 * The headers of a counted request: every budget's policy; on a refusal, when the spent one has room again;
 * what is left of each budget the store answered for. None but the policy when the store is down.
 */
export const rateLimitHeaders = (budgets: Budget[], spending: Spending): Record<string, string> => {
  const headers: Record<string, string> = {
    'RateLimit-Policy': budgets.map((b) => policyMember(b.name, b.policy)).join(', '),
  };
  if (spending.refused === 'unavailable') return headers;
  if (spending.refused !== null) headers['Retry-After'] = String(spending.retryAfter);
  if (spending.remaining.length) headers.RateLimit = spending.remaining.map(remainingMember).join(', ');
  return headers;
};
