import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { sampleOf } from '../helpers/metrics';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * Prometheus metrics for operators: off unless enabled, then served at their path to the
 * allowed addresses with the token, and counting what happened. supertest calls from 127.0.0.1 (seen as
 * `::ffff:127.0.0.1` on a dual-stack socket).
 */
let app: TestApp;

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const LOCAL = '127.0.0.1,::ffff:127.0.0.1,::1';
const ORIGIN = 'http://localhost:4000';
const MAX_FAILURES = 2;

/** Boots the playground with `env`, and takes it away from process.env afterwards for the next boot. */
const boot = async (env: Record<string, string>) => {
  app = await startApp(env);
  return () => {
    for (const name of Object.keys(env)) delete process.env[name];
  };
};

const scrape = (path = '/_api/_metrics') => app.http().get(path).set('Authorization', `Bearer ${TOKEN}`);
const metricsText = async () => {
  const response = await scrape();
  expect(response.status).toBe(200);
  return response.text;
};

describe('off by default', () => {
  let unset: () => void;
  beforeAll(async () => {
    unset = await boot({});
  });
  afterAll(async () => {
    await app?.stop();
    unset?.();
  });

  test('the path is not served: the plugin answers it as any unknown /_api path', async () => {
    const response = await scrape();
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Not found' });
  });
});

