import type { Counter, Histogram } from 'prom-client';
import type { CacheOutcome } from '../../../contracts/cache';

/** What metrics read of a compiled endpoint: its route is its label (the method and the path, as the owner wrote them). */
export interface MeasuredEndpoint {
  method: string;
  path: string;
}

export type LimitScope = 'key' | 'endpoint';

/**
 * Requests that matched no endpoint (unknown paths, the session resource, files, OpenAPI documents) share one
 * label value, so a scan of random paths cannot grow the series without bound.
 */
const NO_ENDPOINT = 'none';

/**
 * Methods a `method` label names; any other (Node's parser reads some thirty, WebDAV's among them) is `other`, so
 * a caller's choice of method adds at most one series per endpoint and status.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');

/** One label's series: the label objects are made once, not per request. */
interface Series {
  count: (method: string, status: number) => void;
  time: (seconds: number) => void;
  limited: (scope: LimitScope) => void;
  cached: (outcome: CacheOutcome) => void;
}

/** The counters a series adds to, one label set each. */
export interface SeriesCounters {
  requests: Counter<'endpoint' | 'method' | 'status'>;
  duration: Histogram<'endpoint'>;
  refusals: Counter<'endpoint' | 'scope'>;
  hits: Counter<'endpoint'>;
  misses: Counter<'endpoint'>;
}

/**
 * The series of each endpoint label, made on its first request and kept by label: an endpoint compiled again (a
 * reload) has the same label and continues the same series.
 */
export const createSeries = ({ requests, duration, refusals, hits, misses }: SeriesCounters) => {
  const byLabel = new Map<string, Series>();
  const byEndpoint = new WeakMap<MeasuredEndpoint, Series>();
  const make = (endpoint: string): Series => {
    const counts = new Map<string, { inc: () => void }>();
    const timed = duration.labels({ endpoint });
    const scopes = {
      key: refusals.labels({ endpoint, scope: 'key' }),
      endpoint: refusals.labels({ endpoint, scope: 'endpoint' }),
    };
    const outcomes = { hit: hits.labels({ endpoint }), miss: misses.labels({ endpoint }) };
    return {
      count(method, status) {
        const label = methodLabel(method);
        const key = `${label} ${status}`;
        let counter = counts.get(key);
        if (!counter) counts.set(key, (counter = requests.labels({ endpoint, method: label, status: String(status) })));
        counter.inc();
      },
      time: (seconds) => timed.observe(seconds),
      limited: (scope) => scopes[scope].inc(),
      cached: (outcome) => outcomes[outcome].inc(),
    };
  };
  const ofLabel = (label: string) => {
    let series = byLabel.get(label);
    if (!series) byLabel.set(label, (series = make(label)));
    return series;
  };
  // Per request, a lookup by the compiled endpoint itself: no label string is built.
  return (endpoint: MeasuredEndpoint | undefined): Series => {
    if (!endpoint) return ofLabel(NO_ENDPOINT);
    let series = byEndpoint.get(endpoint);
    if (!series) byEndpoint.set(endpoint, (series = ofLabel(`${endpoint.method} ${endpoint.path}`)));
    return series;
  };
};
