import { CACHE_NEEDS_FIXED_TIME } from '../../contracts/cache';
import { cacheStats, served } from '../helpers/cache';
import { createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * The response cache at work: hits and 304s without the database, their headers
 * (the miss's ETag and Link, Cache-Control, the CDN's tags), every step before the cache still run on a hit
 * (allowed IPs, authentication, rate limits, usage, CORS), the rules of a definition's `cache`, and a changed
 * definition or a write never answered with an old entry.
 */
const { app, admin, key } = keyedSuite({ env: { TRUST_PROXY: 'true' } });
let other: KeyFixture;
const ORDER = 'api::order.order';
const CACHE = { maxAgeSeconds: 600 };
const orders = {
  type: 'list',
  object: ORDER,
  filter: { id: { $lte: 250 } },
  fields: [{ name: 'id' }, { name: 'status' }],
  sort: [{ field: 'id', dir: 'asc' }],
  cache: CACHE,
};
const ids: Record<string, number> = {};

const getWith =
  (k: KeyFixture, url: string, headers: Record<string, string> = {}) =>
  () =>
    app
      .http()
      .get(url)
      .set('Authorization', `Bearer ${k.secret}`)
      .set(headers)
      .then((response) => response);
const get = (url: string, headers: Record<string, string> = {}) => getWith(key, url, headers);
const anyone =
  (url: string, headers: Record<string, string> = {}) =>
  () =>
    app
      .http()
      .get(url)
      .set(headers)
      .then((response) => response);
/** Two answers: the first teaches the endpoint what it reads, the second is kept. */
const warm = async (request: () => Promise<unknown>) => {
  await request();
  await request();
};

/** The plugin's engine service, for the executor its endpoints run their statements with. */
type EngineService = { compileDeps: () => { executor: Record<'all' | 'arrays', (sql: string) => unknown> } };

/**
 * The statements run while `work` runs: the plugin's own (its executor) and those through Strapi's knex on
 * content tables. The plugin's bookkeeping runs beside requests and is left out (the shared write clock on a
 * timer, a key's last use written at most once a minute and not awaited).
 */
const statementsDuring = async (work: () => Promise<unknown>) => {
  const { executor } = (app.strapi.plugin('data-api').service('engine') as EngineService).compileDeps();
  const spies = (['all', 'arrays'] as const).map((method) => jest.spyOn(executor, method));
  const statements: string[] = [];
  const listen = (query: { sql: string }) => {
    if (!query.sql.includes('data_api_')) statements.push(query.sql);
  };
  knexOf(app).on('query', listen);
  try {
    await work();
  } finally {
    knexOf(app).off('query', listen);
    for (const spy of spies) {
      statements.push(...spy.mock.calls.map(([sql]) => sql));
      spy.mockRestore();
    }
  }
  return statements;
};

beforeAll(async () => {
  other = await createKey(admin, 'other');
  const keys = { method: 'api-key', keys: [key.id, other.id] };
  const define = async (path: string, definition: Record<string, unknown>) => {
    ids[path] = (await createEndpoint(admin, key, { ...orders, auth: keys, path, ...definition })).id;
  };
  await define('b/orders', {});
  await define('b/public', {
    auth: { method: 'public' },
    rateLimit: { requests: 1000, windowSeconds: 60 },
    cache: { maxAgeSeconds: 60, sharedMaxAgeSeconds: 30, staleWhileRevalidateSeconds: 120 },
  });
  await define('b/public-revalidated', {
    auth: { method: 'public' },
    rateLimit: { requests: 1000, windowSeconds: 60 },
  });
  await define('b/limited', { rateLimit: { requests: 3, windowSeconds: 3600 } });
  await define('b/ips', { allowedIps: ['203.0.113.7'] });
  await define('b/changed', {});
  await define('b/written', { filter: { id: { $lte: 3 } }, fields: [{ name: 'id' }, { name: 'note' }] });
}, 120_000);

describe('a hit', () => {
  test('answers a 304 from the entry, and a 200, without a statement', async () => {
    await warm(get('/_api/b/orders'));
    // The listener sees the plugin's statements: a miss runs its page's.
    expect((await statementsDuring(get('/_api/b/orders?status=paid'))).some((sql) => sql.includes('orders'))).toBe(
      true
    );
    let hit: Awaited<ReturnType<ReturnType<typeof get>>> | undefined;
    expect(await statementsDuring(async () => (hit = await get('/_api/b/orders')()))).toEqual([]);
    expect(hit!.status).toBe(200);
    const etag = hit!.headers.etag;
    let notModified: typeof hit;
    let as = '';
    const during = await statementsDuring(async () => {
      ({ response: notModified, as } = await served(app, get('/_api/b/orders', { 'If-None-Match': etag })));
    });
    expect(during).toEqual([]);
    expect(as).toBe('hit');
    expect(notModified!.status).toBe(304);
    expect(notModified!.text).toBe('');
    expect(notModified!.headers.etag).toBe(etag);
  });

  test("carries the miss's ETag and Link, and private, no-cache on a key's endpoint", async () => {
    // The endpoint's reads are known (the test before): its first answer to a query is kept.
    const miss = await served(app, get('/_api/b/orders?id:gt=1'));
    const hit = await served(app, get('/_api/b/orders?id:gt=1'));
    expect([miss.as, hit.as]).toEqual(['miss', 'hit']);
    expect(hit.response.text).toBe(miss.response.text);
    expect(hit.response.headers.etag).toBe(miss.response.headers.etag);
    expect(hit.response.headers.link).toBe(miss.response.headers.link);
    expect(hit.response.headers.link).toContain('rel="next"');
    expect(hit.response.headers['cache-control']).toBe('private, no-cache');
    expect(hit.response.headers['surrogate-key']).toBeUndefined();
  });

  test("of a public endpoint tells a CDN how long to keep it and the tags to purge it by, with CORS's *", async () => {
    const url = '/_api/b/public';
    await warm(anyone(url));
    const hit = await served(app, anyone(url, { Origin: 'https://elsewhere.example' }));
    expect(hit.as).toBe('hit');
    const { headers } = hit.response;
    expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=120');
    const tags = ['data-api', `data-api:endpoint:${ids['b/public']}`, `data-api:type:${ORDER}`];
    expect(headers['surrogate-key']).toBe(tags.join(' '));
    expect(headers['cache-tag']).toBe(tags.join(','));
    expect(headers['access-control-allow-origin']).toBe('*');
    // A CDN would show every visitor the budget of the client whose answer it kept.
    expect(headers['ratelimit']).toBeUndefined();
    expect(headers['ratelimit-policy']).toBeUndefined();
  });

  test('of a public endpoint without a shared max age is checked by a CDN at each use, without tags', async () => {
    const url = '/_api/b/public-revalidated';
    await warm(anyone(url));
    const hit = await served(app, anyone(url));
    expect(hit.as).toBe('hit');
    expect(hit.response.headers['cache-control']).toBe('public, no-cache');
    expect(hit.response.headers['cache-tag']).toBeUndefined();
    expect(hit.response.headers['surrogate-key']).toBeUndefined();
    expect(hit.response.headers['ratelimit']).toBeUndefined();
  });
});

describe('every step before the cache still runs on a hit', () => {
  test('rate limits: the request past the limit is refused though its answer is kept', async () => {
    const answers = [];
    for (let n = 0; n < 4; n += 1) answers.push(await served(app, get('/_api/b/limited')));
    expect(answers.map((a) => a.as)).toEqual(['miss', 'miss', 'hit', 'none']);
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 429]);
    expect(answers[2].response.headers.ratelimit).toContain('r=0');
  });

  test('usage: each hit is a request of its endpoint and key', async () => {
    const flush = () => app.strapi.plugin('data-api').service('usage').recorder.flush() as Promise<void>;
    const counted = async () => {
      await flush();
      const row = await knexOf(app)('data_api_usage')
        .where({ endpoint_id: ids['b/orders'], key_id: key.id })
        .sum({ n: 'requests' })
        .first();
      return Number(row?.n ?? 0);
    };
    await warm(get('/_api/b/orders?status=pending'));
    const before = await counted();
    for (let n = 0; n < 3; n += 1) expect((await served(app, get('/_api/b/orders?status=pending'))).as).toBe('hit');
    expect(await counted()).toBe(before + 3);
  });

  test("allowed IPs: another address is refused the entry that an allowed one's requests keep", async () => {
    const inside = get('/_api/b/ips', { 'X-Forwarded-For': '203.0.113.7' });
    await warm(inside);
    expect((await served(app, inside)).as).toBe('hit');
    const outside = await served(app, get('/_api/b/ips', { 'X-Forwarded-For': '198.51.100.1' }));
    expect([outside.as, outside.response.status]).toEqual(['none', 403]);
  });

  test('authentication: a revoked key is refused an answer the keys share', async () => {
    await warm(get('/_api/b/orders?status=cancelled'));
    expect((await served(app, getWith(other, '/_api/b/orders?status=cancelled'))).as).toBe('hit');
    expect((await admin.del(`/data-api/api-keys/${other.id}`)).status).toBe(200);
    const revoked = await served(app, getWith(other, '/_api/b/orders?status=cancelled'));
    expect([revoked.as, revoked.response.status]).toEqual(['none', 401]);
  });
});

