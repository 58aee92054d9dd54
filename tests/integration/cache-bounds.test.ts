import { cacheStats, served } from '../helpers/cache';
import { createEndpoint } from '../helpers/fixtures';
import { keyedSuite, type KeyedSuite } from '../helpers/keyed-suite';

/**
 * The response cache's bounds: the memory store stays under `cache.maxBytes` when
 * flooded with distinct query strings (the entries used longest ago go), keeps no answer over `maxEntryBytes`,
 * serves an answer with signed file URLs for at most half their lifetime; `cache.enabled: false` keeps nothing.
 */
const MAX_BYTES = 1024 * 1024; // the least the config allows
const MAX_ENTRY_BYTES = 8 * 1024;
const URL_TTL_SECONDS = 10; // the least the config allows: entries with files are served 5 s at most

const list = {
  type: 'list',
  object: 'api::order.order',
  fields: [{ name: 'id' }, { name: 'status' }],
  sort: [{ field: 'id', dir: 'asc' }],
  cache: { maxAgeSeconds: 600 },
};
const getWith = (suite: KeyedSuite, url: string) => () =>
  suite.app
    .http()
    .get(url)
    .set('Authorization', `Bearer ${suite.key.secret}`)
    .then((response) => response);

describe('a bounded memory store', () => {
  const suite = keyedSuite({
    env: {
      DATA_API_CACHE_MAX_BYTES: String(MAX_BYTES),
      DATA_API_CACHE_MAX_ENTRY_BYTES: String(MAX_ENTRY_BYTES),
      DATA_API_FILE_URL_TTL_SECONDS: String(URL_TTL_SECONDS),
    },
  });
  const get = (url: string) => getWith(suite, url);

  beforeAll(async () => {
    const { admin, key } = suite;
    await createEndpoint(admin, key, { ...list, path: 'bound/orders' });
    await createEndpoint(admin, key, {
      ...list,
      path: 'bound/wide',
      fields: ['id', 'status', 'quantity', 'total', 'note', 'orderedAt', 'customer', 'product'].map((name) => ({
        name,
      })),
    });
    await createEndpoint(admin, key, {
      ...list,
      path: 'bound/files',
      object: 'api::post.post',
      fields: [{ name: 'id' }, { name: 'cover' }],
    });
  }, 120_000);

  test('a flood of distinct query strings stays under maxBytes: the entries used longest ago go', async () => {
    const before = cacheStats(suite.app);
    let most = 0;
    for (let n = 0; n < 500; n += 1) {
      expect((await get(`/_api/bound/orders?id:gt=${n}`)()).status).toBe(200);
      most = Math.max(most, cacheStats(suite.app).bytes);
    }
    const after = cacheStats(suite.app);
    expect(most).toBeLessThanOrEqual(MAX_BYTES);
    // Each entry holds a page of 100 orders (a few kB): the bound held a few hundred of them.
    expect(most).toBeGreaterThan(MAX_BYTES / 2);
    expect(after.evictions - before.evictions).toBeGreaterThan(100);
    expect(after.entries).toBeLessThan(500);
    // The latest are kept, the first are gone.
    expect((await served(suite.app, get('/_api/bound/orders?id:gt=499'))).as).toBe('hit');
    expect((await served(suite.app, get('/_api/bound/orders?id:gt=1'))).as).toBe('miss');
  });

  test('an answer over maxEntryBytes is never kept', async () => {
    const first = await get('/_api/bound/wide')();
    expect(first.text.length).toBeGreaterThan(MAX_ENTRY_BYTES);
    for (let n = 0; n < 3; n += 1) expect((await served(suite.app, get('/_api/bound/wide'))).as).toBe('miss');
  });

  test('an answer with signed file URLs is served for half their lifetime at most', async () => {
    await get('/_api/bound/files')();
    const kept = await served(suite.app, get('/_api/bound/files'));
    const keptAt = Date.now();
    expect(kept.as).toBe('miss');
    expect((await served(suite.app, get('/_api/bound/files'))).as).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, keptAt + (URL_TTL_SECONDS * 1000) / 2 + 100 - Date.now()));
    const later = await served(suite.app, get('/_api/bound/files'));
    expect(later.as).toBe('miss');
    // Its URLs still work when served: read again, with the time left of their own.
    const url = later.response.body.items[0].cover as string;
    expect((await suite.app.http().get(url)).status).toBe(200);
  }, 30_000);
});

describe('the cache turned off (cache.enabled: false)', () => {
  const suite = keyedSuite({ env: { DATA_API_CACHE: 'false' } });

  test('keeps nothing, whatever the endpoints say', async () => {
    await createEndpoint(suite.admin, suite.key, { ...list, path: 'off/orders' });
    for (let n = 0; n < 3; n += 1) {
      const answer = await served(suite.app, getWith(suite, '/_api/off/orders'));
      expect([answer.as, answer.response.status]).toEqual(['none', 200]);
    }
    expect(cacheStats(suite.app)).toMatchObject({ enabled: false, hits: 0, misses: 0, entries: 0 });
  });
});
