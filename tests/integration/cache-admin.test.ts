import { cacheStatsSchema, type CacheStats } from '../../contracts/cache';
import { PERMISSIONS } from '../../contracts/permissions';
import type { UsageSeries } from '../../contracts/usage';
import { createEndpoint } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';
import { range } from '../helpers/usage-suite';
import { adminWith } from '../helpers/strapi';

/**
 * The response cache's control in the admin API: its figures, purges of all or one endpoint
 * (each really makes the next request a miss), the right that guards them; and hits and misses in the usage
 * statistics.
 */
const { app, admin, key } = keyedSuite({ env: { DATA_API_USAGE_FLUSH_MS: '600000' } });

let orders: { id: number };
let products: { id: number };

const get = (path: string) => app.http().get(`/_api/${path}`).set('Authorization', `Bearer ${key.secret}`);
const stats = async (client = admin) => {
  const response = await client.get('/data-api/cache');
  expect(response.status).toBe(200);
  return cacheStatsSchema.parse(response.body.data);
};

/** Calls `path` once and tells whether the cache answered it (its hit count moved). */
const hit = async (path: string) => {
  const before: CacheStats = await stats();
  expect((await get(path)).status).toBe(200);
  const after = await stats();
  expect(after.hits + after.misses).toBe(before.hits + before.misses + 1);
  return after.hits === before.hits + 1;
};

/** Calls `path` until its answer is kept: the first answer of an endpoint is not (its reads are not known yet). */
const fill = async (path: string) => {
  for (let i = 0; i < 3 && !(await hit(path)); i += 1);
  expect(await hit(path)).toBe(true);
};

beforeAll(async () => {
  const list = (path: string, object: string) =>
    createEndpoint(admin, key, {
      path,
      type: 'list',
      object,
      fields: [{ name: 'id' }],
      sort: [{ field: 'id', dir: 'asc' }],
      cache: { maxAgeSeconds: 600 },
    });
  orders = await list('cached/orders', 'api::order.order');
  products = await list('cached/products', 'api::product.product');
});

describe('GET /data-api/cache', () => {
  test("answers this instance's figures: the store, its bound, what it holds, hits and misses", async () => {
    const before = await stats();
    expect(before).toMatchObject({ store: 'memory', enabled: true, maxBytes: 64 * 1024 * 1024 });
    await fill('cached/orders');
    const after = await stats();
    expect(after.entries).toBeGreaterThanOrEqual(1);
    expect(after.bytes).toBeGreaterThan(0);
    expect(after.hits).toBeGreaterThan(before.hits);
    expect(after.misses).toBeGreaterThan(before.misses);
  });
});

describe('DELETE /data-api/cache', () => {
  test("one endpoint's purge makes its next request a miss and leaves the other's entries", async () => {
    await fill('cached/orders');
    await fill('cached/products');
    const response = await admin.del(`/data-api/cache/endpoints/${products.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { purged: 1 } });
    expect(await hit('cached/products')).toBe(false);
    expect(await hit('cached/orders')).toBe(true);
    expect(await hit('cached/products')).toBe(true);
  });

  test('a purge of all drops every entry: the next requests are misses', async () => {
    await fill('cached/orders');
    await fill('cached/products');
    const held = (await stats()).entries;
    const response = await admin.del('/data-api/cache');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { purged: held } });
    expect(await stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect(await hit('cached/orders')).toBe(false);
    expect(await hit('cached/products')).toBe(false);
  });

  test('an unknown endpoint is 404, an id that is no number 400', async () => {
    const unknown = await admin.del(`/data-api/cache/endpoints/${orders.id + products.id + 1000}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ name: 'NotFoundError', message: 'Endpoint not found' });
    for (const id of ['abc', '0', '1e3', '99999999999']) {
      expect((await admin.del(`/data-api/cache/endpoints/${id}`)).status).toBe(400);
    }
  });
});

describe('rights', () => {
  test('the figures need usage.read, purges cache.manage; an admin with neither gets 403 from all three', async () => {
    const reader = await adminWith(app, 'cache-reader@example.com', [PERMISSIONS.usage.read]);
    const purger = await adminWith(app, 'cache-purger@example.com', [PERMISSIONS.cache.manage]);
    const outsider = await adminWith(app, 'cache-outsider@example.com', [PERMISSIONS.endpoints.manage]);
    const purgeOne = `/data-api/cache/endpoints/${orders.id}`;

    expect((await reader.get('/data-api/cache')).status).toBe(200);
    expect((await reader.del('/data-api/cache')).status).toBe(403);
    expect((await reader.del(purgeOne)).status).toBe(403);

    await fill('cached/orders');
    expect((await purger.get('/data-api/cache')).status).toBe(403);
    expect((await purger.del(purgeOne)).body).toEqual({ data: { purged: 1 } });
    expect((await purger.del('/data-api/cache')).status).toBe(200);

    expect((await outsider.get('/data-api/cache')).status).toBe(403);
    expect((await outsider.del('/data-api/cache')).status).toBe(403);
    expect((await outsider.del(purgeOne)).status).toBe(403);
  });
});

describe('usage', () => {
  /** The usage totals of endpoint `id` in the last hours, once this instance's counts are written. */
  const totalsOf = async (id: number) => {
    await (
      app.strapi.plugin('data-api').service('usage') as { recorder: { flush: () => Promise<void> } }
    ).recorder.flush();
    const response = await admin.get('/data-api/usage').query({ ...range(), groupBy: 'endpoint', endpoint: id });
    expect(response.status).toBe(200);
    return (response.body.data as UsageSeries).totals;
  };

  test("a cached endpoint's hits and misses are counted per endpoint, with the hit rate", async () => {
    const before = await totalsOf(orders.id);
    expect(before.cacheHits + before.cacheMisses).toBe(before.requests);
    await admin.del('/data-api/cache');
    const seen = [];
    for (let i = 0; i < 4; i += 1) seen.push(await hit('cached/orders'));
    expect(seen).toEqual([false, true, true, true]);
    const after = await totalsOf(orders.id);
    expect([after.cacheHits - before.cacheHits, after.cacheMisses - before.cacheMisses]).toEqual([3, 1]);
    expect(after.cacheHitRate).toBe(Math.round((after.cacheHits / after.requests) * 10_000) / 10_000);
  });

  test('an endpoint without a cache counts neither', async () => {
    const uncached = await createEndpoint(admin, key, {
      path: 'uncached/orders',
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }],
    });
    expect((await get('uncached/orders')).status).toBe(200);
    expect(await totalsOf(uncached.id)).toMatchObject({
      requests: 1,
      cacheHits: 0,
      cacheMisses: 0,
      cacheHitRate: null,
    });
  });
});
