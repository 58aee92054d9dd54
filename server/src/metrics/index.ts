import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { CacheOutcome, CacheStats } from '../../../contracts/cache';
import { registerCacheMetrics } from './cache';
import { registerPoolGauges, type PoolState } from './pool';
import { pulledCounter } from './pulled-counter';
import { createSeries, type LimitScope, type MeasuredEndpoint } from './series';

/** What metrics read from the rest of the plugin when scraped: counts kept where the events happen. */
export interface MetricSources {
  /** Loads of the endpoint definitions so far (the boot's and every reload). */
  definitionLoads: () => number;
  /** Logins refused by the login throttle so far. */
  loginThrottles: () => number;
  pool: () => PoolState;
  /** The response cache's figures on this instance. */
  cache: () => CacheStats;
}

/**
 * What a request turned out to be (the runtime's caller): its endpoint, the rate limit that refused it, and
 * whether the response cache answered it.
 */
export interface MeasuredCaller {
  endpoint?: MeasuredEndpoint;
  limited?: LimitScope;
  cache?: CacheOutcome;
}

/** From answers of a few ms to the slow ones: a List page is 1 to 20 ms, a large Aggregate up to seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The plugin's Prometheus metrics, in a registry of their own: the site's own use of prom-client (its default
 * registry) neither sees them nor is changed. Made only when metrics are enabled.
 */
export const createMetrics = (sources: MetricSources) => {
  const registry = new Registry();
  const registers = [registry];
  const seriesOf = createSeries({
    requests: new Counter({
      name: 'data_api_requests_total',
      help: '/_api requests by endpoint (method and path; "none" when no endpoint matched), method and status',
      labelNames: ['endpoint', 'method', 'status'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'data_api_request_duration_seconds',
      help: '/_api request durations by endpoint, until the answer is built (a file may still be streaming)',
      labelNames: ['endpoint'] as const,
      buckets: BUCKETS,
      registers,
    }),
    refusals: new Counter({
      name: 'data_api_rate_limited_total',
      help: 'Requests refused by a rate limit, by endpoint and by the limit that refused them (key or endpoint)',
      labelNames: ['endpoint', 'scope'] as const,
      registers,
    }),
    hits: new Counter({
      name: 'data_api_cache_hits_total',
      help: 'Requests to endpoints with a response cache answered from it (304s included), by endpoint',
      labelNames: ['endpoint'] as const,
      registers,
    }),
    misses: new Counter({
      name: 'data_api_cache_misses_total',
      help: 'Requests to endpoints with a response cache that read the database, by endpoint',
      labelNames: ['endpoint'] as const,
      registers,
    }),
  });
  pulledCounter(
    registry,
    'data_api_login_throttled_total',
    'Logins refused by the login throttle (429)',
    sources.loginThrottles
  );
  pulledCounter(
    registry,
    'data_api_definition_reloads_total',
    'Loads of the endpoint definitions and keys: at boot, then on every change (here or on another instance)',
    sources.definitionLoads
  );
  registerPoolGauges(registry, sources.pool);
  registerCacheMetrics(registry, sources.cache);
  collectDefaultMetrics({ register: registry, prefix: 'data_api_' });

  return {
    /** One answered request, after its answer is built. */
    observe(method: string, status: number, seconds: number, caller: MeasuredCaller) {
      const series = seriesOf(caller.endpoint);
      series.count(method, status);
      series.time(seconds);
      if (caller.limited) series.limited(caller.limited);
      if (caller.cache) series.cached(caller.cache);
    },
    /** The text format of every metric (version 0.0.4). */
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
