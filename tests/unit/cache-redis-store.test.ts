import Redis from 'ioredis';
import type { CachedAnswer } from '../../server/src/cache/answer';
import { PURGE_ALL_MARK } from '../../server/src/cache/purge-marks';
import { createRedisStore } from '../../server/src/cache/redis-store';
import type { CacheStore, Lookup } from '../../server/src/cache/store';
import { createGenerations, type Generations } from '../../server/src/totals/generations';
import { startRedisRelay, type RedisRelay } from '../helpers/redis-relay';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';

/**
 * The Redis store of the response cache against a redis-server of the suite's own: what makes an entry a hit,
 * and what must never let a stale one look fresh (a write elsewhere, an evicted counter, a server whose data
 * predates writes, a write whose deletion did not reach Redis).
 */
const PREFIX = 'unit_cache';
const ORDER = 'api::order.order';
const PRODUCT = 'api::product.product';
const READS = [PURGE_ALL_MARK, ORDER];
const TIMEOUT_MS = 200;
/** How often a store deletes the counters of writes its instance learnt of through the database. */
const INTERVAL_MS = 50;
const ANSWER: CachedAnswer = { body: Buffer.from('{"items":[{"id":1}]}'), etag: '"e1"', link: null };

let redis: RedisServer;
let raw: Redis;
const open: CacheStore[] = [];

const storeAt = (redisUrl: string, maxEntryBytes = 1024 * 1024, generations: Generations = createGenerations()) => {
  const store = createRedisStore(
    {
      enabled: true,
      store: 'redis',
      maxBytes: 16 * 1024 * 1024,
      maxEntryBytes,
      redisUrl,
      prefix: PREFIX,
      storeTimeoutMs: TIMEOUT_MS,
    },
    { generations, intervalMs: INTERVAL_MS }
  );
  open.push(store);
  return store;
};

