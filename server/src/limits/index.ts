import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimit } from '../../../contracts/rate-limit';
import { pluginConfig } from '../config/plugin-config';
import { createBreaker, type Breaker } from './breaker';
import { policyMember, remainingMember, seconds } from './headers';
import { createLimiters } from './limiter';
import { createOutage } from './outage';
import { openStore, type Store } from './store';

/** One limit a request is counted against (docs/rate-limits.md). */
export interface Budget {
  /** What the headers call it: the key's own limit, or the endpoint's. */
  name: 'key' | 'endpoint';
  policy: RateLimit;
  /** Whose limit it is: `k` for keys' own limits, `e<id>` for an endpoint's. */
  scope: string;
  /** Who spends it: an API key (`k<id>`) or a source address. */
  subject: string;
}

/** A store call that has not answered by then counts as the store being down. */
const withinTimeout = <T>(work: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Rate limits of this instance: the store from the plugin config (opened by `start()`, closed by `stop()`) and
 * the limiters of the policies in force.
 */
export const createLimits = (strapi: Core.Strapi) => {
  let state: {
    store: Store;
    limiterOf: ReturnType<typeof createLimiters>;
    outage: ReturnType<typeof createOutage>;
    timeoutMs: number;
    /** Shared stores only: the memory store cannot fail. */
    breaker: Breaker | null;
  } | null = null;

  /** The store's answer: within the limit, or not; null when the store failed and the site lets requests through. */
  const count = async ({ policy, scope, subject }: Budget) => {
    const { limiterOf, outage, timeoutMs, breaker } = state!;
    // During the breaker's cool-down the store is not asked: the request meets the store-error choice at once.
    const ticket = breaker ? breaker.admits() : 0;
    if (ticket === null) {
      outage.failed(new Error('skipped during the cool-down'));
      return null;
    }
    const consumed = limiterOf(policy, scope).consume(subject);
    try {
      const res = await (breaker ? withinTimeout(consumed, timeoutMs) : consumed);
      breaker?.succeeded(ticket);
      outage.answered();
      return { within: true, res };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        breaker?.failed(ticket);
        outage.failed(error);
        return null;
      }
      breaker?.succeeded(ticket);
      outage.answered();
      return { within: false, res: error };
    }
  };

  return {
    async start() {
      const options = pluginConfig(strapi, 'rateLimit');
      const store = await openStore(strapi, options);
      state = {
        store,
        limiterOf: createLimiters(store),
        outage: createOutage(strapi, options),
        timeoutMs: options.storeTimeoutMs,
        breaker: store.remote ? createBreaker(options.storeCooldownMs) : null,
      };
    },
    async stop() {
      const closing = state?.store.close();
      state = null;
      await closing;
    },
    /**
     * Spends one request of each budget, in order, and sets the RateLimit-Policy and RateLimit headers; answers
     * the name of the budget that was already spent (with `Retry-After` set), or null. Throws a 503 when the
     * store cannot be reached and the site refuses requests then.
     */
    async spend(ctx: Context, budgets: Budget[]): Promise<Budget['name'] | null> {
      ctx.set('RateLimit-Policy', budgets.map((b) => policyMember(b.name, b.policy)).join(', '));
      const remaining: string[] = [];
      let refused: Budget['name'] | null = null;
      for (const budget of budgets) {
        const counted = await count(budget);
        if (!counted) continue;
        remaining.push(remainingMember(budget.name, counted.res));
        if (!counted.within) {
          ctx.set('Retry-After', String(seconds(counted.res.msBeforeNext)));
          refused = budget.name;
          break;
        }
      }
      if (remaining.length) ctx.set('RateLimit', remaining.join(', '));
      return refused;
    },
  };
};

export type Limits = ReturnType<typeof createLimits>;
