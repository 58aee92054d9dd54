import type { Response } from 'supertest';
import { served } from '../helpers/cache';
import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * What an entry of the response cache is kept under (docs/cache.md#the-key): one answer per query (its
 * parameters in any order), page, version read, locale, API key where the answer holds signed file URLs, and
 * user where the filter reads `user.*`; never one caller's answer for another's.
 */
/** A site whose pages call the session endpoints (listed in `cors.origins`). */
const SITE = 'http://localhost:4000';
const { app, admin, key } = keyedSuite({ env: { DATA_API_CORS_ORIGINS: SITE } });
let other: KeyFixture;
let preview: KeyFixture;
let oneForm: { id: number };
const CACHE = { maxAgeSeconds: 600 };
const SITE_USER = 'plugin::users-permissions.user';

const getWith = (k: KeyFixture, url: string) => () =>
  app
    .http()
    .get(url)
    .set('Authorization', `Bearer ${k.secret}`)
    .then((response) => response);
const get = (url: string) => getWith(key, url);
/** Served twice: the first answer fills the entry (an endpoint's first answer is never kept: its reads are unknown). */
const warm = async (url: string, k: KeyFixture = key) => {
  await getWith(k, url)();
  await getWith(k, url)();
};

beforeAll(async () => {
  other = await createKey(admin, 'other');
  const response = await admin.post('/data-api/api-keys', { data: { description: 'preview', preview: true } });
  preview = { id: response.body.data.id, secret: response.body.data.secret };
  const keys = { method: 'api-key', keys: [key.id, other.id, preview.id] };
  const list = { type: 'list', auth: keys, sort: [{ field: 'id', dir: 'asc' }], cache: CACHE };
  const orders = { ...list, object: 'api::order.order', fields: [{ name: 'id' }, { name: 'status' }] };
  await createEndpoint(admin, key, { ...orders, path: 'keys/orders' });
  oneForm = await createEndpoint(admin, key, { ...orders, path: 'keys/one-form' });
  // Not cached, and paged by number (not sorted by id first): its links are `?page=<n>`.
  await createEndpoint(admin, key, {
    type: 'list',
    auth: keys,
    object: orders.object,
    fields: orders.fields,
    sort: [{ field: 'status', dir: 'asc' }],
    path: 'keys/one-form-uncached',
  });
  await createEndpoint(admin, key, {
    ...list,
    path: 'keys/files',
    object: 'api::post.post',
    fields: [{ name: 'id' }, { name: 'cover' }],
  });
  await createEndpoint(admin, key, {
    ...list,
    path: 'keys/posts',
    object: 'api::post.post',
    status: 'query',
    fields: [{ name: 'id' }, { name: 'title' }],
  });
  await createEndpoint(admin, key, {
    ...list,
    path: 'keys/categories',
    object: 'api::category.category',
    locale: 'query',
    fields: [{ name: 'id' }, { name: 'name' }],
  });
  const session = { method: 'session', userObject: SITE_USER };
  await createEndpoint(admin, key, {
    ...orders,
    path: 'keys/mine',
    auth: session,
    filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
  });
  await createEndpoint(admin, key, { ...orders, path: 'keys/anyone', auth: session, filter: { id: { $lte: 5 } } });
}, 120_000);

