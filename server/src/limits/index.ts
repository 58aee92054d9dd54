import type { Core } from '@strapi/strapi';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { pluginConfig } from '../config/plugin-config';
import { createBreaker, type Breaker } from './breaker';
import { createLimiters } from './limiter';
import { createOutage, type OutageDecision } from './outage';
import { budgetLeft, type Budget, type BudgetLeft, type Spending } from './spending';
import { openStore, type Store } from './store';

/** A store call that has not answered by then counts as the store being down. */
const withinTimeout = <T>(work: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** The store's answer for one budget: within it or not, or the outage decision when it could not be asked. */
type Counted = { within: boolean; res: RateLimiterRes } | { outage: OutageDecision };

/**
 * Rate limits of this instance: the store from the plugin config (opened by `start()`, closed by `stop()`) and
 * the limiters of the policies in force. Answers values; the runtime turns them into statuses and headers.
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

  const count = async ({ policy, scope, subject }: Budget): Promise<Counted> => {
    const { limiterOf, outage, timeoutMs, breaker } = state!;
    // During the breaker's cool-down the store is not asked: the request meets the store-error choice at once.
    const ticket = breaker ? breaker.admits() : 0;
    if (ticket === null) return { outage: outage.failed(new Error('skipped during the cool-down')) };
    const consumed = limiterOf(policy, scope).consume(subject);
    try {
      const res = await (breaker ? withinTimeout(consumed, timeoutMs) : consumed);
      breaker?.succeeded(ticket);
      outage.answered();
      return { within: true, res };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        breaker?.failed(ticket);
        return { outage: outage.failed(error) };
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
     * Spends one request of each budget, in order, up to the first one already spent. A budget the store could
     * not be asked about is skipped (`allow`) or ends the count as `unavailable` (`refuse`).
     */
    async spend(budgets: Budget[]): Promise<Spending> {
      const remaining: BudgetLeft[] = [];
      for (const budget of budgets) {
        const counted = await count(budget);
        if ('outage' in counted) {
          if (counted.outage === 'refuse') return { refused: 'unavailable' };
          continue;
        }
        const left = budgetLeft(budget.name, counted.res);
        remaining.push(left);
        if (!counted.within) return { refused: budget.name, remaining, retryAfter: left.resetSeconds };
      }
      return { refused: null, remaining };
    },
  };
};

export type Limits = ReturnType<typeof createLimits>;
