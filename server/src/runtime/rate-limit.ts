import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import type { RateLimit } from '../../../contracts/rate-limit';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { ApiError } from '../errors/api-error';
import type { Limits } from '../limits';
import type { Budget, BudgetName, Spending } from '../limits/spending';
import type { Identity } from './caller';
import { addressSubject, subjectOf } from './limit-subject';
import { setRateLimitHeaders } from './rate-limit-headers';

/** A request a rate limit refused (429), naming the limit for whoever counts refusals. */
export class RateLimited extends ApiError {
  constructor(readonly budget: BudgetName) {
    super(429, MESSAGES.tooManyRequests);
  }
}

/**
 * The error that answers a count that refuses the request, else null: 429 past a limit, 503 when the store
 * cannot be reached and the site refuses requests then (docs/rate-limits.md#when-the-store-is-down).
 */
export const refusalOf = (spending: Spending): ApiError | null => {
  if (spending.refused === null) return null;
  if (spending.refused === 'unavailable') return new ApiError(503, MESSAGES.limitsUnavailable);
  return new RateLimited(spending.refused);
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
 * Counts requests against the limits that apply to them (docs/rate-limits.md#a-limit), with their headers;
 * throws the 429 or 503 that refuses one. A request with no limit to count asks the store nothing.
 */
export const createRateLimit = (limits: Limits) => {
  const count = async (ctx: Context, budgets: Budget[]) => {
    if (!budgets.length) return;
    const spending = await limits.spend(budgets);
    setRateLimitHeaders(ctx, budgets, spending);
    const refusal = refusalOf(spending);
    if (refusal) throw refusal;
  };
  return {
    /** A request of whoever authentication answered: per API key, per logged-in user, else per address. */
    spend: (ctx: Context, endpoint: CompiledEndpoint, identity: Identity) =>
      count(ctx, budgetsOf(endpoint, identity.kind === 'key' ? identity.keyLimit : null, subjectOf(ctx, identity))),
    /**
     * A request of a Browser Session endpoint that no session let in (401, or an admin's 403): the endpoint's
     * limit, per source address, so that nobody else can spend a user's budget.
     */
    failedSession: (ctx: Context, endpoint: CompiledEndpoint) =>
      count(ctx, budgetsOf(endpoint, null, addressSubject(ctx))),
  };
};

export type RateLimiting = ReturnType<typeof createRateLimit>;