describe('what is never served from an entry', () => {
  test('an answer of the definition before a change', async () => {
    await warm(get('/_api/b/changed'));
    expect((await get('/_api/b/changed')()).body.items[0]).toEqual({
      id: expect.any(Number),
      status: expect.any(String),
    });
    const stored = (await admin.get(`/data-api/endpoints/${ids['b/changed']}`)).body.data;
    const changed = await admin.put(`/data-api/endpoints/${ids['b/changed']}`, {
      data: { ...stored, fields: [{ name: 'id' }, { name: 'quantity' }] },
    });
    expect(changed.status).toBe(200);
    const after = await served(app, get('/_api/b/changed'));
    expect(after.as).toBe('miss');
    expect(after.response.body.items[0]).toEqual({ id: expect.any(Number), quantity: expect.any(Number) });
  });

  test('an answer a write on this instance changed', async () => {
    await warm(get('/_api/b/written'));
    const before = await get('/_api/b/written')();
    const id = before.body.items[0].id;
    await app.strapi.db.query(ORDER).update({ where: { id }, data: { note: 'written by the cache test' } });
    const after = await served(app, get('/_api/b/written'));
    expect(after.as).toBe('miss');
    expect(after.response.body.items[0].note).toBe('written by the cache test');
    expect(after.response.headers.etag).not.toBe(before.headers.etag);
  });
});