describe('with a token, from allowed addresses', () => {
  let unset: () => void;
  let admin: AdminClient;
  let key: KeyFixture;
  const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);

  beforeAll(async () => {
    unset = await boot({
      DATA_API_METRICS_TOKEN: TOKEN,
      DATA_API_METRICS_IPS: LOCAL,
      DATA_API_CORS_ORIGINS: ORIGIN,
      DATA_API_LOGIN_MAX_FAILURES: String(MAX_FAILURES),
    });
    admin = await app.admin();
    key = await createKey(admin);
    await createEndpoint(admin, key, {
      path: 'metrics/orders',
      type: 'list',
      object: 'api::order.order',
      filter: { id: { $lte: 3 } },
      fields: [{ name: 'id' }, { name: 'status' }],
    });
  });
  afterAll(async () => {
    await app?.stop();
    unset?.();
  });

  test('without the token, or with another, the answer is 401 with a challenge', async () => {
    for (const authorization of [null, 'Bearer wrong-token-of-the-same-kind-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const request = app.http().get('/_api/_metrics');
      const response = await (authorization ? request.set('Authorization', authorization) : request);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="data-api metrics"');
      expect(response.body).toEqual({ success: false, error: 'Unauthorized' });
      expect(response.text).not.toMatch(/data_api_/);
    }
  });

  test('with it: the text format, never cached; GET only', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toMatch(/^# TYPE data_api_requests_total counter$/m);
    const post = await app.http().post('/_api/_metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });

  test('request counts and durations equal the calls made, per endpoint and status', async () => {
    const endpoint = 'endpoint="GET metrics/orders"';
    const series = {
      ok: `data_api_requests_total{${endpoint},method="GET",status="200"}`,
      unauthorized: `data_api_requests_total{${endpoint},method="GET",status="401"}`,
      notModified: `data_api_requests_total{${endpoint},method="GET",status="304"}`,
      unmatched: 'data_api_requests_total{endpoint="none",method="GET",status="404"}',
      timed: `data_api_request_duration_seconds_count{${endpoint}}`,
    };
    const before = await metricsText();
    const count = (text: string, name: keyof typeof series) => sampleOf(text, series[name]) ?? 0;

    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await get('/_api/metrics/orders'));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const tag = answers[0].headers.etag as string;
    expect((await get('/_api/metrics/orders').set('If-None-Match', tag)).status).toBe(304);
    expect((await app.http().get('/_api/metrics/orders')).status).toBe(401);
    for (const path of ['/_api/metrics/nothing', '/_api/random-1', '/_api/random-2']) {
      expect((await get(path)).status).toBe(404);
    }

    const after = await metricsText();
    expect(count(after, 'ok') - count(before, 'ok')).toBe(3);
    expect(count(after, 'notModified') - count(before, 'notModified')).toBe(1);
    expect(count(after, 'unauthorized') - count(before, 'unauthorized')).toBe(1);
    expect(count(after, 'unmatched') - count(before, 'unmatched')).toBe(3);
    expect(count(after, 'timed') - count(before, 'timed')).toBe(5);
    // Scrapes are not requests of /_api: they count nowhere.
    expect(after).not.toMatch(/_metrics/);
  });

  test('the reload counter moves when an endpoint changes', async () => {
    const reloads = async () => sampleOf(await metricsText(), 'data_api_definition_reloads_total')!;
    const before = await reloads();
    expect(before).toBeGreaterThanOrEqual(1);
    await createEndpoint(admin, key, {
      path: 'metrics/orders/again',
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }],
    });
    expect(await reloads()).toBeGreaterThan(before);
  });

  test('logins refused by the throttle are counted', async () => {
    const throttled = async () => sampleOf(await metricsText(), 'data_api_login_throttled_total')!;
    const logIn = (password: string) =>
      app.http().post('/_api/_session').set('Origin', ORIGIN).send({ identifier: 'customer4@example.com', password });
    const before = await throttled();
    for (let i = 0; i < MAX_FAILURES; i += 1) expect((await logIn(`wrong-${i}`)).status).toBe(401);
    expect(await throttled()).toBe(before);
    expect((await logIn('wrong-again')).status).toBe(429);
    expect((await logIn('Customer123!')).status).toBe(429);
    expect(await throttled()).toBe(before + 2);
  });

  test('requests refused by a rate limit are counted, by endpoint and by the limit that refused them', async () => {
    await createEndpoint(admin, key, {
      path: 'metrics/limited',
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }],
      rateLimit: { requests: 2, windowSeconds: 3600 },
    });
    const refused = 'data_api_rate_limited_total{endpoint="GET metrics/limited",scope="endpoint"}';
    const tooMany = 'data_api_requests_total{endpoint="GET metrics/limited",method="GET",status="429"}';
    expect(sampleOf(await metricsText(), refused)).toBeUndefined();
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await get('/_api/metrics/limited')).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    const text = await metricsText();
    expect(sampleOf(text, refused)).toBe(3);
    expect(sampleOf(text, tooMany)).toBe(3);
  });

  test("a cached endpoint's hits and misses are counted, and the cache's bytes, entries and evictions read", async () => {
    await createEndpoint(admin, key, {
      path: 'metrics/cached',
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }],
      cache: { maxAgeSeconds: 600 },
    });
    const hits = 'data_api_cache_hits_total{endpoint="GET metrics/cached"}';
    const misses = 'data_api_cache_misses_total{endpoint="GET metrics/cached"}';
    // The first answer is not kept (its reads are not known yet), the second is, the third is served from it.
    for (let i = 0; i < 3; i += 1) expect((await get('/_api/metrics/cached')).status).toBe(200);
    let text = await metricsText();
    expect([sampleOf(text, hits), sampleOf(text, misses)]).toEqual([1, 2]);
    expect(sampleOf(text, 'data_api_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'data_api_cache_bytes')).toBeGreaterThan(0);
    expect(sampleOf(text, 'data_api_cache_evictions_total')).toBe(0);
    // Endpoints without a cache have no cache series.
    expect(text).not.toMatch(/data_api_cache_\w+_total\{endpoint="GET metrics\/orders"\}/);
    expect((await admin.del('/data-api/cache')).status).toBe(200);
    text = await metricsText();
    expect([sampleOf(text, 'data_api_cache_entries'), sampleOf(text, 'data_api_cache_bytes')]).toEqual([0, 0]);
  });

  test("the database pool's gauges are present", async () => {
    const text = await metricsText();
    const used = sampleOf(text, 'data_api_db_pool_connections{state="used"}')!;
    const free = sampleOf(text, 'data_api_db_pool_connections{state="free"}')!;
    expect(used).toBeGreaterThanOrEqual(0);
    expect(free).toBeGreaterThanOrEqual(0);
    expect(used + free).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'data_api_db_pool_pending_acquires')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'data_api_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('allowed IPs and a token, at a path of their own', () => {
  let unset: () => void;
  beforeAll(async () => {
    unset = await boot({
      DATA_API_METRICS_TOKEN: TOKEN,
      DATA_API_METRICS_IPS: '10.0.0.0/8',
      DATA_API_METRICS_PATH: '/ops/metrics',
    });
  });
  afterAll(async () => {
    await app?.stop();
    unset?.();
  });

  test('an address outside the list is refused (403), with the right token too', async () => {
    for (const request of [() => scrape('/ops/metrics'), () => app.http().get('/ops/metrics')]) {
      const response = await request();
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: 'Forbidden' });
    }
  });

  test('the default path is not served then', async () => {
    expect((await scrape('/_api/_metrics')).status).toBe(404);
  });
});
