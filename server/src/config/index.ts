import { z } from 'zod';
import { describeIssues } from '../../../contracts/problems';
import { originSchema } from '../../../contracts/origin';
import { parseIpRule } from '../../../contracts/ip';
import { RATE_LIMIT_STORES, STORE_ERROR_CHOICES } from '../../../contracts/rate-limit';
import { CACHE_STORES, CDN_TAG_HEADERS } from '../../../contracts/cache';

const DAY_MS = 86_400_000;

/** The plugin's options, set under `data-api.config` in the app's config/plugins file. */
export const configSchema = z.strictObject({
  /** Keys the HMAC of API key secrets. Defaults to one derived from the app's `server.app.keys`. */
  keySecret: z.string().min(32, 'keySecret must be at least 32 characters').optional(),
  /** How often (ms) each instance checks whether definitions or keys changed elsewhere (kept under a second). */
  refreshIntervalMs: z.number().int().min(50).max(800),
  /** How often (ms) at most a key's lastUsedAt is written. */
  lastUsedPrecisionMs: z.number().int().min(0).max(3_600_000),
  /** The largest request body (bytes) a Create or Modify endpoint reads. */
  maxBodyBytes: z
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024),
  /**
   * The largest List or Aggregate answer (bytes of JSON) an endpoint sends; a larger one is a 400. The backstop
   * of the definition checks, which bound records but not their sizes (docs/content.md#what-related-fields-cost).
   */
  maxAnswerBytes: z
    .number()
    .int()
    .min(1024 * 1024)
    .max(1024 * 1024 * 1024),
  /** Related records of a List (docs/content.md#what-related-fields-cost). */
  related: z.strictObject({
    /**
     * The most related records one page of a List may answer at worst, checked when a definition is saved and
     * loaded: from a to-one relation per record (100) to a page of records answering 10,000 each.
     */
    maxRecordsPerAnswer: z.number().int().min(100).max(1_000_000),
  }),
  /**
   * How long a request body may take to arrive (ms): a stall of `idleMs` or a body not whole after `totalMs` is
   * a 408. Node's own `requestTimeout` (300 s unless the site sets it) still ends a request first.
   */
  bodyTimeout: z
    .strictObject({
      idleMs: z.number().int().min(100).max(600_000),
      totalMs: z.number().int().min(100).max(3_600_000),
    })
    .refine((timeout) => timeout.totalMs >= timeout.idleMs, {
      message: 'totalMs must be at least idleMs',
      path: ['totalMs'],
    }),
  /**
   * Which writes go through the Document Service. `auto`: Draft & Publish types and types with their own
   * lifecycle hooks; the others are written with direct SQL. `always`: every write, for sites whose global
   * lifecycle subscribers or Document Service middlewares must see these writes.
   */
  documentService: z.enum(['auto', 'always']),
  /** Browser Sessions of site users (`POST /_api/_session`). */
  session: z.strictObject({
    /** The name of the httpOnly session cookie. */
    cookieName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only (at most 64)'),
    /** How long (ms) a session lasts from login; it is not extended by use. */
    maxAgeMs: z
      .number()
      .int()
      .min(60_000)
      .max(366 * DAY_MS),
    /** The cookie's SameSite; `none` (third-party sites) takes effect on HTTPS only, `lax` is used over HTTP. */
    sameSite: z.enum(['lax', 'strict', 'none']),
    /** Sessions one user may hold at once; a login past it ends that user's oldest session. */
    maxPerUser: z.number().int().min(1).max(1000),
    /** Failed logins counted per identifier and per address within `windowMs`; past the limit: 429. */
    maxFailuresPerIdentifier: z.number().int().min(1).max(1000),
    maxFailuresPerIp: z.number().int().min(1).max(100_000),
    failureWindowMs: z.number().int().min(1000).max(DAY_MS),
  }),
  /** Media fields (docs/files.md): files sent as base64 on writes, read back through temporary signed URLs. */
  files: z
    .strictObject({
      /** The largest file (decoded bytes) a media field accepts. */
      maxBytes: z
        .number()
        .int()
        .min(1)
        .max(1024 * 1024 * 1024),
      /**
       * All files of one request together (decoded bytes): an endpoint that accepts a media field reads
       * bodies up to `maxBodyBytes` plus this much in base64.
       */
      maxRequestBytes: z
        .number()
        .int()
        .min(1)
        .max(1024 * 1024 * 1024),
      /** Files in one request, all fields and records together: each is an upload to the provider. */
      maxFilesPerRequest: z.number().int().min(1).max(10_000),
      /** How long (s) a signed file URL of a List answer stays valid. */
      urlTtlSeconds: z
        .number()
        .int()
        .min(10)
        .max(7 * 86_400),
    })
    .refine((files) => files.maxRequestBytes >= files.maxBytes, {
      message: 'maxRequestBytes must be at least maxBytes',
      path: ['maxRequestBytes'],
    }),
  /** List totals (see docs/list.md, "How exact is `total`"). */
  totals: z.strictObject({
    /**
     * How long (ms) a counted total is trusted when no write to what it counts was seen: the bound on staleness
     * after writes Strapi's Query Engine does not make (raw SQL, other applications). 0 counts on every page.
     */
    maxAgeMs: z.number().int().min(0).max(3_600_000),
  }),
  /** Rate limits of endpoints and keys (docs/rate-limits.md): where their budgets are counted. */
  rateLimit: z
    .strictObject({
      /** `memory`: this instance only; `redis` or `database`: shared by every instance of the site. */
      store: z.enum(RATE_LIMIT_STORES),
      /** The Redis server of the `redis` store, as a `redis://` or `rediss://` URL. */
      redisUrl: z
        .string()
        .regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL')
        .optional(),
      /** Prefix of the store's keys (Redis) or name of its table (database), so that sites can share a server. */
      prefix: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'lower-case letters, digits and _ (at most 40)'),
      /** When the store cannot be reached: `allow` the request (a warning is logged) or `refuse` it with 503. */
      onStoreError: z.enum(STORE_ERROR_CHOICES),
      /** How long (ms) a request waits for the store before that counts as the store being down. */
      storeTimeoutMs: z.number().int().min(10).max(10_000),
      /** After the store failed, how long (ms) requests skip it (meeting `onStoreError`) before one probes it. */
      storeCooldownMs: z.number().int().min(100).max(600_000),
    })
    .refine((limits) => limits.store !== 'redis' || limits.redisUrl, {
      message: 'the redis store needs redisUrl',
      path: ['redisUrl'],
    }),
  /** The response cache of endpoints that opt in (docs/cache.md). */
  cache: z
    .strictObject({
      /** Off: no answer is kept, whatever the endpoints say. */
      enabled: z.boolean(),
      /** `memory`: this instance's own; `redis`: shared by every instance of the site. */
      store: z.enum(CACHE_STORES),
      /** The memory store's bound (bytes of answers and keys); past it the entry used longest ago goes first. */
      maxBytes: z
        .number()
        .int()
        .min(1024 * 1024)
        .max(16 * 1024 * 1024 * 1024),
      /** An answer larger than this (bytes) is never kept (it would push out many others). */
      maxEntryBytes: z
        .number()
        .int()
        .min(1024)
        .max(1024 * 1024 * 1024),
      /** The Redis server of the `redis` store, as a `redis://` or `rediss://` URL. */
      redisUrl: z
        .string()
        .regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL')
        .optional(),
      /** Prefix of every key the cache writes in Redis: it reads, writes and deletes no other. */
      prefix: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'lower-case letters, digits and _ (at most 40)'),
      /** How long (ms) a request waits for Redis before it reads the database instead. */
      storeTimeoutMs: z.number().int().min(10).max(10_000),
      /**
       * The tag headers of answers a CDN may keep (`sharedMaxAgeSeconds`); `[]` sends none. Absent: all of
       * them (no default list here: Strapi merges array defaults item by item into the site's own list).
       */
      cdnTagHeaders: z
        .array(z.enum(CDN_TAG_HEADERS))
        .refine((names) => new Set(names).size === names.length, 'each header at most once')
        .optional(),
    })
    .refine((cache) => cache.store !== 'redis' || cache.redisUrl, {
      message: 'the redis store needs redisUrl',
      path: ['redisUrl'],
    })
    .refine((cache) => cache.maxEntryBytes <= cache.maxBytes, {
      message: 'maxEntryBytes must be at most maxBytes',
      path: ['maxEntryBytes'],
    }),
  /** Usage statistics per endpoint and key (docs/usage.md), counted in memory and written in hourly buckets. */
  usage: z.strictObject({
    enabled: z.boolean(),
    /** How often (ms) each instance adds what it counted to the database. */
    flushIntervalMs: z.number().int().min(1000).max(600_000),
    /** Buckets older than this many days are deleted. */
    retentionDays: z.number().int().min(1).max(3660),
  }),
  /** Prometheus metrics (docs/metrics.md): off unless enabled, and then behind a token or allowed IPs. */
  metrics: z
    .strictObject({
      enabled: z.boolean(),
      /** The path they are served at, on the site's own host (`/_api/_metrics` unless set). */
      path: z
        .string()
        .regex(/^(\/[A-Za-z0-9._~-]+)+$/, 'an absolute path of letters, digits and . _ ~ -')
        .max(200),
      /** A scraper sends it as `Authorization: Bearer <token>`. */
      token: z.string().min(32, 'token must be at least 32 characters').optional(),
      /** Addresses or CIDR subnets allowed to read them (with the token, when both are set). */
      allowedIps: z
        .array(z.string().refine((rule) => parseIpRule(rule) !== null, 'not an IP address or CIDR subnet'))
        .max(100)
        .optional(),
    })
    .refine((metrics) => !metrics.enabled || metrics.token || metrics.allowedIps?.length, {
      message: 'enabled metrics need a token or allowedIps',
      path: ['token'],
    }),
  /** One line per `/_api` request on Strapi's logger at level `http` (method, path, status, ms, key or user). */
  accessLog: z.boolean(),
  /** Origins (`scheme://host[:port]`, exact) whose pages may call `/_api` with credentials (cookies). */
  cors: z.strictObject({
    origins: z.array(originSchema).max(100).optional(),
    /** How long (s) a browser may cache a preflight answer. */
    maxAgeSeconds: z.number().int().min(0).max(86_400),
  }),
});

