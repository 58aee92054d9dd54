import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import type { RateLimit } from '../../../contracts/rate-limit';
import { loginAddressKey } from '../auth/login-address';
import type { Snapshot } from '../engine/registry';
import { ApiError } from '../errors/api-error';
import type { Budget, Limits } from '../limits';
import type { Caller } from './access-log';

/**
 * Counts a request against the limits that apply to it (docs/rate-limits.md): the key's own limit, then the
 * endpoint's, per API key, or per source address (IPv6 per /64, as logins are) when there is no key. A spent
 * budget answers 429, marked on the caller for whoever counts refusals.
 */
export const createRateLimit = (limits: Limits) => {
  // Keys' own limits by id, indexed once per snapshot (the snapshot knows keys by their hash).
  const keyLimits = new WeakMap<Snapshot, Map<number, RateLimit>>();
  const keyLimitsOf = (snapshot: Snapshot) => {
    let byId = keyLimits.get(snapshot);
    if (!byId) {
      byId = new Map([...snapshot.keys.values()].flatMap((k) => (k.rateLimit ? [[k.id, k.rateLimit]] : [])));
      keyLimits.set(snapshot, byId);
    }
    return byId;
  };

  return async (ctx: Context, caller: Caller, snapshot: Snapshot) => {
    const { keyId, endpoint } = caller;
    const subject = keyId !== undefined ? `k${keyId}` : loginAddressKey(ctx.request.ip);
    const own = keyId !== undefined ? keyLimitsOf(snapshot).get(keyId) : undefined;
    const budgets: Budget[] = [];
    if (own) budgets.push({ name: 'key', policy: own, scope: 'k', subject });
    if (endpoint?.definition.rateLimit) {
      budgets.push({ name: 'endpoint', policy: endpoint.definition.rateLimit, scope: `e${endpoint.id}`, subject });
    }
    if (!budgets.length) return;
    const refused = await limits.spend(ctx, budgets);
    if (!refused) return;
    caller.limited = refused;
    throw new ApiError(429, MESSAGES.tooManyRequests);
  };
};
