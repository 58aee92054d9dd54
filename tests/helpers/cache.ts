import type { CacheStats } from '../../contracts/cache';
import type { TestApp } from './strapi';

/** The response cache's counters on this instance (`engine.cache.stats()`, as `GET /data-api/cache` answers). */
export const cacheStats = (app: TestApp): CacheStats => app.strapi.plugin('data-api').service('engine').cache.stats();

/**
 * Whether `request` was served from the cache: `hit` or `miss` as the cache counted it, `none` when it did not
 * visit the cache (refused before, or an endpoint without `cache`), with the response.
 */
export const served = async <R>(app: TestApp, request: () => PromiseLike<R>) => {
  const before = cacheStats(app);
  const response = await request();
  const after = cacheStats(app);
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  if (hits + misses > 1) throw new Error(`one request visited the cache ${hits + misses} times`);
  return { response, as: hits ? 'hit' : misses ? 'miss' : 'none' };
};
