import { isDeepStrictEqual } from 'node:util';
import Redis from 'ioredis';
import supertest from 'supertest';
import { createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { startRedisRelay, type RedisRelay } from '../helpers/redis-relay';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startSecondInstance, type SecondInstance } from '../helpers/second-instance';
import { startApp, type TestApp } from '../helpers/strapi';

/**
 * The response cache on Redis, as a site behind a load balancer runs it: two instances of the
 * playground on one database and one Redis (a redis-server of the suite's own). An answer kept by one is served
 * by both; a write or a purge on either makes the next answer of both the database's at once; Redis down, slow
 * or restarted costs hits, never an exact answer. This process reaches Redis through a relay that can stall.
 *
 * To tell a cached answer from the database's, a test changes a row with SQL that Strapi does not see (what
 * only the entry's maximum age bounds): an answer that still has the old value came from the cache.
 */
const ORDER = 'api::order.order';
const LIST = '/_api/redis-cache/orders';
const PREFIX = 'suite_cache';
const FOREIGN = 'other_app:key';
const STORE_TIMEOUT_MS = 1000;
/** Ten times what another instance takes to learn of a write through the database (refreshIntervalMs, twice). */
const LEARNT_MS = 10_000;
/** How long a poll waits for a state that should come within a few seconds (a reconnection). */
const POLL_MS = 20_000;

let redis: RedisServer;
let relay: RedisRelay;
let raw: Redis;
let app: TestApp;
let second: SecondInstance;
let key: KeyFixture;
let endpointId: number;
let instances: Array<() => supertest.Agent>;

const get = (instance: number, headers: Record<string, string> = {}) =>
  instances[instance]().get(LIST).set('Authorization', `Bearer ${key.secret}`).set(headers);
const cache = () => app.strapi.plugin('data-api').service('engine').cache;
const hits = (): number => cache().stats().hits;
/** The listed orders as the database holds them now. */
const rows = async () =>
  (await knexOf(app)('orders').where({ quantity: 777 }).orderBy('id').select('id', 'note')).map(
    (row: { id: number; note: string | null }) => ({ id: Number(row.id), note: row.note })
  );
const itemsOf = (response: supertest.Response) => {
  expect(response.status).toBe(200);
  return response.body.items as Array<{ id: number; note: string | null }>;
};
/** Changes the first order's note with SQL Strapi does not see: only a read of the database shows it. */
const unseenChange = async (note: string) => {
  const [first] = await rows();
  await knexOf(app)('orders').where({ id: first.id }).update({ note });
};
/** Asks the first instance until it answers from the cache (that answer), handing over each answer. */
const untilHit = async (each: (response: supertest.Response) => Promise<void> = async () => {}) => {
  const before = hits();
  for (const started = Date.now(); ; ) {
    const response = await get(0);
    await each(response);
    if (hits() > before) return response;
    if (Date.now() - started > POLL_MS) throw new Error(`no hit within ${POLL_MS} ms`);
  }
};
const exact = async (response: supertest.Response) => {
  expect(itemsOf(response)).toEqual(await rows());
};
/**
 * The first instance keeps an entry, the database changes behind Strapi, and the second instance serves that
 * entry (so its answer is not the database's). An instance that learns late, through the database, of an earlier
 * write deletes the entry once more (a miss, never a stale answer; cache/redis-store-catch-up.ts), so on a busy
 * machine the entry may have to be kept again: a few times, never more.
 */
const secondServesKept = async (note: string) => {
  for (let attempt = 1; ; attempt += 1) {
    await untilHit(exact);
    await unseenChange(`${note} (${attempt})`);
    if (!isDeepStrictEqual(itemsOf(await get(1)), await rows())) return;
    if (attempt === 5) throw new Error('the second instance never served the entry the first kept');
  }
};
/** The keys of other applications are left as they were, and the cache's are all under its prefix. */
const onlyPrefixedKeys = async () => {
  const keys = await raw.keys('*');
  expect(keys.filter((name) => !name.startsWith(`${PREFIX}:`))).toEqual([FOREIGN]);
  expect(await raw.get(FOREIGN)).toBe('kept');
  expect(keys.some((name) => name.startsWith(`${PREFIX}:e:`))).toBe(true);
};