/** Until the store answers (its connection ready and checked). */
const answered = async (store: CacheStore, key: string, reads = READS) => {
  for (const started = Date.now(); ; ) {
    try {
      return await store.lookup(key, reads);
    } catch (error) {
      if (Date.now() - started > 10_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

const missed = (lookup: Lookup) => {
  if (lookup.hit) throw new Error('a hit where a miss was expected');
  return lookup.stamp;
};

/** A miss, then its answer kept: what a request to a cached endpoint does. */
const kept = async (store: CacheStore, key: string, answer = ANSWER, reads = READS) => {
  const stamp = missed(await answered(store, key, reads));
  await store.keep(key, answer, stamp, { endpointId: 1, reads, ttlMs: 60_000 });
};

const hitOf = async (store: CacheStore, key: string, reads = READS) => (await answered(store, key, reads)).hit;

beforeAll(async () => {
  redis = await startRedisServer();
  raw = new Redis(redis.url);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
  await raw.flushdb();
});

afterAll(async () => {
  raw.disconnect();
  await redis.stop();
});

test('a kept answer is a hit, byte for byte, on every instance, until a write on any of them', async () => {
  const [first, second] = [storeAt(redis.url), storeAt(redis.url)];
  await kept(first, 'k', { ...ANSWER, link: '</_api/orders?page=2>; rel="next"' });
  expect(await hitOf(first, 'k')).toEqual({ ...ANSWER, link: '</_api/orders?page=2>; rel="next"' });
  expect(await hitOf(second, 'k')).toEqual({ ...ANSWER, link: '</_api/orders?page=2>; rel="next"' });
  second.written([PRODUCT]);
  expect(await hitOf(second, 'k')).not.toBeNull(); // not read by the entry
  second.written([ORDER]);
  expect(await hitOf(second, 'k')).toBeNull(); // on this connection after the write's deletion
  expect(await hitOf(first, 'k')).toBeNull();
  // Kept again, it is a hit again.
  await kept(first, 'k');
  expect(await hitOf(second, 'k')).toEqual(ANSWER);
});

test('an answer read while a type it read was written is not kept', async () => {
  const store = storeAt(redis.url);
  const stamp = missed(await answered(store, 'k'));
  store.written([ORDER]);
  await store.keep('k', ANSWER, stamp, { endpointId: 1, reads: READS, ttlMs: 60_000 });
  expect(await hitOf(store, 'k')).toBeNull();
  expect(await raw.keys(`${PREFIX}:e:*`)).toEqual([]);
});

test('a type read that the entry did not record is a miss; one first read by the answer is not kept', async () => {
  const store = storeAt(redis.url);
  await kept(store, 'k');
  expect(await hitOf(store, 'k', [...READS, PRODUCT])).toBeNull();
  const stamp = missed(await answered(store, 'other'));
  await store.keep('other', ANSWER, stamp, { endpointId: 1, reads: [...READS, PRODUCT], ttlMs: 60_000 });
  expect(await hitOf(store, 'other', [...READS, PRODUCT])).toBeNull();
});

test('a counter evicted or deleted by hand makes its entries misses, and is never set to a token it held', async () => {
  const store = storeAt(redis.url);
  await kept(store, 'k');
  const counter = `${PREFIX}:g:${ORDER}`;
  const before = await raw.get(counter);
  await raw.del(counter);
  expect(await hitOf(store, 'k')).toBeNull();
  const after = await raw.get(counter);
  expect(after).not.toBeNull();
  expect(after).not.toBe(before);
});

test('an entry expires with its time to live; an answer over maxEntryBytes is not kept', async () => {
  const store = storeAt(redis.url, 1024);
  await kept(store, 'k');
  const [entry] = await raw.keys(`${PREFIX}:e:*`);
  expect(await raw.pttl(entry)).toBeGreaterThan(50_000);
  expect(await raw.pttl(entry)).toBeLessThanOrEqual(60_000);
  await kept(store, 'large', { ...ANSWER, body: Buffer.alloc(2048, 'x') });
  expect(await hitOf(store, 'large')).toBeNull();
  expect(await raw.keys(`${PREFIX}:e:*`)).toEqual([entry]);
});

test('keys: all under the prefix, entry keys of a fixed length, and no other key touched', async () => {
  await raw.set('other_app:key', 'kept');
  const store = storeAt(redis.url);
  await kept(store, 'x'.repeat(10_000));
  store.written([ORDER]);
  await answered(store, 'k');
  const keys = (await raw.keys('*')).sort();
  expect(keys.filter((key) => !key.startsWith(`${PREFIX}:`))).toEqual(['other_app:key']);
  expect(await raw.get('other_app:key')).toBe('kept');
  expect(keys.filter((key) => key.startsWith(`${PREFIX}:e:`)).map((key) => key.length)).toEqual([
    `${PREFIX}:e:`.length + 43,
  ]);
});

test('a full Redis that evicts nothing (noeviction): a write still deletes its counters, so its entries are misses', async () => {
  const store = storeAt(redis.url);
  await kept(store, 'k');
  const counter = `${PREFIX}:g:${ORDER}`;
  await raw.config('SET', 'maxmemory', '1');
  try {
    // Refused with OOM: a write Redis cannot record.
    await expect(raw.set(counter, 'x')).rejects.toThrow(/OOM/);
    store.written([ORDER]);
    for (const started = Date.now(); await raw.exists(counter); )
      if (Date.now() - started > 2000) throw new Error('the counter was not deleted');
    // A miss, or refused (the database answers): never the entry.
    expect(
      await store.lookup('k', READS).then(
        ({ hit }) => hit,
        () => null
      )
    ).toBeNull();
  } finally {
    await raw.config('SET', 'maxmemory', '0');
  }
});

describe('a connection to another server, or after a failed write', () => {
  test('reconnected to the same server, entries are hits again; to a server whose data another run wrote, misses', async () => {
    const store = storeAt(redis.url);
    await kept(store, 'k');
    await raw.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    expect(await hitOf(store, 'k')).toEqual(ANSWER);
    // What a restart that reloads a snapshot (or a promoted replica) leaves: data, and the run id of another run.
    await raw.set(`${PREFIX}:server`, 'a run before the snapshot');
    await raw.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    expect(await hitOf(store, 'k')).toBeNull();
  });

  test('a server that refuses INFO: every connection makes all entries misses', async () => {
    // ioredis's own ready check uses INFO too, and says so on the console at each connection.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await raw.acl('SETUSER', 'cache', 'on', '>secret', `~${PREFIX}:*`, '+@all', '-info');
    try {
      const store = storeAt(redis.url.replace('redis://', 'redis://cache:secret@'));
      await kept(store, 'k');
      expect(await hitOf(store, 'k')).toEqual(ANSWER);
      await raw.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      expect(await hitOf(store, 'k')).toBeNull();
    } finally {
      await raw.acl('DELUSER', 'cache');
      warn.mockRestore();
    }
  });

  describe('through a relay that stalls', () => {
    let relay: RedisRelay;
    beforeEach(async () => {
      relay = await startRedisRelay(redis.port);
    });
    afterEach(async () => {
      await relay.close();
    });

    test('a write whose deletion did not reach Redis: no hit, on any instance, once it is back', async () => {
      const [cut, other] = [storeAt(relay.url), storeAt(redis.url)];
      await kept(cut, 'k');
      const [link] = relay.open();
      relay.stall();
      cut.written([ORDER]); // held by the relay, then lost with the connection the timeout closes
      await expect(cut.lookup('k', READS)).rejects.toThrow();
      while (relay.open().includes(link)) await new Promise((resolve) => setTimeout(resolve, 20));
      relay.resume();
      // Its first answer once back is a miss: the write's deletion was made before it.
      expect((await answered(cut, 'k')).hit).toBeNull();
      expect(await hitOf(other, 'k')).toBeNull();
    });

    test('meanwhile, another instance that learns of the write through the database deletes its counters', async () => {
      const clock = createGenerations();
      const [cut, other] = [storeAt(relay.url), storeAt(redis.url, 1024 * 1024, clock)];
      await kept(cut, 'k');
      expect(await hitOf(other, 'k')).toEqual(ANSWER);
      relay.stall();
      cut.written([ORDER]); // never reaches Redis
      // What totals/shared-generations.ts does when it reads another instance's write in the database.
      clock.bump([ORDER]);
      await new Promise((resolve) => setTimeout(resolve, 4 * INTERVAL_MS));
      expect(await hitOf(other, 'k')).toBeNull();
      relay.resume();
    });

    test("an instance's own writes are deleted once, not again with the writes it learns of", async () => {
      const clock = createGenerations();
      const store = storeAt(redis.url, 1024 * 1024, clock);
      await kept(store, 'k');
      // What totals.written does: the clock moves, then the store hears of the write.
      clock.bump([ORDER]);
      store.written([ORDER]);
      await kept(store, 'k');
      await new Promise((resolve) => setTimeout(resolve, 4 * INTERVAL_MS));
      expect(await hitOf(store, 'k')).toEqual(ANSWER);
    });
  });
});
