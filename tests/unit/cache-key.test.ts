import { cacheKeyOf, normalizedQuery, type KeyedRequest } from '../../server/src/cache/cache-key';
import { compiledCache } from '../helpers/compiled-cache';

/** A statement names the types it reads (here by their uid in the SQL, as totals/table-owners maps tables). */
const readsOf = (sql: string) => ['api::order.order', 'plugin::upload.file'].filter((uid) => sql.includes(uid));
const compiled = (definition: Record<string, unknown> = {}) => compiledCache(readsOf, definition);
const request = (changes: Partial<KeyedRequest> = {}): KeyedRequest => ({
  path: '/_api/orders',
  querystring: '',
  preview: false,
  ...changes,
});
const USER = {
  object: 'plugin::users-permissions.user' as const,
  id: 1,
  email: 'a@example.com',
  username: 'a',
  role: 'authenticated',
};

describe('normalizedQuery', () => {
  test.each([
    ['', ''],
    ['a=1', 'a=1'],
    ['b=2&a=1', 'a=1&b=2'],
    ['a=1&b=2', 'a=1&b=2'],
    ['&b=2&&a=1&', 'a=1&b=2'],
    ['status=paid&id:gt=10', 'id:gt=10&status=paid'],
    ['&', ''],
  ])('%j is %j', (query, normal) => {
    expect(normalizedQuery(query)).toBe(normal);
  });

  test('keeps each parameter whole: a value is never split or decoded', () => {
    expect(normalizedQuery('title:in=%22a%26b%22,c&id=1')).toBe('id=1&title:in=%22a%26b%22,c');
  });
});

describe('cacheKeyOf', () => {
  test('one key for a query in any order; another for another query, path, version or preview', () => {
    const { cache } = compiled();
    const key = cacheKeyOf(1, cache, request({ querystring: 'a=1&b=2' }));
    expect(cacheKeyOf(1, cache, request({ querystring: 'b=2&a=1' }))).toBe(key);
    const others = [
      cacheKeyOf(2, cache, request({ querystring: 'a=1&b=2' })),
      cacheKeyOf(1, cache, request({ querystring: 'a=1&b=3' })),
      cacheKeyOf(1, cache, request({ querystring: 'a=1&b=2', path: '/_api/orders/7' })),
      cacheKeyOf(1, cache, request({ querystring: 'a=1&b=2', preview: true })),
      cacheKeyOf(
        1,
        compiled({ fields: [{ name: 'id' }, { name: 'status' }] }).cache,
        request({ querystring: 'a=1&b=2' })
      ),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });

  test("names the caller's file subject only once the endpoint was seen reading files", async () => {
    const { cache, recorder } = compiled();
    const executor = recorder.executor({ all: async () => [], arrays: async () => [] });
    await executor.all('select from api::order.order', []);
    const [k1, k2] = ['k1', 'k2'].map((fileSubject) => cacheKeyOf(1, cache, request({ fileSubject })));
    expect(k1).toBe(k2);
    await executor.all('select from plugin::upload.file', []);
    const [f1, f2] = ['k1', 'k2'].map((fileSubject) => cacheKeyOf(1, cache, request({ fileSubject })));
    expect(f1).not.toBe(f2);
  });

  test('names the user only when the filter reads user.*', () => {
    const session = { auth: { method: 'session', userObject: 'plugin::users-permissions.user' } };
    const plain = compiled(session).cache;
    const byUser = compiled({ ...session, filter: { customer: { user: { id: { $var: 'user.id' } } } } }).cache;
    expect(plain.byUser).toBe(false);
    expect(byUser.byUser).toBe(true);
    const other = { ...USER, id: 2 };
    expect(cacheKeyOf(1, plain, request({ user: USER }))).toBe(cacheKeyOf(1, plain, request({ user: other })));
    expect(cacheKeyOf(1, byUser, request({ user: USER }))).not.toBe(cacheKeyOf(1, byUser, request({ user: other })));
  });
});
