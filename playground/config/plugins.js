const path = require('path');
const { secret } = require('../local-secrets');

module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: secret(env, 'JWT_SECRET'),
      // `refresh` with UP_REFRESH_COOKIE=true: logins set users-permissions' own httpOnly refresh cookie.
      jwtManagement: env('UP_JWT_MANAGEMENT', 'legacy-support'),
      sessions: { httpOnly: env.bool('UP_REFRESH_COOKIE', false) },
    },
  },
  // UPLOAD_PROVIDER: a provider package name or module path (the tests use a private one of their own).
  upload: {
    config: {
      provider: env('UPLOAD_PROVIDER', 'local'),
      providerOptions: env.json('UPLOAD_PROVIDER_OPTIONS', {}),
    },
  },
  // The plugin under development, loaded from the repository root (its built dist/).
  'data-api': {
    enabled: true,
    resolve: path.resolve(__dirname, '..', '..'),
    config: {
      keySecret: secret(env, 'DATA_API_KEY_SECRET'),
      // `always`: every write goes through the Document Service (the tests run both ways).
      documentService: env('DATA_API_DOCUMENT_SERVICE', 'auto'),
      // How long a write or login body may take to arrive: a stall of idleMs, or longer than totalMs, is a 408.
      bodyTimeout: {
        idleMs: env.int('DATA_API_BODY_IDLE_MS', 10000),
        totalMs: env.int('DATA_API_BODY_TOTAL_MS', 60000),
      },
      // How long a List total is trusted without a write seen (0: count every page).
      totals: { maxAgeMs: env.int('DATA_API_TOTALS_MAX_AGE_MS', 10000) },
      // The largest List or Aggregate answer sent (bytes of JSON); a larger one is a 400.
      maxAnswerBytes: env.int('DATA_API_MAX_ANSWER_BYTES', 32 * 1024 * 1024),
      // One line per /_api request on Strapi's logger (level http).
      accessLog: env.bool('DATA_API_ACCESS_LOG', true),
      // Pages on these origins may call /_api with the session cookie (comma-separated, exact origins).
      cors: { origins: env.array('DATA_API_CORS_ORIGINS', []).filter(Boolean) },
      files: {
        maxBytes: env.int('DATA_API_FILE_MAX_BYTES', 10 * 1024 * 1024),
        maxRequestBytes: env.int('DATA_API_FILE_MAX_REQUEST_BYTES', 20 * 1024 * 1024),
        maxFilesPerRequest: env.int('DATA_API_FILE_MAX_FILES_PER_REQUEST', 100),
        urlTtlSeconds: env.int('DATA_API_FILE_URL_TTL_SECONDS', 15 * 60),
      },
      // Rate limit budgets: memory (this instance), redis (DATA_API_REDIS_URL) or database; shared but for memory.
      rateLimit: {
        store: env('DATA_API_RATE_LIMIT_STORE', 'memory'),
        redisUrl: env('DATA_API_REDIS_URL', 'redis://127.0.0.1:6379'),
        prefix: env('DATA_API_RATE_LIMIT_PREFIX', 'data_api_rl'),
        onStoreError: env('DATA_API_RATE_LIMIT_ON_STORE_ERROR', 'allow'),
        storeTimeoutMs: env.int('DATA_API_RATE_LIMIT_STORE_TIMEOUT_MS', 200),
        storeCooldownMs: env.int('DATA_API_RATE_LIMIT_STORE_COOLDOWN_MS', 5000),
      },
      // The response cache of endpoints that opt in: memory (this instance) or redis (DATA_API_CACHE_REDIS_URL).
      cache: {
        enabled: env.bool('DATA_API_CACHE', true),
        store: env('DATA_API_CACHE_STORE', 'memory'),
        maxBytes: env.int('DATA_API_CACHE_MAX_BYTES', 64 * 1024 * 1024),
        maxEntryBytes: env.int('DATA_API_CACHE_MAX_ENTRY_BYTES', 4 * 1024 * 1024),
        redisUrl: env('DATA_API_CACHE_REDIS_URL', 'redis://127.0.0.1:6379'),
        prefix: env('DATA_API_CACHE_PREFIX', 'data_api_cache'),
        storeTimeoutMs: env.int('DATA_API_CACHE_STORE_TIMEOUT_MS', 100),
      },
      // Usage statistics, added to the database every flushIntervalMs by each instance.
      usage: {
        enabled: env.bool('DATA_API_USAGE', true),
        flushIntervalMs: env.int('DATA_API_USAGE_FLUSH_MS', 10000),
        retentionDays: env.int('DATA_API_USAGE_RETENTION_DAYS', 90),
      },
      // Prometheus metrics, off unless DATA_API_METRICS_TOKEN or DATA_API_METRICS_IPS (comma-separated) is set;
      // then served at DATA_API_METRICS_PATH (/_api/_metrics unless set) for that token, from those addresses.
      metrics: {
        enabled: Boolean(env('DATA_API_METRICS_TOKEN') || env('DATA_API_METRICS_IPS')),
        path: env('DATA_API_METRICS_PATH', '/_api/_metrics'),
        token: env('DATA_API_METRICS_TOKEN') || undefined,
        allowedIps: env.array('DATA_API_METRICS_IPS', []).filter(Boolean),
      },
      session: {
        maxAgeMs: env.int('DATA_API_SESSION_MAX_AGE_MS', 7 * 86400000),
        maxFailuresPerIdentifier: env.int('DATA_API_LOGIN_MAX_FAILURES', 5),
        maxFailuresPerIp: env.int('DATA_API_LOGIN_MAX_FAILURES_PER_IP', 50),
      },
    },
  },
});
