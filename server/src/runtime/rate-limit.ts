import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { loginAddressKey } from '../auth/login-address';
import { ApiError } from '../errors/api-error';
import type { Budget, Limits } from '../limits';
import type { Caller } from './access-log';

/**
 * Counts a request against the limits that apply to it (docs/rate-limits.md): the key's own limit, then the
 * endpoint's, per API key, or per source address (IPv6 per /64, as logins are) when there is no key. A spent
 * budget answers 429, marked on the caller for whoever counts refusals.
 */
export const createRateLimit = (limits: Limits) => async (ctx: Context, caller: Caller) => {
  const { keyId, keyLimit, endpoint } = caller;
  const subject = keyId !== undefined ? `k${keyId}` : loginAddressKey(ctx.request.ip);
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
