import type { Core } from '@strapi/strapi';
import { MESSAGES } from '../../../contracts/messages';
import type { PluginConfig } from '../config';
import { ApiError } from '../errors/api-error';

/**
 * What a request meets while the store cannot be reached: `allow` lets it through uncounted, `refuse` answers
 * 503; never a 500. An outage is logged once when it starts and once when the store answers again, not per
 * request: a busy site would otherwise write a line per request for as long as it lasts.
 */
export const createOutage = (strapi: Core.Strapi, { store, onStoreError }: PluginConfig['rateLimit']) => {
  let down = false;
  return {
    /** The store failed (or took longer than `storeTimeoutMs`): throws 503 on `refuse`. */
    failed(error: unknown) {
      if (!down) {
        down = true;
        strapi.log.warn(
          `[data-api] the rate limit store (${store}) cannot be reached (${(error as Error)?.message ?? error}): ` +
            (onStoreError === 'allow'
              ? 'requests are let through uncounted until it answers again'
              : 'requests of limited endpoints are refused (503) until it answers again')
        );
      }
      if (onStoreError === 'refuse') throw new ApiError(503, MESSAGES.limitsUnavailable);
    },
    answered() {
      if (!down) return;
      down = false;
      strapi.log.info(`[data-api] the rate limit store (${store}) answers again: limits are counted again`);
    },
  };
};
