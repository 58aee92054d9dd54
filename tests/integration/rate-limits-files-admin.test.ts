import type { Response } from 'supertest';
import { definitionOf, type StoredEndpoint } from '../../contracts/definition';
import { createEndpoint, createKey } from '../helpers/fixtures';
import { conformance, validateOpenapi, type OpenapiDocument } from '../helpers/openapi';
import { download, file, GIF, pathOf } from '../helpers/files';
import { expectTooMany, policyOf, remainingOf, statusCounts } from '../helpers/rate-limits';
import {
  WINDOW,
  app,
  admin,
  key,
  products,
  get,
  inTurn,
  nextPath,
  limitedList,
  keyWithLimit,
  cookieOf,
  rateLimitsSuite,
} from '../helpers/rate-limits-suite';

rateLimitsSuite();

describe('signed file URLs', () => {
  const usage = () => app.strapi.plugin('data-api').service('usage') as { recorder: { flush: () => Promise<void> } };
  /** A List of products with their photo, limited, and a Modify that gives the first product a photo. */
  const photoList = async (rateLimit: unknown, auth: unknown) => {
    const path = `limited/photos${nextPath()}`;
    const list = await createEndpoint(admin, key, {
      ...products,
      path,
      fields: [{ name: 'id' }, { name: 'photo' }],
      auth,
      rateLimit,
    });
    await createEndpoint(admin, key, {
      path,
      type: 'modify',
      parameter: 'required',
      object: 'api::product.product',
      fields: [{ name: 'photo' }],
    });
    const [product] = await app.strapi.db.query('api::product.product').findMany({ limit: 1, orderBy: { id: 'asc' } });
    const modified = await app
      .http()
      .patch(`/_api/${path}/${product.id}`)
      .set('Authorization', `Bearer ${key.secret}`)
      .send({ photo: file(GIF, 'p.gif') });
    expect(modified.status).toBe(200);
    return { id: list.id as number, url: `/_api/${path}?id=${product.id}` };
  };

  test('a download spends the budgets of the key the URL was issued to, and is counted in its usage', async () => {
    const limited = await keyWithLimit({ requests: 10, windowSeconds: WINDOW });
    const list = await photoList(
      { requests: 3, windowSeconds: WINDOW },
      { method: 'api-key', keys: [key.id, limited.id] }
    );
    const listed = await get(list.url, limited.secret);
    expect(listed.status).toBe(200);
    const photo = pathOf(listed.body.items[0].photo as string);
    const downloaded = await download(app, photo);
    expect(downloaded.status).toBe(200);
    expect((downloaded.body as Buffer).equals(GIF)).toBe(true);
    expect(remainingOf(downloaded)).toEqual({
      key: expect.objectContaining({ r: 8 }),
      endpoint: expect.objectContaining({ r: 1 }),
    });
    expect((await download(app, photo)).status).toBe(200);
    // The key is at the endpoint's limit: its file URLs are too, from any address.
    expectTooMany(await app.http().get(photo).set('X-Forwarded-For', '192.0.2.99'), WINDOW);
    expectTooMany(await get(list.url, limited.secret), WINDOW);
    // Another key keeps its budget; the caller cannot be removed from a URL nor changed.
    expect((await get(list.url)).status).toBe(200);
    for (const tampered of [
      photo.replace(/&caller=[^&]*/, ''),
      photo.replace(`caller=k${limited.id}`, `caller=k${key.id}`),
    ]) {
      expect((await app.http().get(tampered)).body).toEqual({ success: false, error: 'Invalid or tampered file link' });
    }
    await usage().recorder.flush();
    const counted = await admin.get('/data-api/usage').query({
      from: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
      groupBy: 'key',
      endpoint: list.id,
    });
    expect(counted.status).toBe(200);
    const byKey = Object.fromEntries(
      (counted.body.data.groups as Array<{ id: number; totals: { requests: number; success: number } }>).map((g) => [
        g.id,
        [g.totals.requests, g.totals.success],
      ])
    );
    // Per key: 1 List and 3 downloads (2 served, 1 refused), then 1 List refused; the other key's List.
    expect(byKey).toEqual({ [limited.id]: [5, 3], [key.id]: [1, 1] });
  });

  test("a public endpoint's downloads are counted per downloading address", async () => {
    const list = await photoList({ requests: 2, windowSeconds: WINDOW }, { method: 'public' });
    const listed = await app.http().get(list.url).set('X-Forwarded-For', '192.0.2.30');
    const photo = pathOf(listed.body.items[0].photo as string);
    expect(photo).not.toContain('caller=');
    const from = (ip: string) => app.http().get(photo).set('X-Forwarded-For', ip);
    expect(remainingOf(await from('192.0.2.30')).endpoint.r).toBe(0);
    expectTooMany(await from('192.0.2.30'), WINDOW);
    // An empty `caller=` names nobody: the same address, the same budget.
    expectTooMany(await app.http().get(`${photo}&caller=`).set('X-Forwarded-For', '192.0.2.30'), WINDOW);
    expect(remainingOf(await from('192.0.2.31')).endpoint.r).toBe(1);
  });

  test("a signed-in user's URLs name nobody: whoever holds one spends their own address's budget, not the user's", async () => {
    const list = await photoList(
      { requests: 2, windowSeconds: WINDOW },
      { method: 'session', userObject: 'plugin::users-permissions.user' }
    );
    const cookie = await cookieOf('192.0.2.40');
    const asUser = () => app.http().get(list.url).set('X-Forwarded-For', '192.0.2.40').set('Cookie', cookie);
    const listed = await asUser();
    expect(remainingOf(listed).endpoint.r).toBe(1);
    const photo = pathOf(listed.body.items[0].photo as string);
    expect(photo).not.toContain('caller=');
    const holder = (ip: string) => app.http().get(photo).set('X-Forwarded-For', ip);
    expect(remainingOf(await holder('192.0.2.41')).endpoint.r).toBe(1);
    expectTooMany((await holder('192.0.2.41')) && (await holder('192.0.2.41')), WINDOW);
    // The user still has the rest of their own budget.
    const again = await asUser();
    expect(again.status).toBe(200);
    expect(remainingOf(again).endpoint.r).toBe(0);
  });
});