export type PluginConfig = z.infer<typeof configSchema>;

export default {
  default: {
    refreshIntervalMs: 500,
    lastUsedPrecisionMs: 60_000,
    maxBodyBytes: 1024 * 1024,
    maxAnswerBytes: 32 * 1024 * 1024,
    // Two to-many fields at the default limit, or one with related fields of its own at lower limits.
    related: { maxRecordsPerAnswer: 20_000 },
    // A stall of 10 s is no network hiccup; 60 s brings 1 MiB of JSON over 140 kbit/s (docs/configuration.md).
    bodyTimeout: { idleMs: 10_000, totalMs: 60_000 },
    documentService: 'auto',
    session: {
      cookieName: 'data_api_session',
      maxAgeMs: 7 * DAY_MS,
      sameSite: 'lax',
      maxPerUser: 20,
      maxFailuresPerIdentifier: 5,
      maxFailuresPerIp: 50,
      failureWindowMs: 15 * 60_000,
    },
    files: {
      maxBytes: 10 * 1024 * 1024,
      maxRequestBytes: 20 * 1024 * 1024,
      maxFilesPerRequest: 100,
      urlTtlSeconds: 15 * 60,
    },
    totals: { maxAgeMs: 10_000 },
    rateLimit: {
      store: 'memory',
      prefix: 'data_api_rl',
      onStoreError: 'allow',
      storeTimeoutMs: 200,
      storeCooldownMs: 5000,
    },
    cache: {
      enabled: true,
      store: 'memory',
      maxBytes: 64 * 1024 * 1024,
      maxEntryBytes: 4 * 1024 * 1024,
      prefix: 'data_api_cache',
      storeTimeoutMs: 100,
    },
    usage: { enabled: true, flushIntervalMs: 10_000, retentionDays: 90 },
    metrics: { enabled: false, path: '/_api/_metrics' },
    accessLog: true,
    // No default list: Strapi merges array defaults item by item into the site's own list.
    cors: { maxAgeSeconds: 600 },
  } satisfies Omit<PluginConfig, 'keySecret'>,
  validator(config: unknown) {
    const result = configSchema.safeParse(config);
    if (!result.success) {
      throw new Error(`Invalid config for plugin data-api: ${describeIssues(result.error).join('; ')}`);
    }
  },
};
