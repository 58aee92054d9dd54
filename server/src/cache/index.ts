import type { Core } from '@strapi/strapi';
import { pluginConfig } from '../config/plugin-config';
import type { Totals } from '../totals';
import { createMemoryStore } from './memory-store';
import { createResponseCache } from './response-cache';

/** The response cache of this instance, with the store the config names (docs/cache.md). */
export const createCache = (strapi: Core.Strapi, totals: Totals) => {
  const config = pluginConfig(strapi, 'cache');
  const store = createMemoryStore(totals.generations, config);
  return createResponseCache(store, totals, {
    enabled: config.enabled,
    maxBytes: config.maxBytes,
    urlTtlSeconds: pluginConfig(strapi, 'files').urlTtlSeconds,
    log: strapi.log,
  });
};

export type { ResponseCache } from './response-cache';
