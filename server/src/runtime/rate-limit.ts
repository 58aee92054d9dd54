import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import type { Budget, Limits } from '../limits';
import type { Caller } from './access-log';
import { subjectOf } from './limit-subject';

/**
 * Counts a request against the limits that apply to it (docs/rate-limits.md): the key's own limit, then the
 * endpoint's, per API key, per logged-in user, or per source address when there is neither. A spent budget
 * answers 429, marked on the caller for whoever counts refusals.
 */
export const createRateLimit = (limits: Limits) => async (ctx: Context, caller: Caller) => {
  const { keyLimit, endpoint } = caller;
  const subject = subjectOf(ctx, caller);
  const budgets: Budget[] = [];
  if (keyLimit) budgets.push({ name: 'key', policy: keyLimit, scope: 'k', subject });
  if (endpoint?.definition.rateLimit) {
    budgets.push({ name: 'endpoint', policy: endpoint.definition.rateLimit, scope: `e${endpoint.id}`, subject });
  }
  if (!budgets.length) return;
  const refused = await limits.spend(ctx, budgets);
  if (!refused) return;
  caller.limited = refused;
  throw new ApiError(429, MESSAGES.tooManyRequests);
};

export type RateLimiting = ReturnType<typeof createRateLimit>;
