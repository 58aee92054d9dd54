import type { Core } from '@strapi/strapi';
import type { PluginConfig } from '../config';

/** What a request meets while the store cannot be reached: let through uncounted, or refused. */
export type OutageDecision = PluginConfig['rateLimit']['onStoreError'];

/**
 * The site's `onStoreError` choice while the store cannot be reached (docs/rate-limits.md#when-the-store-is-down).
 * An outage is logged once when it starts and once when the store answers again, not per request: a busy site
 * would otherwise write a line per request for as long as it lasts.
 */
export const createOutage = (strapi: Core.Strapi, { store, onStoreError }: PluginConfig['rateLimit']) => {
  let down = false;
  return {
    /** The store failed (or took longer than `storeTimeoutMs`): answers what the request meets. */
    failed(error: unknown): OutageDecision {
      if (!down) {
        down = true;
        strapi.log.warn(
          `[data-api] the rate limit store (${store}) cannot be reached (${(error as Error)?.message ?? error}): ` +
            (onStoreError === 'allow'
              ? 'requests are let through uncounted until it answers again'
              : 'requests of limited endpoints are refused (503) until it answers again')
        );
      }
      return onStoreError;
    },
    answered() {
      if (!down) return;
      down = false;
      strapi.log.info(`[data-api] the rate limit store (${store}) answers again: limits are counted again`);
    },
  };
};
