import { createEndpoint, knexOf } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * The response cache (issue 33): a cached List answers from memory until a write changes what it read; the
 * answer is the database's, byte for byte; a conditional GET is answered from the entry.
 */
const { app, admin, key } = keyedSuite();

const ORDER = 'api::order.order';
const LIST = '/_api/cache/orders';

const get = (url: string, headers: Record<string, string> = {}) =>
  app.http().get(url).set('Authorization', `Bearer ${key.secret}`).set(headers);

const stats = () => app.strapi.plugin('data-api').service('engine').cache.stats();

beforeAll(async () => {
  await createEndpoint(admin, key, {
    path: 'cache/orders',
    type: 'list',
    object: ORDER,
    filter: { id: { $lte: 5 } },
    fields: [{ name: 'id' }, { name: 'note' }],
    sort: [{ field: 'id', dir: 'asc' }],
    cache: { maxAgeSeconds: 60 },
  });
});

it('answers a repeated request from the cache, and reads the database again after a write', async () => {
  const first = await get(LIST);
  const second = await get(LIST);
  const before = stats();
  const third = await get(LIST);
  expect(stats().hits).toBe(before.hits + 1);
  expect(third.text).toBe(second.text);
  expect(third.text).toBe(first.text);
  expect(third.headers.etag).toBe(first.headers.etag);
  const notModified = await get(LIST, { 'If-None-Match': third.headers.etag });
  expect(notModified.status).toBe(304);
  const id = first.body.items[0].id;
  await app.strapi.db.query(ORDER).update({ where: { id }, data: { note: 'changed by the cache test' } });
  const after = await get(LIST);
  expect(after.body.items[0].note).toBe('changed by the cache test');
  expect(after.headers.etag).not.toBe(first.headers.etag);
  void knexOf;
});
