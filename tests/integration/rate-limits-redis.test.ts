import supertest from 'supertest';
import { MESSAGES } from '../../contracts/messages';
import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { expectTooMany, listening, PATIENT_STORE, remainingOf, statusCounts } from '../helpers/rate-limits';
import { startRedisRelay, type RedisRelay } from '../helpers/redis-relay';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startSecondInstance, type SecondInstance } from '../helpers/second-instance';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * Two instances of the playground on one database and one Redis (a redis-server of the suite's own), as a
 * site behind a load balancer: one budget for both, and what each does while Redis is down (this process
 * `allow`s, the second `refuse`s), until Redis is back, without a restart. This process reaches Redis through
 * a relay that can stall (keep the connection open and answer nothing), as an overloaded or frozen Redis does.
 */
const N = 20;
const WINDOW = 60;
/** How long a poll waits for a state that should come within a few seconds (a cool-down, a reconnection). */
const POLL_MS = 20_000;
/** This process skips the store this long after it failed (the default). */
const COOLDOWN_MS = 5000;
const STORE_TIMEOUT_MS = Number(PATIENT_STORE.DATA_API_RATE_LIMIT_STORE_TIMEOUT_MS);

let redis: RedisServer;
let relay: RedisRelay;
let app: TestApp;
let second: SecondInstance;
let admin: AdminClient;
let key: KeyFixture;
let instances: Array<() => supertest.Agent>;
const urls: Record<'first' | 'second' | 'free', string> = { first: '', second: '', free: '' };

const get = (instance: number, url: string) =>
  instances[instance]().get(url).set('Authorization', `Bearer ${key.secret}`);
/** `count` requests at once, alternating between the two instances. */
const burstOf = (count: number, url: string) => Promise.all(Array.from({ length: count }, (_, i) => get(i % 2, url)));
/** Calls `request` until `done` holds for its answer; fails after POLL_MS. */
const pollUntil = async (request: () => Promise<supertest.Response>, done: (r: supertest.Response) => boolean) => {
  const started = Date.now();
  for (;;) {
    const response = await request();
    if (done(response)) return response;
    if (Date.now() - started > POLL_MS) throw new Error(`still ${response.status} after ${POLL_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  redis = await startRedisServer();
  relay = await startRedisRelay(redis.port);
  app = await startApp({
    DATA_API_RATE_LIMIT_STORE: 'redis',
    DATA_API_REDIS_URL: relay.url,
    DATA_API_RATE_LIMIT_STORE_COOLDOWN_MS: String(COOLDOWN_MS),
    DATA_API_RATE_LIMIT_ON_STORE_ERROR: 'allow',
    ...PATIENT_STORE,
  });
  admin = await app.admin();
  key = await createKey(admin, 'shared');
  const products = { type: 'list', object: 'api::product.product', fields: [{ name: 'id' }] };
  for (const name of ['first', 'second'] as const) {
    await createEndpoint(admin, key, {
      ...products,
      path: `shared/${name}`,
      rateLimit: { requests: N, windowSeconds: WINDOW },
    });
    urls[name] = `/_api/shared/${name}`;
  }
  await createEndpoint(admin, key, { ...products, path: 'shared/free' });
  urls.free = '/_api/shared/free';
  // Created after the endpoints: it loads them as it boots.
  second = await startSecondInstance({
    env: { DATA_API_REDIS_URL: redis.url, DATA_API_RATE_LIMIT_ON_STORE_ERROR: 'refuse', ...PATIENT_STORE },
  });
  instances = [await listening(app), () => supertest(second.url)];
}, 180_000);

afterAll(async () => {
  await second?.stop();
  await app?.stop();
  await relay?.close();
  await redis?.stop();
});

test('concurrent requests across both instances: exactly N pass, the rest are 429 with Retry-After', async () => {
  const responses = await burstOf(3 * N, urls.first);
  expect(statusCounts(responses)).toEqual({ 200: N, 429: 2 * N });
  for (const response of responses.filter((r) => r.status === 429)) expectTooMany(response, WINDOW);
  // Each instance has refused some: both counted in the one budget.
  for (const instance of [0, 1]) expectTooMany(await get(instance, urls.first), WINDOW);
});

test('with Redis down, the instance that allows lets requests through (logged once), the one that refuses answers 503', async () => {
  const warn = jest.spyOn(app.strapi.log, 'warn');
  try {
    await redis.stop();
    // The spent budget of the first test no longer holds on this instance: requests pass, uncounted.
    const allowed = await pollUntil(
      () => get(0, urls.first),
      (r) => r.status === 200
    );
    expect(allowed.headers['ratelimit']).toBeUndefined();
    const more = await Promise.all([1, 2, 3].map(() => get(0, urls.first)));
    expect(statusCounts(more)).toEqual({ 200: 3 });
    const outage = warn.mock.calls.filter(([line]) =>
      String(line).includes('rate limit store (redis) cannot be reached')
    );
    expect(outage).toHaveLength(1);
    const refused = await pollUntil(
      () => get(1, urls.second),
      (r) => r.status === 503
    );
    expect(refused.body).toEqual({ success: false, error: MESSAGES.limitsUnavailable });
    // Endpoints without a limit do not need the store.
    expect((await get(1, urls.free)).status).toBe(200);
  } finally {
    warn.mockRestore();
  }
});

test('when Redis is back, both instances count again in one budget, without a restart', async () => {
  const info = jest.spyOn(app.strapi.log, 'info');
  try {
    await redis.start();
    // Redis came back empty: polling spends the fresh budget of /shared/second, counted again on both.
    const counted = await pollUntil(
      () => get(0, urls.second),
      (r) => r.status === 200 && remainingOf(r).endpoint !== undefined
    );
    const fromSecond = await pollUntil(
      () => get(1, urls.second),
      (r) => r.status !== 503
    );
    expect(fromSecond.status).toBe(200);
    expect(remainingOf(fromSecond).endpoint.r).toBeLessThan(remainingOf(counted).endpoint.r);
    expect(info.mock.calls.some(([line]) => String(line).includes('rate limit store (redis) answers again'))).toBe(
      true
    );
    const spent = N - remainingOf(fromSecond).endpoint.r;
    const responses = await burstOf(3 * N, urls.second);
    expect(statusCounts(responses)).toEqual({ 200: N - spent, 429: 2 * N + spent });
    for (const response of responses.filter((r) => r.status === 429)) expectTooMany(response, WINDOW);
  } finally {
    info.mockRestore();
  }
});

describe('a stalled Redis (the connection open, no answers)', () => {
  /** The commands that count a request (rate-limiter-flexible's script), as the relay received them. */
  const countingCommands = () => relay.commands.filter((name) => name.startsWith('EVAL')).length;
  const LIMIT = 5;
  let url: string;
  /** Counting commands sent up to the first request of the stall, included. */
  let sent: number;

  beforeAll(async () => {
    const path = 'shared/stall';
    await createEndpoint(admin, key, {
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }],
      path,
      rateLimit: { requests: LIMIT, windowSeconds: WINDOW },
    });
    url = `/_api/${path}`;
    // Counted through the relay before the stall.
    await pollUntil(
      () => get(0, url),
      (r) => remainingOf(r).endpoint?.r === LIMIT - 1
    );
  });

  afterAll(() => relay.resume());

  test('requests are answered as onStoreError says, and none of them waits in the client', async () => {
    relay.stall();
    const stalledConnections = relay.open();
    const started = Date.now();
    const first = await get(0, url);
    // Let through uncounted (onStoreError: allow) once the store's time is up, not when the socket dies.
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit']).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(STORE_TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS + COOLDOWN_MS);
    sent = countingCommands();

    // During the cool-down: answered without asking the store.
    const during = await Promise.all(Array.from({ length: 50 }, () => get(0, url)));
    expect(statusCounts(during)).toEqual({ 200: 50 });
    expect(during.every((r) => r.headers['ratelimit'] === undefined)).toBe(true);
    // The client drops the connection that answers nothing, and with it the command it was waiting for.
    await pollUntil(
      () => get(0, url),
      () => stalledConnections.every((id) => !relay.open().includes(id))
    );
    // After the cool-down a probe finds Redis still stalled (the new connection never gets ready).
    await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS));
    expect(statusCounts(await Promise.all([1, 2, 3].map(() => get(0, url))))).toEqual({ 200: 3 });
    expect(countingCommands()).toBe(sent);
  });

  test('once Redis answers again, one probe closes the breaker; nothing of the stall is counted late', async () => {
    relay.resume();
    const counted = await pollUntil(
      () => get(0, url),
      (r) => remainingOf(r).endpoint !== undefined
    );
    // Only the probe's command reached Redis: the stall's requests left nothing queued to be sent now, which
    // would spend the budget of requests that were let through.
    expect(countingCommands()).toBe(sent + 1);
    expect(remainingOf(counted).endpoint.r).toBe(LIMIT - 2);
    const rest = [];
    for (let i = 0; i <= LIMIT - 2; i += 1) rest.push(await get(0, url));
    expect(rest.map((r) => r.status)).toEqual([...Array(LIMIT - 2).fill(200), 429]);
    expectTooMany(rest[LIMIT - 2], WINDOW);
  });
});
