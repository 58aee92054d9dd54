import { createMemoryStore } from '../../server/src/cache/memory-store';
import { createResponseCache } from '../../server/src/cache/response-cache';
import { createGenerations } from '../../server/src/totals/generations';
import { compiledCache } from '../helpers/compiled-cache';

const ORDERS = 'select from orders';
const FILES = 'select from files';
/** What each statement reads, as totals/table-owners answers it for real tables. */
const readsOf = (sql: string) => (sql === FILES ? ['plugin::upload.file'] : ['api::order.order']);

const setup = (definition: Record<string, unknown> = {}) => {
  const generations = createGenerations();
  const store = createMemoryStore(generations, { maxBytes: 1024 * 1024, maxEntryBytes: 64 * 1024 });
  const totals = { written: (uids: Iterable<string>) => generations.bump(uids), onWritten: () => {} };
  const cache = createResponseCache(store, totals, {
    enabled: true,
    maxBytes: 1024 * 1024,
    urlTtlSeconds: 600,
    log: { warn: () => {} },
  });
  const { cache: compiled, recorder } = compiledCache(readsOf, {
    name: 'posts',
    path: 'posts',
    object: 'api::post.post',
    fields: [{ name: 'id' }, { name: 'cover' }],
    auth: { method: 'api-key', keys: [1, 2] },
    ...definition,
  });
  const executor = recorder.executor({ all: async () => [], arrays: async () => [] });
  /** A request of key `subject`: its visit, the statements its handler runs, and its answer kept on a miss. */
  const request = async (subject: string, statements: string[]) => {
    const visit = await cache.visit(1, compiled, {
      path: '/_api/posts',
      querystring: '',
      preview: false,
      fileSubject: subject,
    });
    if (visit?.hit) return visit.hit.body.toString();
    for (const sql of statements) await executor.all(sql, []);
    if (visit)
      await cache.keep(1, visit, { body: Buffer.from(`answer of ${subject}`), etag: `"${subject}"`, link: null });
    return null;
  };
  return { request, cache, generations, store };
};

describe('response cache: whose answer is kept', () => {
  test("an answer that first read files under a key that does not name the caller is not kept: it holds its caller's URLs", async () => {
    const { request, store } = setup();
    await request('k1', [ORDERS]); // the first answer: nothing known yet, nothing kept
    // Keyed for every caller, but it read files: not kept (a shared store would hand it to an instance that has
    // not seen the files read yet, under the same key).
    await request('k1', [ORDERS, FILES]);
    expect(store.usage().entries).toBe(0);
    expect(await request('k2', [ORDERS, FILES])).toBeNull();
    // Once files are known to be read, each key has its own entry.
    expect(await request('k2', [ORDERS, FILES])).toBe('answer of k2');
    expect(await request('k1', [ORDERS, FILES])).toBeNull();
    expect(await request('k1', [ORDERS, FILES])).toBe('answer of k1');
  });

  test('answers without files are shared by the keys; a write or a purge ends them', async () => {
    const { request, cache, generations } = setup();
    await request('k1', [ORDERS]);
    await request('k1', [ORDERS]);
    expect(await request('k2', [ORDERS])).toBe('answer of k1');
    generations.bump(['api::order.order']);
    expect(await request('k2', [ORDERS])).toBeNull();
    expect(await request('k1', [ORDERS])).toBe('answer of k2');
    cache.purge(1);
    expect(await request('k1', [ORDERS])).toBeNull();
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 4 });
  });
});

describe('response cache: how long an answer with signed file URLs is served', () => {
  afterEach(() => jest.useRealTimers());

  /** Whether the answer of k1, kept at time 0, is still served `seconds` later. */
  const servedAfter = async (seconds: number, definition: Record<string, unknown>) => {
    jest.useFakeTimers({ now: 0 });
    const { request } = setup(definition);
    await request('k1', [ORDERS, FILES]); // learns that files are read
    await request('k1', [ORDERS, FILES]); // kept
    jest.setSystemTime(seconds * 1000);
    return (await request('k1', [ORDERS, FILES])) !== null;
  };

  test('at most half the URL lifetime (600 s here): a URL served from the cache has half its lifetime left', async () => {
    const long = { cache: { maxAgeSeconds: 600 } };
    expect(await servedAfter(299, long)).toBe(true);
    expect(await servedAfter(301, long)).toBe(false);
  });

  test('with a CDN, that much less: a URL the CDN last serves still has half its lifetime left', async () => {
    // Half the lifetime (300 s) less what a CDN may keep the answer (100 + 50 s).
    const public_ = { auth: { method: 'public' }, rateLimit: { requests: 100, windowSeconds: 60 } };
    const cdn = {
      ...public_,
      cache: { maxAgeSeconds: 600, sharedMaxAgeSeconds: 100, staleWhileRevalidateSeconds: 50 },
    };
    expect(await servedAfter(149, cdn)).toBe(true);
    expect(await servedAfter(151, cdn)).toBe(false);
    // The provider's public URLs do not expire: half the lifetime only, as without a CDN (docs/deviations.md).
    expect(await servedAfter(299, { ...cdn, mediaUrls: 'public' })).toBe(true);
  });
});