beforeAll(async () => {
  redis = await startRedisServer();
  relay = await startRedisRelay(redis.port);
  raw = new Redis(redis.url);
  await raw.set(FOREIGN, 'kept');
  app = await startApp({
    DATA_API_CACHE_STORE: 'redis',
    DATA_API_CACHE_REDIS_URL: relay.url,
    DATA_API_CACHE_PREFIX: PREFIX,
    DATA_API_CACHE_STORE_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
  });
  const admin = await app.admin();
  key = await createKey(admin, 'redis cache');
  for (const note of ['first', 'second'])
    await app.strapi.documents(ORDER).create({ data: { quantity: 777, note } as never });
  ({ id: endpointId } = await createEndpoint(admin, key, {
    path: 'redis-cache/orders',
    type: 'list',
    object: ORDER,
    filter: { quantity: 777 },
    fields: [{ name: 'id' }, { name: 'note' }],
    sort: [{ field: 'id', dir: 'asc' }],
    cache: { maxAgeSeconds: 60 },
  }));
  // Created after the endpoint: it loads it as it boots. It reaches Redis directly, with the suite's settings.
  second = await startSecondInstance({ env: { DATA_API_CACHE_REDIS_URL: redis.url } });
  instances = [() => app.http(), () => supertest(second.url)];
  // Each instance's first answer of an endpoint teaches it what the endpoint reads, and is not kept.
  for (const instance of [0, 1]) await get(instance);
}, 180_000);

afterAll(async () => {
  await second?.stop();
  await app?.stop();
  raw?.disconnect();
  await relay?.close();
  await redis?.stop();
});

test('an answer kept by one instance is served by both, byte for byte, and a conditional GET is a 304', async () => {
  const kept = await get(0);
  const hit = await untilHit();
  expect(hit.text).toBe(kept.text);
  expect(hit.headers.etag).toBe(kept.headers.etag);
  await exact(hit);
  await unseenChange('changed behind Strapi');
  const fromSecond = await get(1);
  expect(fromSecond.text).toBe(kept.text);
  expect((await get(1, { 'If-None-Match': kept.headers.etag })).status).toBe(304);
});

test("a write through either instance: the other's next answer is the database's, at once", async () => {
  for (let round = 0; round < 3; round += 1) {
    // The first instance holds an entry, which the database then no longer matches.
    await untilHit();
    await unseenChange(`unseen ${round}`);
    // Sooner than the other instance learns of writes through the database (refreshIntervalMs).
    await second.create(ORDER, { quantity: 777, note: `created by the second instance ${round}` });
    await exact(await get(0));

    // The second instance serves the entry the first kept, until the first writes.
    await secondServesKept(`unseen again ${round}`);
    const [last] = (await rows()).slice(-1);
    await app.strapi.db.query(ORDER).update({ where: { id: last.id }, data: { note: `updated ${round}` } });
    await exact(await get(1));
  }
});

test("a purge of the endpoint, or of all, on one instance: the other's next answer is the database's", async () => {
  const purges = { endpoint: () => cache().purge(endpointId), all: () => cache().purge() };
  for (const [which, purge] of Object.entries(purges)) {
    await secondServesKept(`before the purge of ${which}`);
    expect(purge()).toEqual({ purged: 0 });
    await exact(await get(1));
  }
});

test('Redis holds the cache under its prefix only; other keys are left alone', async () => {
  await onlyPrefixedKeys();
});

test("Redis unreachable from the instance that writes: its answers are the database's, the other's within refreshIntervalMs, and once it is back no instance serves what the write changed", async () => {
  await untilHit();
  const [link] = relay.open();
  relay.stall();
  await app.strapi.db
    .query(ORDER)
    .update({ where: { id: (await rows())[0].id }, data: { note: 'written while Redis stalled' } });
  // The lookup waits storeTimeoutMs, then the database answers.
  await exact(await get(0));
  // The other instance learns of the write through the database (refreshIntervalMs) and deletes its counters.
  for (const started = Date.now(); ; ) {
    const answer = itemsOf(await get(1));
    if (JSON.stringify(answer) === JSON.stringify(await rows())) break;
    if (Date.now() - started > LEARNT_MS) throw new Error(`still ${JSON.stringify(answer)} after ${LEARNT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The deletion of the write's counters was lost with the connection the timeout closed.
  for (const started = Date.now(); relay.open().includes(link); ) {
    if (Date.now() - started > POLL_MS) throw new Error('the stalled connection stayed open');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  relay.resume();
  await untilHit(exact);
  await exact(await get(1));
});

test('Redis stopped: both instances answer from the database (the outage logged once), and after a restart hits come back, exact', async () => {
  const warn = jest.spyOn(app.strapi.log, 'warn');
  try {
    await redis.stop();
    for (const instance of [0, 1]) await exact(await get(instance));
    await app.strapi.db
      .query(ORDER)
      .update({ where: { id: (await rows())[0].id }, data: { note: 'written while Redis was down' } });
    for (let i = 0; i < 3; i += 1) for (const instance of [0, 1]) await exact(await get(instance));
    const outage = warn.mock.calls.filter(([line]) => String(line).includes('the response cache store failed'));
    expect(outage).toHaveLength(1);
  } finally {
    warn.mockRestore();
  }
  await redis.start();
  await raw.set(FOREIGN, 'kept');
  await untilHit(exact);
  await exact(await get(1));
  await onlyPrefixedKeys();
});
