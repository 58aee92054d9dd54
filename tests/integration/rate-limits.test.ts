import { definitionOf, type StoredEndpoint } from '../../contracts/definition';
import { download, file, GIF, pathOf } from '../helpers/files';
import { createEndpoint, createKey } from '../helpers/fixtures';
import { conformance, validateOpenapi, type OpenapiDocument } from '../helpers/openapi';
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
  SITE,
} from '../helpers/rate-limits-suite';
import type { Response } from 'supertest';

rateLimitsSuite();

describe('files and admin', () => {
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
      const [product] = await app.strapi.db
        .query('api::product.product')
        .findMany({ limit: 1, orderBy: { id: 'asc' } });
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
        expect((await app.http().get(tampered)).body).toEqual({
          success: false,
          error: 'Invalid or tampered file link',
        });
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
});

describe('keys and sessions', () => {
  describe('an endpoint limit, per API key', () => {
    test('N requests pass, counting down in RateLimit; the next is 429 with Retry-After', async () => {
      const { url } = await limitedList({ requests: 3, windowSeconds: WINDOW });
      const passed = await inTurn(3, () => get(url));
      expect(passed.map((r) => r.status)).toEqual([200, 200, 200]);
      for (const response of passed) expect(policyOf(response)).toEqual({ endpoint: { q: 3, w: WINDOW } });
      expect(passed.map((r) => remainingOf(r).endpoint.r)).toEqual([2, 1, 0]);
      for (const response of passed) {
        expect(remainingOf(response).endpoint.t).toBeGreaterThanOrEqual(1);
        expect(remainingOf(response).endpoint.t).toBeLessThanOrEqual(WINDOW);
      }
      const refused = await get(url);
      expectTooMany(refused, WINDOW);
      expect(policyOf(refused)).toEqual({ endpoint: { q: 3, w: WINDOW } });
      expect(remainingOf(refused).endpoint.r).toBe(0);
      expect(Number(refused.headers['retry-after'])).toBe(remainingOf(refused).endpoint.t);
    });

    test('each key has its own budget on the endpoint', async () => {
      const other = await createKey(admin, 'second caller');
      const { url } = await limitedList({ requests: 2, windowSeconds: WINDOW }, [key, other]);
      expect((await inTurn(3, () => get(url))).map((r) => r.status)).toEqual([200, 200, 429]);
      expect((await inTurn(3, () => get(url, other.secret))).map((r) => r.status)).toEqual([200, 200, 429]);
    });

    test('the window resets: once Retry-After has passed, the budget is whole again', async () => {
      const { url } = await limitedList({ requests: 1, windowSeconds: 1 });
      expect((await get(url)).status).toBe(200);
      const refused = await get(url);
      expectTooMany(refused, 1);
      await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 50));
      const again = await get(url);
      expect(again.status).toBe(200);
      expect(remainingOf(again).endpoint.r).toBe(0);
    });

    test('the burst lets that many more through once the window is spent, then 429', async () => {
      const { url } = await limitedList({ requests: 2, windowSeconds: WINDOW, burst: 3 });
      const responses = await inTurn(6, () => get(url));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
      // r counts the window's budget: the burst is spent with r at 0.
      expect(responses.map((r) => remainingOf(r).endpoint.r)).toEqual([1, 0, 0, 0, 0, 0]);
      expectTooMany(responses[5], WINDOW);
    });

    test('an endpoint without a limit, called with a key without one, answers no rate limit headers', async () => {
      const { url } = await limitedList(null);
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers['ratelimit-policy']).toBeUndefined();
      expect(response.headers['ratelimit']).toBeUndefined();
    });

    test('a CORS preflight is not counted', async () => {
      const { url } = await limitedList({ requests: 2, windowSeconds: WINDOW });
      const preflights = await inTurn(4, () =>
        app.http().options(url).set('Origin', SITE).set('Access-Control-Request-Method', 'GET')
      );
      expect(preflights.map((r) => r.status)).toEqual([204, 204, 204, 204]);
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(remainingOf(response).endpoint.r).toBe(1);
    });

    test('calls refused before the key is known (401) are not counted against the key', async () => {
      const { url } = await limitedList({ requests: 1, windowSeconds: WINDOW });
      const unknown = await inTurn(3, () => get(url, 'dapi_unknown'));
      expect(unknown.map((r) => r.status)).toEqual([401, 401, 401]);
      expect((await get(url)).status).toBe(200);
    });
  });

  describe("a key's own limit", () => {
    test('is counted across all its endpoints, before the endpoint limit', async () => {
      const limited = await keyWithLimit({ requests: 3, windowSeconds: WINDOW });
      const first = await limitedList(null, [limited]);
      const second = await limitedList({ requests: 10, windowSeconds: WINDOW }, [limited]);
      const a = await get(first.url, limited.secret);
      expect(a.status).toBe(200);
      expect(policyOf(a)).toEqual({ key: { q: 3, w: WINDOW } });
      expect(remainingOf(a).key.r).toBe(2);
      const b = await get(second.url, limited.secret);
      expect(b.status).toBe(200);
      expect(b.headers['ratelimit-policy']).toBe(`"key";q=3;w=${WINDOW}, "endpoint";q=10;w=${WINDOW}`);
      expect(remainingOf(b)).toEqual({
        key: { r: 1, t: expect.any(Number) },
        endpoint: { r: 9, t: expect.any(Number) },
      });
      expect((await get(first.url, limited.secret)).status).toBe(200);
      const refused = await get(second.url, limited.secret);
      expectTooMany(refused, WINDOW);
      // The key's limit refused it: the endpoint's budget was not spent.
      expect(remainingOf(refused)).toEqual({ key: { r: 0, t: expect.any(Number) } });
      expect((await get(first.url, limited.secret)).status).toBe(429);
    });

    test("another key's calls do not spend it", async () => {
      const limited = await keyWithLimit({ requests: 1, windowSeconds: WINDOW });
      const { url } = await limitedList(null, [limited, key]);
      expect((await inTurn(3, () => get(url))).map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await inTurn(2, () => get(url, limited.secret))).map((r) => r.status)).toEqual([200, 429]);
    });
  });

  describe('a session endpoint, per user, else per source address', () => {
    const from = (ip: string, url: string, cookie?: string) => {
      const request = app.http().get(url).set('X-Forwarded-For', ip);
      return cookie ? request.set('Cookie', cookie) : request;
    };
    const sessionEndpoint = async (rateLimit: unknown) => {
      const path = `limited/me/e${nextPath()}`;
      await createEndpoint(admin, key, {
        path,
        type: 'list',
        object: 'api::order.order',
        filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
        fields: [{ name: 'id' }],
        auth: { method: 'session', userObject: 'plugin::users-permissions.user' },
        rateLimit,
      });
      return `/_api/${path}`;
    };

    test("anonymous and failed calls (401) spend their address budget, never a logged-in user's", async () => {
      const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
      const anonymous = await inTurn(3, () => from('203.0.113.7', url));
      expect(anonymous.map((r) => r.status)).toEqual([401, 401, 429]);
      expect(policyOf(anonymous[0])).toEqual({ endpoint: { q: 2, w: WINDOW } });
      expectTooMany(anonymous[2], WINDOW);
      const stale = await from('203.0.113.7', url, 'data_api_session=not-a-session');
      expectTooMany(stale, WINDOW);
      // A logged-in user from that address has a budget of their own, whole.
      const cookie = await cookieOf('198.51.100.1');
      const mine = await inTurn(3, () => from('203.0.113.7', url, cookie));
      expect(mine.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(mine.slice(0, 2).map((r) => remainingOf(r).endpoint.r)).toEqual([1, 0]);
      // ...and the same one from any other address.
      expect((await from('203.0.113.8', url, cookie)).status).toBe(429);
    });

    test("one user cannot spend another's budget, even from the same address", async () => {
      const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
      const [first, second] = [await cookieOf('192.0.2.10'), await cookieOf('192.0.2.10', 'customer2@example.com')];
      expect((await inTurn(3, () => from('192.0.2.10', url, first))).map((r) => r.status)).toEqual([200, 200, 429]);
      const others = await inTurn(2, () => from('192.0.2.10', url, second));
      expect(others.map((r) => r.status)).toEqual([200, 200]);
      expect(others.map((r) => remainingOf(r).endpoint.r)).toEqual([1, 0]);
    });

    test('a cross-site request is refused (403) before it is counted, unless its origin is listed', async () => {
      const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
      const cookie = await cookieOf('192.0.2.20');
      // Another site's <img>: no Origin, no Referer, only the browser's Sec-Fetch-Site.
      const crossSite = () => from('192.0.2.20', url, cookie).set('Sec-Fetch-Site', 'cross-site');
      for (const refused of await inTurn(3, crossSite)) {
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ success: false, error: 'Cross-site request not allowed' });
        expect(refused.headers.ratelimit).toBeUndefined();
      }
      // The user's own pages still have the whole budget.
      const sameSite = () => from('192.0.2.20', url, cookie).set('Sec-Fetch-Site', 'same-origin');
      const own = await inTurn(2, sameSite);
      expect(own.map((r) => [r.status, remainingOf(r).endpoint.r])).toEqual([
        [200, 1],
        [200, 0],
      ]);
      // A listed origin is another site the owner trusts.
      const other = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
      const listed = await from('192.0.2.20', other, cookie).set('Sec-Fetch-Site', 'cross-site').set('Origin', SITE);
      expect(listed.status).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe(SITE);
    });

    test('anonymous calls from addresses of one IPv6 /64 share a budget', async () => {
      const url = await sessionEndpoint({ requests: 2, windowSeconds: WINDOW });
      expect((await from('2001:db8:5:6::1', url)).status).toBe(401);
      expect((await from('2001:db8:5:6:ffff::2', url)).status).toBe(401);
      expect((await from('2001:db8:5:6::3', url)).status).toBe(429);
      expect((await from('2001:db8:5:7::1', url)).status).toBe(401);
    });
  });
});
