import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import type { RateLimit } from '../../../contracts/rate-limit';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { ApiError } from '../errors/api-error';
import type { Limits } from '../limits';
import type { Budget, BudgetName, Spending } from '../limits/spending';
import type { Identity } from './caller';
import { addressSubject, subjectOf } from './limit-subject';
import { rateLimitHeaders } from './rate-limit-headers';

/** A request a rate limit refused (429), naming the limit for whoever counts refusals. */
export class RateLimited extends ApiError {
  constructor(
    readonly budget: BudgetName,
    headers: Record<string, string>
  ) {
    super(429, MESSAGES.tooManyRequests, headers);
  }
}

/** The RateLimit headers of a request that was let through, for the route to send or not (endpoint-route.ts). */
export type LimitHeaders = Record<string, string>;

/**
 * The error that answers a count that refuses the request, with its RateLimit `headers`, else null: 429 past a
 * limit, 503 when the store cannot be reached and the site refuses requests then
 * (docs/rate-limits.md#when-the-store-is-down).
 */
export const refusalOf = (spending: Spending, headers: LimitHeaders): ApiError | null => {
  if (spending.refused === null) return null;
  if (spending.refused === 'unavailable') return new ApiError(503, MESSAGES.limitsUnavailable, headers);
  return new RateLimited(spending.refused, headers);
};

/** The key's own limit, then the endpoint's, both spent by `subject`. */
const budgetsOf = (endpoint: CompiledEndpoint, keyLimit: RateLimit | null, subject: string): Budget[] => {
  const budgets: Budget[] = [];
  if (keyLimit) budgets.push({ name: 'key', policy: keyLimit, scope: 'k', subject });
  const { rateLimit } = endpoint.definition;
  if (rateLimit) budgets.push({ name: 'endpoint', policy: rateLimit, scope: `e${endpoint.id}`, subject });
  return budgets;
};

/**
 * Counts requests against the limits that apply to them (docs/rate-limits.md#a-limit): answers the headers of
 * a request let through, throws the 429 or 503 that refuses one, with its headers. A request with no limit to
 * count asks the store nothing, and has none.
 */
export const createRateLimit = (limits: Limits) => {
  const count = async (budgets: Budget[]): Promise<LimitHeaders> => {
    if (!budgets.length) return {};
    const spending = await limits.spend(budgets);
    const headers = rateLimitHeaders(budgets, spending);
    const refusal = refusalOf(spending, headers);
    if (refusal) throw refusal;
    return headers;
  };
  return {
    /** A request of whoever authentication answered: per API key, per logged-in user, else per address. */
    spend: (ctx: Context, endpoint: CompiledEndpoint, identity: Identity) =>
      count(budgetsOf(endpoint, identity.kind === 'key' ? identity.keyLimit : null, subjectOf(ctx, identity))),
    /**
     * A request of a Browser Session endpoint that no session let in (401, or an admin's 403): the endpoint's
     * limit, per source address, so that nobody else can spend a user's budget.
     */
    failedSession: (ctx: Context, endpoint: CompiledEndpoint) => count(budgetsOf(endpoint, null, addressSubject(ctx))),
  };
};

export type RateLimiting = ReturnType<typeof createRateLimit>;
