import { METHODS } from 'node:http';
import { register as defaultRegistry } from 'prom-client';
import type { CacheStats } from '../../contracts/cache';
import { createMetrics, type MetricSources } from '../../server/src/metrics';
import { createScrapeAccess } from '../../server/src/metrics/scrape-access';
import { sampleOf as sample } from '../helpers/metrics';

type Sources = MetricSources & { loads: number; throttles: number; held: CacheStats };

const sources = (): Sources => {
  const state: Sources = {
    loads: 1,
    throttles: 0,
    held: { store: 'memory', enabled: true, maxBytes: 1000, bytes: 0, entries: 0, hits: 0, misses: 0, evictions: 0 },
    definitionLoads: () => state.loads,
    loginThrottles: () => state.throttles,
    pool: () => ({ numUsed: () => 2, numFree: () => 3, numPendingAcquires: () => 4 }),
    cache: () => state.held,
  };
  return state;
};

describe('createMetrics', () => {
  const orders = { method: 'GET', path: 'shop/orders' };

  test('counts requests by endpoint, method and status, and times them', async () => {
    const metrics = createMetrics(sources());
    metrics.observe('GET', 200, 0.002, { endpoint: orders });
    metrics.observe('GET', 200, 0.004, { endpoint: { ...orders } }); // compiled again by a reload: same series
    metrics.observe('OPTIONS', 204, 0.0001, { endpoint: orders });
    metrics.observe('GET', 404, 0.0003, {});
    metrics.observe('POST', 404, 0.0003, {});
    const text = await metrics.render();
    expect(sample(text, 'data_api_requests_total{endpoint="GET shop/orders",method="GET",status="200"}')).toBe(2);
    expect(sample(text, 'data_api_requests_total{endpoint="GET shop/orders",method="OPTIONS",status="204"}')).toBe(1);
    expect(sample(text, 'data_api_requests_total{endpoint="none",method="GET",status="404"}')).toBe(1);
    expect(sample(text, 'data_api_requests_total{endpoint="none",method="POST",status="404"}')).toBe(1);
    expect(sample(text, 'data_api_request_duration_seconds_count{endpoint="GET shop/orders"}')).toBe(3);
    expect(sample(text, 'data_api_request_duration_seconds_sum{endpoint="GET shop/orders"}')).toBeCloseTo(0.0061, 6);
    expect(sample(text, 'data_api_request_duration_seconds_bucket{le="0.0025",endpoint="GET shop/orders"}')).toBe(2);
    expect(sample(text, 'data_api_request_duration_seconds_bucket{le="+Inf",endpoint="none"}')).toBe(2);
  });

  test('counts rate-limit refusals by the limit that refused', async () => {
    const metrics = createMetrics(sources());
    metrics.observe('GET', 429, 0.001, { endpoint: orders, limited: 'key' });
    metrics.observe('GET', 429, 0.001, { endpoint: orders, limited: 'key' });
    metrics.observe('GET', 429, 0.001, { endpoint: orders, limited: 'endpoint' });
    metrics.observe('GET', 200, 0.001, { endpoint: orders });
    const text = await metrics.render();
    expect(sample(text, 'data_api_rate_limited_total{endpoint="GET shop/orders",scope="key"}')).toBe(2);
    expect(sample(text, 'data_api_rate_limited_total{endpoint="GET shop/orders",scope="endpoint"}')).toBe(1);
  });

  test("counts a cached endpoint's hits and misses, and reads the cache's bytes, entries and evictions", async () => {
    const state = sources();
    const metrics = createMetrics(state);
    metrics.observe('GET', 200, 0.001, { endpoint: orders, cache: 'miss' });
    metrics.observe('GET', 200, 0.001, { endpoint: orders, cache: 'hit' });
    metrics.observe('GET', 304, 0.001, { endpoint: orders, cache: 'hit' });
    metrics.observe('GET', 200, 0.001, { endpoint: { method: 'GET', path: 'plain' } });
    state.held = { ...state.held, bytes: 640, entries: 2, evictions: 5 };
    let text = await metrics.render();
    expect(sample(text, 'data_api_cache_hits_total{endpoint="GET shop/orders"}')).toBe(2);
    expect(sample(text, 'data_api_cache_misses_total{endpoint="GET shop/orders"}')).toBe(1);
    // An endpoint without a cache has no cache series.
    expect(text).not.toMatch(/data_api_cache_\w+_total\{endpoint="GET plain"\}/);
    expect(sample(text, 'data_api_cache_bytes')).toBe(640);
    expect(sample(text, 'data_api_cache_entries')).toBe(2);
    expect(sample(text, 'data_api_cache_evictions_total')).toBe(5);
    state.held = { ...state.held, bytes: 0, entries: 0, evictions: 7 };
    text = await metrics.render();
    expect([sample(text, 'data_api_cache_bytes'), sample(text, 'data_api_cache_evictions_total')]).toEqual([0, 7]);
  });

  test('reads reloads and login throttles from their sources as counters, and the pool as gauges', async () => {
    const state = sources();
    const metrics = createMetrics(state);
    let text = await metrics.render();
    expect(sample(text, 'data_api_definition_reloads_total')).toBe(1);
    expect(sample(text, 'data_api_login_throttled_total')).toBe(0);
    state.loads = 3;
    state.throttles = 2;
    text = await metrics.render();
    expect(sample(text, 'data_api_definition_reloads_total')).toBe(3);
    expect(sample(text, 'data_api_login_throttled_total')).toBe(2);
    // Read again without a change: no double counting.
    text = await metrics.render();
    expect(sample(text, 'data_api_definition_reloads_total')).toBe(3);
    expect(sample(text, 'data_api_db_pool_connections{state="used"}')).toBe(2);
    expect(sample(text, 'data_api_db_pool_connections{state="free"}')).toBe(3);
    expect(sample(text, 'data_api_db_pool_pending_acquires')).toBe(4);
    expect(text).toMatch(/^data_api_process_cpu_user_seconds_total /m);
  });

  test('a flood of distinct paths and methods adds no series past the fixed set', async () => {
    const metrics = createMetrics(sources());
    // Node's parser reads every method of http.METHODS (WebDAV's, PURGE, QUERY...): each is a caller's choice.
    const methods = [...METHODS, ...Array.from({ length: 1000 }, (_, i) => `M${i}`)];
    for (const method of methods) {
      metrics.observe(method, 404, 0.001, {}); // an unknown path: no endpoint
      metrics.observe(method, 405, 0.001, { endpoint: orders });
    }
    const series = (await metrics.render()).split('\n').filter((l) => l.startsWith('data_api_requests_total{'));
    // Seven methods and `other`, for each of the two endpoint labels (one status each).
    expect(series.length).toBeLessThanOrEqual(16);
    expect(sample(series.join('\n'), 'data_api_requests_total{endpoint="none",method="other",status="404"}')).toBe(
      methods.filter((m) => !['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(m)).length
    );
  });

  test("keeps to a registry of its own: the site's default registry is left as it was", async () => {
    const before = await defaultRegistry.metrics();
    const metrics = createMetrics(sources());
    metrics.observe('GET', 200, 0.001, { endpoint: orders });
    expect(await defaultRegistry.metrics()).toBe(before);
    expect(before).not.toMatch(/data_api_/);
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});

describe('createScrapeAccess', () => {
  const TOKEN = 'a-metrics-token-of-at-least-32-characters';

  test('a token alone: the Bearer token must be it, from any address', () => {
    const access = createScrapeAccess({ token: TOKEN });
    expect(access('203.0.113.9', `Bearer ${TOKEN}`)).toBeNull();
    expect(access('203.0.113.9', `bearer ${TOKEN}`)).toBeNull();
    expect(access('203.0.113.9', undefined)).toBe(401);
    expect(access('203.0.113.9', `Bearer ${TOKEN}x`)).toBe(401);
    expect(access('203.0.113.9', `Bearer ${TOKEN.slice(0, -1)}`)).toBe(401);
    expect(access('203.0.113.9', TOKEN)).toBe(401);
    expect(access('203.0.113.9', `Basic ${TOKEN}`)).toBe(401);
  });

  test('allowed IPs alone: the address must match, no token is asked', () => {
    const access = createScrapeAccess({ allowedIps: ['10.0.0.0/8', '::1'] });
    expect(access('10.1.2.3', undefined)).toBeNull();
    expect(access('::ffff:10.1.2.3', undefined)).toBeNull();
    expect(access('::1', undefined)).toBeNull();
    expect(access('192.168.0.1', `Bearer ${TOKEN}`)).toBe(403);
  });

  test('both: the address first, then the token', () => {
    const access = createScrapeAccess({ token: TOKEN, allowedIps: ['127.0.0.1'] });
    expect(access('127.0.0.1', `Bearer ${TOKEN}`)).toBeNull();
    expect(access('127.0.0.1', undefined)).toBe(401);
    expect(access('127.0.0.2', `Bearer ${TOKEN}`)).toBe(403);
  });
});
