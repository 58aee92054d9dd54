import { z } from 'zod';
import { refersTo } from './json';

/** A year: the longest any HTTP cache is told to keep an answer. */
const YEAR_SECONDS = 31_536_000;

/**
 * An endpoint's response cache (docs/cache.md), on List and Aggregate endpoints: absent, every request reads the
 * database. An answer is served from the cache while nothing it read was written, for at most `maxAgeSeconds`
 * (the bound on writes Strapi does not see: raw SQL, other applications).
 */
export const endpointCacheSchema = z.strictObject({
  maxAgeSeconds: z.number().int().min(1).max(86_400),
  /**
   * Public endpoints: how long (s) a shared cache (a CDN, a proxy) may serve the answer without asking
   * (`s-maxage`). Absent: it asks the server before each use, as without a cache.
   */
  sharedMaxAgeSeconds: z.number().int().min(1).max(YEAR_SECONDS).optional(),
  /** Public endpoints, with `sharedMaxAgeSeconds`: how long (s) a shared cache may serve a stale answer while it asks. */
  staleWhileRevalidateSeconds: z.number().int().min(1).max(YEAR_SECONDS).optional(),
});

export type EndpointCache = z.output<typeof endpointCacheSchema>;

/** The endpoint types whose answers can be cached: the reads. */
export const CACHED_TYPES = ['list', 'aggregate'] as const;

/** A filter on `now` changes its answer at every moment: no kept answer could be exact. */
export const CACHE_NEEDS_FIXED_TIME = 'a filter on "now" changes at every moment: its answers cannot be cached';

/** The rules of a definition's `cache` that hold between its members. */
export const cacheProblems = (d: {
  type: string;
  auth: { method: string };
  allowedIps: string[];
  filter: unknown;
  cache?: { sharedMaxAgeSeconds?: number; staleWhileRevalidateSeconds?: number };
}): Array<{ path: (string | number)[]; message: string }> => {
  const { cache } = d;
  if (!cache) return [];
  if (!(CACHED_TYPES as readonly string[]).includes(d.type))
    return [{ path: ['cache'], message: 'only list and aggregate endpoints keep answers in the cache' }];
  const problems = [];
  if (refersTo(d.filter, 'now')) problems.push({ path: ['cache'], message: CACHE_NEEDS_FIXED_TIME });
  if (cache.sharedMaxAgeSeconds !== undefined && (d.auth.method !== 'public' || d.allowedIps.length))
    problems.push({
      path: ['cache', 'sharedMaxAgeSeconds'],
      message:
        "only a public endpoint without allowed IPs may have its answers kept by shared caches (a CDN): they are everyone's",
    });
  if (cache.staleWhileRevalidateSeconds !== undefined && cache.sharedMaxAgeSeconds === undefined)
    problems.push({
      path: ['cache', 'staleWhileRevalidateSeconds'],
      message: 'staleWhileRevalidateSeconds goes with sharedMaxAgeSeconds',
    });
  return problems;
};

/** What the response cache made of a request to a cached endpoint: answered from an entry, or read the database. */
export type CacheOutcome = 'hit' | 'miss';

export const CACHE_STORES = ['memory', 'redis'] as const;

/**
 * The headers that can tag a CDN-kept answer (`cache.cdnTagHeaders`): `Surrogate-Key` (Fastly and others),
 * `Cache-Tag` (Cloudflare). All of them unless the site's config names fewer.
 */
export const CDN_TAG_HEADERS = ['surrogate-key', 'cache-tag'] as const;

export type CdnTagHeader = (typeof CDN_TAG_HEADERS)[number];

/** The response cache's state on this instance, as the admin API answers it (`GET /data-api/cache`). */
export const cacheStatsSchema = z.strictObject({
  store: z.enum(CACHE_STORES),
  /** Whether the site's config has the cache on (`cache.enabled`). */
  enabled: z.boolean(),
  /** The bound of the memory store (bytes); a Redis store is bounded by the server's own `maxmemory`. */
  maxBytes: z.number(),
  /** Bytes and entries held now (memory store; 0 for Redis, whose server holds them). */
  bytes: z.number(),
  entries: z.number(),
  /** Since this instance started. */
  hits: z.number(),
  misses: z.number(),
  /** Entries dropped to stay under `maxBytes` (least recently used first). */
  evictions: z.number(),
});

export type CacheStats = z.output<typeof cacheStatsSchema>;

/** What a purge answers: how many entries this instance dropped (other instances drop theirs within `refreshIntervalMs`). */
export const cachePurgeSchema = z.strictObject({ purged: z.number() });

export type CachePurge = z.output<typeof cachePurgeSchema>;