describe('the query string', () => {
  test('its parameters in another order are the same answer, served from the entry', async () => {
    await warm('/_api/keys/orders?status=paid&id:gt=10');
    const swapped = await served(app, get('/_api/keys/orders?id:gt=10&status=paid'));
    expect(swapped.as).toBe('hit');
    const fresh = await served(app, get('/_api/keys/orders?status=paid&id:gt=10'));
    expect(swapped.response.text).toBe(fresh.response.text);
    expect(swapped.response.body.items.every((o: { status: string }) => o.status === 'paid')).toBe(true);
  });

  test('its parameters in any order answer the same bytes, ETag and links, hit or miss', async () => {
    const [sorted, swapped] = ['?id:gt=10&page=2&status=paid', '?status=paid&page=2&id:gt=10'];
    const form = (response: Response) => [response.text, response.headers.etag, response.headers.link];
    await warm(`/_api/keys/one-form${swapped}`);
    const hit = await served(app, get(`/_api/keys/one-form${sorted}`));
    expect(hit.as).toBe('hit');
    expect((await admin.del(`/data-api/cache/endpoints/${oneForm.id}`)).status).toBe(200);
    const miss = await served(app, get(`/_api/keys/one-form${sorted}`));
    expect(miss.as).toBe('miss');
    expect(form(miss.response)).toEqual(form(hit.response));
    expect(hit.response.headers.link).toMatch(
      /^<\/_api\/keys\/one-form\?id:gt=10&status=paid&after=\d+>; rel="next", /
    );

    const [inOrder, outOfOrder] = await Promise.all(
      [sorted, swapped].map((query) => get(`/_api/keys/one-form-uncached${query}`)())
    );
    expect(inOrder.headers.link).toBe(
      '</_api/keys/one-form-uncached?id:gt=10&status=paid&page=3>; rel="next", ' +
        '</_api/keys/one-form-uncached?id:gt=10&status=paid>; rel="prev"'
    );
    expect(form(outOfOrder)).toEqual(form(inOrder));
  });

  test('another filter or another page is another answer', async () => {
    await warm('/_api/keys/orders?status=paid');
    const pending = await served(app, get('/_api/keys/orders?status=pending'));
    expect(pending.as).toBe('miss');
    expect(pending.response.body.items.every((o: { status: string }) => o.status === 'pending')).toBe(true);
    await warm('/_api/keys/orders');
    const page2 = await served(app, get('/_api/keys/orders?page=2'));
    expect(page2.as).toBe('miss');
    expect(page2.response.body.page).toBe(2);
    expect((await served(app, get('/_api/keys/orders?page=2'))).as).toBe('hit');
  });
});

describe('the version and the locale read', () => {
  test('drafts of a preview key are an answer of their own, and a key without the mark is still refused', async () => {
    await warm('/_api/keys/posts', preview);
    const drafts = await served(app, getWith(preview, '/_api/keys/posts?status=draft'));
    expect(drafts.as).toBe('miss');
    expect(drafts.response.headers.etag).toMatch(/^"draft-/);
    const published = await getWith(preview, '/_api/keys/posts')();
    expect(drafts.response.body.total).toBeGreaterThan(published.body.total);
    expect((await served(app, getWith(preview, '/_api/keys/posts?status=draft'))).as).toBe('hit');
    const refused = await getWith(other, '/_api/keys/posts?status=draft')();
    expect(refused.status).toBe(403);
  });

  test('each locale is its own answer', async () => {
    await warm('/_api/keys/categories?locale=en');
    const fr = await served(app, get('/_api/keys/categories?locale=fr'));
    expect(fr.as).toBe('miss');
    const en = await get('/_api/keys/categories?locale=en')();
    expect(fr.response.body.items.map((c: { name: string }) => c.name)).not.toEqual(
      en.body.items.map((c: { name: string }) => c.name)
    );
  });
});

describe('the caller', () => {
  test("signed file URLs are each key's own; answers without files are shared by the keys", async () => {
    await warm('/_api/keys/files');
    const mine = await get('/_api/keys/files')();
    const theirs = await served(app, getWith(other, '/_api/keys/files'));
    expect(theirs.as).toBe('miss');
    expect(theirs.response.body.items.length).toBeGreaterThan(0);
    expect(theirs.response.body.items[0].cover).toContain(`caller=k${other.id}`);
    expect(mine.body.items[0].cover).toContain(`caller=k${key.id}`);
    await warm('/_api/keys/orders?status=cancelled');
    const shared = await served(app, getWith(other, '/_api/keys/orders?status=cancelled'));
    expect(shared.as).toBe('hit');
  });

  test("a filter on the session user keeps each user's answer their own; without one they share it", async () => {
    const cookieOf = async (n: number) => {
      const login = await app
        .http()
        .post('/_api/_session')
        .set('Origin', SITE)
        .send({ identifier: `customer${n}@example.com`, password: 'Customer123!' });
      expect(login.status).toBe(200);
      return ([] as string[]).concat(login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    };
    const [one, two] = [await cookieOf(1), await cookieOf(2)];
    const as = (cookie: string, url: string) => () =>
      app
        .http()
        .get(url)
        .set('Cookie', cookie)
        .then((r) => r);
    await as(one, '/_api/keys/mine')();
    const first = await served(app, as(one, '/_api/keys/mine'));
    const second = await served(app, as(two, '/_api/keys/mine'));
    expect(second.as).toBe('miss');
    expect(first.response.body.items.length).toBeGreaterThan(0);
    expect(second.response.body.items).not.toEqual(first.response.body.items);
    await as(one, '/_api/keys/anyone')();
    await as(one, '/_api/keys/anyone')();
    const sharedByUsers = await served(app, as(two, '/_api/keys/anyone'));
    expect(sharedByUsers.as).toBe('hit');
    expect(sharedByUsers.response.status).toBe(200);
  });
});