describe('limits change through the admin API, without a restart', () => {
  test('a changed endpoint limit applies to the next request, with a full budget', async () => {
    const { id, url } = await limitedList({ requests: 1, windowSeconds: WINDOW });
    expect((await inTurn(2, () => get(url))).map((r) => r.status)).toEqual([200, 429]);
    const stored = await admin.get(`/data-api/endpoints/${id}`);
    expect(stored.body.data.rateLimit).toEqual({ requests: 1, windowSeconds: WINDOW, burst: 0 });
    const definition = definitionOf(stored.body.data as StoredEndpoint);
    const saved = await admin.put(`/data-api/endpoints/${id}`, {
      data: { ...definition, rateLimit: { requests: 3, windowSeconds: WINDOW } },
    });
    expect(saved.status).toBe(200);
    const responses = await inTurn(4, () => get(url));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(policyOf(responses[0])).toEqual({ endpoint: { q: 3, w: WINDOW } });
    // Removed: no limit, no headers.
    const { rateLimit: _removed, ...unlimited } = definition;
    expect((await admin.put(`/data-api/endpoints/${id}`, { data: unlimited })).status).toBe(200);
    const free = await inTurn(5, () => get(url));
    expect(statusCounts(free)).toEqual({ 200: 5 });
    expect(free[0].headers['ratelimit-policy']).toBeUndefined();
  });

  test("a key's limit set, changed and removed with PUT /data-api/api-keys/:id", async () => {
    const changing = await createKey(admin, 'changing');
    const { url } = await limitedList(null, [changing]);
    expect(statusCounts(await inTurn(3, () => get(url, changing.secret)))).toEqual({ 200: 3 });
    const set = await admin.put(`/data-api/api-keys/${changing.id}`, {
      data: { rateLimit: { requests: 2, windowSeconds: WINDOW } },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.rateLimit).toEqual({ requests: 2, windowSeconds: WINDOW, burst: 0 });
    expect((await inTurn(3, () => get(url, changing.secret))).map((r) => r.status)).toEqual([200, 200, 429]);
    const listed = await admin.get('/data-api/api-keys');
    const row = listed.body.data.find((k: { id: number }) => k.id === changing.id);
    expect(row.rateLimit).toEqual({ requests: 2, windowSeconds: WINDOW, burst: 0 });
    expect((await admin.put(`/data-api/api-keys/${changing.id}`, { data: { rateLimit: null } })).status).toBe(200);
    expect(statusCounts(await inTurn(3, () => get(url, changing.secret)))).toEqual({ 200: 3 });
  });
});

describe('invalid limits are refused with 400, naming the problem', () => {
  const errorsOf = (response: Response) => {
    expect(response.status).toBe(400);
    return response.body.error.details.errors.map((e: { path: unknown[] }) => e.path);
  };

  test.each([
    ['no requests', { requests: 0, windowSeconds: 60 }, ['rateLimit', 'requests']],
    ['a window longer than a day', { requests: 1, windowSeconds: 86_401 }, ['rateLimit', 'windowSeconds']],
    ['a fractional burst', { requests: 1, windowSeconds: 60, burst: 1.5 }, ['rateLimit', 'burst']],
    ['a string', { requests: '10', windowSeconds: 60 }, ['rateLimit', 'requests']],
    ['an unknown property', { requests: 1, windowSeconds: 60, perIp: true }, ['rateLimit']],
  ])('on an endpoint: %s', async (_label, rateLimit, path) => {
    const before = (await admin.get('/data-api/endpoints')).body.data.length;
    const response = await admin.post('/data-api/endpoints', {
      data: { ...products, name: 'bad', path: 'limited/bad', auth: { method: 'api-key', keys: [key.id] }, rateLimit },
    });
    expect(errorsOf(response)).toEqual([path]);
    expect((await admin.get('/data-api/endpoints')).body.data.length).toBe(before);
  });

  test('on a key, created or updated; the stored limit stays as it was', async () => {
    const created = await admin.post('/data-api/api-keys', {
      data: { description: 'bad limit', rateLimit: { requests: -1, windowSeconds: 60 } },
    });
    expect(errorsOf(created)).toEqual([['rateLimit', 'requests']]);
    const limited = await keyWithLimit({ requests: 5, windowSeconds: WINDOW });
    const updated = await admin.put(`/data-api/api-keys/${limited.id}`, {
      data: { rateLimit: { requests: 5, windowSeconds: 0 } },
    });
    expect(errorsOf(updated)).toEqual([['rateLimit', 'windowSeconds']]);
    const row = (await admin.get('/data-api/api-keys')).body.data.find((k: { id: number }) => k.id === limited.id);
    expect(row.rateLimit).toEqual({ requests: 5, windowSeconds: WINDOW, burst: 0 });
  });
});

describe('OpenAPI documents', () => {
  test('document the 429 of limited endpoints and of API-key endpoints, with the policy; valid, and live 429s fit', async () => {
    const limited = await limitedList({ requests: 1, windowSeconds: WINDOW, burst: 4 });
    const free = await createEndpoint(admin, key, {
      path: 'limited/session-free',
      type: 'list',
      object: 'api::order.order',
      filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
      fields: [{ name: 'id' }],
      auth: { method: 'session', userObject: 'plugin::users-permissions.user' },
    });
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title: 'Limits', version: '1', endpoints: [limited.id, free.id] },
    });
    expect(created.status).toBe(201);
    const downloaded = await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`);
    const document = JSON.parse(downloaded.text) as OpenapiDocument;
    await validateOpenapi(document);
    const operation = document.paths[limited.url].get;
    expect(operation.description).toContain(
      `Rate limit: at most 1 requests per ${WINDOW} s per API key, then a burst of 4 more, which refills over ${10 * WINDOW} s.`
    );
    expect(operation.description).toContain('An API key may also have a limit of its own');
    expect(Object.keys(operation.responses['429'].headers).sort()).toEqual([
      'RateLimit',
      'RateLimit-Policy',
      'Retry-After',
    ]);
    // A session endpoint without a limit never answers 429.
    const session = document.paths['/_api/limited/session-free'].get;
    expect(session.responses['429']).toBeUndefined();
    expect(session.description).not.toContain('Rate limit');
    const fits = conformance(document);
    for (let i = 0; i < 5; i += 1) fits(limited.url, 'get', await get(limited.url), 200);
    fits(limited.url, 'get', await get(limited.url), 429);
  });
});