describe("a definition's cache", () => {
  const save = async (definition: Record<string, unknown>) => {
    const response = await admin.post('/data-api/endpoints', {
      data: {
        ...orders,
        name: 'refused',
        path: `b/refused/${definition.type ?? 'list'}`,
        auth: { method: 'api-key', keys: [key.id] },
        ...definition,
      },
    });
    return { status: response.status, message: response.body.error?.message as string };
  };

  test('is refused on writes, on a filter on now, and for shared caches where answers are not public', async () => {
    const create = await save({ type: 'create', fields: [{ name: 'quantity' }], sort: [], filter: {} });
    expect(create).toEqual({
      status: 400,
      message: 'cache: only list and aggregate endpoints keep answers in the cache',
    });
    const now = await save({ filter: { orderedAt: { $lt: { $var: 'now' } } } });
    expect(now).toEqual({ status: 400, message: `cache: ${CACHE_NEEDS_FIXED_TIME}` });
    const shared = await save({ cache: { maxAgeSeconds: 60, sharedMaxAgeSeconds: 60 } });
    expect(shared.status).toBe(400);
    expect(shared.message).toMatch(/^cache\.sharedMaxAgeSeconds: only a public endpoint without allowed IPs/);
    const staleAlone = await save({
      auth: { method: 'public' },
      rateLimit: { requests: 10, windowSeconds: 60 },
      cache: { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 60 },
    });
    expect(staleAlone).toEqual({
      status: 400,
      message: 'cache.staleWhileRevalidateSeconds: staleWhileRevalidateSeconds goes with sharedMaxAgeSeconds',
    });
    // Signed file URLs live files.urlTtlSeconds (900 s): a CDN may keep them for half of it at most.
    const withFiles = {
      auth: { method: 'public' },
      rateLimit: { requests: 10, windowSeconds: 60 },
      fields: [{ name: 'id' }, { name: 'attachment' }],
    };
    const tooLong = await save({
      ...withFiles,
      cache: { maxAgeSeconds: 60, sharedMaxAgeSeconds: 400, staleWhileRevalidateSeconds: 51 },
    });
    expect(tooLong).toEqual({
      status: 400,
      message:
        'cache.sharedMaxAgeSeconds: a CDN may serve these answers for 451 s (sharedMaxAgeSeconds plus ' +
        'staleWhileRevalidateSeconds), past half the lifetime of their signed file URLs (450 s of ' +
        'files.urlTtlSeconds 900): keep it shorter, or answer public URLs (mediaUrls "public")',
    });
    const halfLife = await save({
      ...withFiles,
      cache: { maxAgeSeconds: 60, sharedMaxAgeSeconds: 400, staleWhileRevalidateSeconds: 50 },
    });
    expect(halfLife.status).toBe(201);
    expect(cacheStats(app).enabled).toBe(true);
  });
});
