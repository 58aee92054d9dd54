import { Gauge, type Registry } from 'prom-client';
import type { CacheStats } from '../../../contracts/cache';
import { pulledCounter } from './pulled-counter';

/**
 * The response cache of this instance, read from its figures when scraped (docs/cache.md): what its memory store
 * holds (0 with Redis, whose server holds the entries) and what it dropped to stay under `maxBytes`.
 */
export const registerCacheMetrics = (registry: Registry, stats: () => CacheStats) => {
  new Gauge({
    name: 'data_api_cache_bytes',
    help: 'Bytes of answers and keys held by the response cache of this instance (memory store)',
    registers: [registry],
    collect() {
      this.set(stats().bytes);
    },
  });
  new Gauge({
    name: 'data_api_cache_entries',
    help: 'Answers held by the response cache of this instance (memory store)',
    registers: [registry],
    collect() {
      this.set(stats().entries);
    },
  });
  pulledCounter(
    registry,
    'data_api_cache_evictions_total',
    'Answers the response cache dropped to stay under its maxBytes, least recently used first',
    () => stats().evictions
  );
};
