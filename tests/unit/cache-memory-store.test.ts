import { hash } from 'node:crypto';
import { sizeOf, type CachedAnswer } from '../../server/src/cache/answer';
import { cacheKeyOf } from '../../server/src/cache/cache-key';
import { createMemoryStore } from '../../server/src/cache/memory-store';
import type { Lookup } from '../../server/src/cache/store';
import { buildPageLinks, linkHeader } from '../../server/src/query/links';
import { createGenerations } from '../../server/src/totals/generations';
import { compiledCache } from '../helpers/compiled-cache';
import { HEAP_TEST_MS, retainedBytes } from '../helpers/heap';

const ORDER = 'api::order.order';
const CUSTOMER = 'api::customer.customer';
const answer = (text: string): CachedAnswer => ({ body: Buffer.from(text), etag: `"${text}"`, link: null });
const keeping = (endpointId = 1, reads = [ORDER], ttlMs = 60_000) => ({ endpointId, reads, ttlMs });

const setup = ({ maxBytes = 1024 * 1024, maxEntryBytes = 64 * 1024 } = {}) => {
  const generations = createGenerations();
  const store = createMemoryStore(generations, { maxBytes, maxEntryBytes });
  /** A miss's stamp, then its answer kept, as the response cache does. */
  const fill = async (key: string, text: string, keep = keeping()) => {
    const lookup = await store.lookup(key, keep.reads);
    if (lookup.hit) throw new Error(`${key} was already kept`);
    await store.keep(key, answer(text), lookup.stamp, keep);
  };
  const hitOf = async (key: string, reads = [ORDER]) => ((await store.lookup(key, reads)) as Lookup).hit;
  return { generations, store, fill, hitOf };
};

describe('memory cache store', () => {
  test('serves a kept answer while nothing it read is written', async () => {
    const { generations, fill, hitOf } = setup();
    await fill('k', 'one');
    expect((await hitOf('k'))?.body.toString()).toBe('one');
    generations.bump([CUSTOMER]); // a type it did not read
    expect((await hitOf('k'))?.body.toString()).toBe('one');
    generations.bump([ORDER]);
    expect(await hitOf('k')).toBeNull();
  });

  test('does not keep an answer whose reads were written while it was read', async () => {
    const { generations, store, hitOf } = setup();
    const lookup = await store.lookup('k', [ORDER]);
    if (lookup.hit) throw new Error('hit');
    generations.bump([ORDER]); // a write commits while the page is read
    await store.keep('k', answer('stale'), lookup.stamp, keeping());
    expect(await hitOf('k')).toBeNull();
    expect(store.usage().entries).toBe(0);
  });

  test('serves an answer until its time to live, not after', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { fill, hitOf } = setup();
      await fill('k', 'one', keeping(1, [ORDER], 5000));
      jest.setSystemTime(1_004_999);
      expect(await hitOf('k')).not.toBeNull();
      jest.setSystemTime(1_005_000);
      expect(await hitOf('k')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  test('keeps no answer over maxEntryBytes, and stays under maxBytes', async () => {
    const { store, fill, hitOf } = setup({ maxBytes: 4096, maxEntryBytes: 2048 });
    await fill('big', 'x'.repeat(2000));
    expect(await hitOf('big')).toBeNull();
    for (let n = 0; n < 200; n += 1) {
      await fill(`k${n}`, 'y'.repeat(200));
      expect(store.usage().bytes).toBeLessThanOrEqual(4096);
    }
    const { entries, evictions, bytes } = store.usage();
    expect(entries).toBe(Math.floor(4096 / sizeOf('k100', answer('y'.repeat(200)))));
    expect(evictions).toBe(200 - entries);
    expect(bytes).toBeLessThanOrEqual(4096);
    expect(await hitOf('k199')).not.toBeNull();
    expect(await hitOf('k0')).toBeNull();
  });

  test("drops one endpoint's entries or all", async () => {
    const { store, fill, hitOf } = setup();
    await fill('a1', 'a', keeping(1));
    await fill('a2', 'a', keeping(1));
    await fill('b1', 'b', keeping(2));
    expect(store.drop(1)).toBe(2);
    expect([await hitOf('a1'), (await hitOf('b1'))?.body.toString()]).toEqual([null, 'b']);
    expect(store.drop()).toBe(1);
    expect(store.usage()).toEqual({ bytes: 0, entries: 0, evictions: 0 });
  });

  describe('a flood of distinct query strings holds no more than the bound (heap and Buffers)', () => {
    const MAX_BYTES = 8 * 1024 * 1024;
    const { cache } = compiledCache(() => [ORDER], {
      fields: [{ name: 'id' }, { name: 'status' }],
      cache: { maxAgeSeconds: 600 },
    });
    const querystring = (n: number) => `status=paid&id:gt=${n}`;
    /** A page of `records` as the runtime answers it (runtime/conditional-get.ts): its bytes, their tag, its links. */
    const pageOf = (n: number, records: number): CachedAnswer => {
      const links = buildPageLinks({
        base: '/_api/orders',
        entries: [...new URLSearchParams(querystring(n))],
        page: 1,
        more: records > 0,
        keyset: { lastId: n + records },
      });
      const items = Array.from({ length: records }, (_, i) => ({ id: n + i + 1, status: 'paid' }));
      const body = Buffer.from(JSON.stringify({ page: 1, total: records, items, _links: links }));
      return { body, etag: `"${hash('sha1', body, 'base64url')}"`, link: linkHeader(links) };
    };

    test.each([
      ['empty pages', 0, 40_000],
      ['pages of 20 records', 20, 10_000],
    ])(
      '%s',
      async (_name, records, requests) => {
        const store = createMemoryStore(createGenerations(), { maxBytes: MAX_BYTES, maxEntryBytes: 1024 * 1024 });
        const retained = await retainedBytes(async () => {
          for (let n = 0; n < requests; n += 1) {
            const key = cacheKeyOf(1, cache, { path: '/_api/orders', querystring: querystring(n), preview: false });
            const lookup = await store.lookup(key, [ORDER]);
            if (lookup.hit) throw new Error(`${key} was already kept`);
            // Answers that are not kept (other endpoints', errors) share Node's Buffer pool with those that are.
            Buffer.from(JSON.stringify({ error: n }));
            await store.keep(key, pageOf(n, records), lookup.stamp, keeping());
          }
          return store;
        });
        const { bytes, entries, evictions } = store.usage();
        expect(evictions).toBeGreaterThan(0); // the flood reached the bound
        expect(entries + evictions).toBe(requests);
        expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
        expect(retained).toBeLessThanOrEqual(1.2 * MAX_BYTES);
      },
      HEAP_TEST_MS
    );
  });
});
