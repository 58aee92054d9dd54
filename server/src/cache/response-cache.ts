import type { CacheStats } from '../../../contracts/cache';
import type { Totals } from '../totals';
import type { CachedAnswer } from './answer';
import { cacheKeyOf, type KeyedRequest } from './cache-key';
import type { CompiledCache } from './compile-cache';
import { PURGE_ALL_MARK, purgeMarkOf } from './purge-marks';
import type { CacheStore, Stamp } from './store';

/** A request's visit to the cache: the answer kept, or what a miss needs to keep its answer. */
export type CacheVisit =
  | { readonly hit: CachedAnswer }
  | {
      readonly hit: null;
      readonly key: string;
      readonly stamp: Stamp | null;
      readonly cache: CompiledCache;
      /** The key names the caller's file subject (the endpoint was known to read files). */
      readonly perCaller: boolean;
    };

export interface ResponseCacheOptions {
  enabled: boolean;
  maxBytes: number;
  /** Signed file URLs last this long (s): an entry holding them is served for at most half of it. */
  urlTtlSeconds: number;
  log: { warn: (message: string) => void };
}

/**
 * The response cache (docs/cache.md): looks requests up in the store and keeps the answers of misses, with the
 * types each endpoint reads; purges are writes of purge marks, so they reach every instance as writes do.
 */
export const createResponseCache = (
  store: CacheStore,
  totals: Pick<Totals, 'written' | 'onWritten'>,
  { enabled, maxBytes, urlTtlSeconds, log }: ResponseCacheOptions
) => {
  let hits = 0;
  let misses = 0;
  let failing = false;
  const failed = (error: Error) => {
    // Once per outage: meanwhile the database answers every request.
    if (!failing) log.warn(`[data-api] the response cache store failed, reading the database: ${error.message}`);
    failing = true;
  };
  totals.onWritten((uids) => store.written(uids));

  return {
    /** The visit of a request to a cached endpoint, or null when the endpoint (or the site) keeps no answers. */
    async visit(endpointId: number, cache: CompiledCache | null, request: KeyedRequest): Promise<CacheVisit | null> {
      if (!cache || !enabled) return null;
      const perCaller = cache.recorder.readsFiles();
      const key = cacheKeyOf(endpointId, cache, request);
      const reads = cache.recorder.reads();
      // Nothing read yet (the endpoint's first answer): there is no entry, and nothing to check one against.
      const found = reads.length
        ? await store.lookup(key, reads).then(
            (lookup) => ((failing = false), lookup),
            (error: Error) => (failed(error), null)
          )
        : null;
      if (found?.hit) {
        hits += 1;
        return { hit: found.hit };
      }
      misses += 1;
      return { hit: null, key, stamp: found?.stamp ?? null, cache, perCaller };
    },
    /** Keeps a miss's answer, unless the store failed at the lookup or nothing was read. */
    async keep(endpointId: number, visit: Extract<CacheVisit, { hit: null }>, answer: CachedAnswer) {
      const { cache, stamp, key } = visit;
      const reads = cache.recorder.reads();
      const files = cache.recorder.readsFiles();
      // Files first read by this answer: its signed URLs are its caller's, and its key does not say whose.
      if (!stamp || !reads.length || (files && !visit.perCaller)) return;
      // Signed URLs served from the cache (or later by a CDN) keep half their lifetime (docs/cache.md).
      const ttlMs = files ? Math.min(cache.maxAgeMs, urlTtlSeconds * 500 - cache.cdnMs) : cache.maxAgeMs;
      if (ttlMs <= 0) return;
      await store.keep(key, answer, stamp, { endpointId, reads, ttlMs }).catch(failed);
    },
    /** Drops one endpoint's entries or all, on every instance (others within `refreshIntervalMs`). */
    purge(endpointId?: number) {
      totals.written([endpointId === undefined ? PURGE_ALL_MARK : purgeMarkOf(endpointId)]);
      return { purged: store.drop(endpointId) };
    },
    stats: (): CacheStats => ({ store: store.name, enabled, maxBytes, hits, misses, ...store.usage() }),
    close: () => store.close(),
  };
};

export type ResponseCache = ReturnType<typeof createResponseCache>;
