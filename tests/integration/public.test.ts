import { MESSAGES } from '../../contracts/messages';
import { createEndpoint } from '../helpers/fixtures';
import { sampleOf } from '../helpers/metrics';
import { conformance, type OpenapiDocument } from '../helpers/openapi';
import {
  METRICS_TOKEN,
  WINDOW,
  PUBLIC,
  app,
  admin,
  nextPath,
  products,
  publicList,
  from,
  save,
  publicSuite,
  SITE,
  OTHER_SITE,
  key,
} from '../helpers/public-suite';
import { expectTooMany, policyOf, remainingOf } from '../helpers/rate-limits';
import { adminWith } from '../helpers/strapi';

publicSuite();

describe('definitions', () => {
  describe('definitions that are refused (400, with the reason)', () => {
    const LIMIT = { requests: 10, windowSeconds: WINDOW };

    test.each([
      ['create', { type: 'create', fields: [{ name: 'title' }] }],
      ['modify', { type: 'modify', parameter: 'required', fields: [{ name: 'title' }] }],
      ['delete', { type: 'delete', parameter: 'required' }],
    ])('a %s endpoint', async (_, definition) => {
      const { status, body } = await save({
        object: 'api::product.product',
        auth: PUBLIC,
        rateLimit: LIMIT,
        ...definition,
      });
      expect(status).toBe(400);
      expect(body.error.message).toBe(
        'auth.method: a public endpoint only reads: use a list or aggregate endpoint, or an API key'
      );
    });

    test('no rate limit', async () => {
      const { status, body } = await save({ ...products, auth: PUBLIC });
      expect(status).toBe(400);
      expect(body.error.message).toBe(
        'rateLimit: a public endpoint needs a rate limit: anyone may call it, so each source address gets this budget'
      );
    });

    test('a stored public write (saved by an older version, or in the database) is not served', async () => {
      const path = `public/stored${nextPath()}`;
      const row = await app.strapi.db.query('plugin::data-api.endpoint').create({
        data: {
          ...products,
          sort: [],
          type: 'create',
          name: 'stored',
          path,
          method: 'POST',
          routeKey: `POST ${path}`,
          auth: PUBLIC,
          rateLimit: LIMIT,
          enabled: true,
        },
      });
      await app.strapi.plugin('data-api').service('engine').changed();
      const called = await app.http().post(`/_api/${path}`).send({ title: 'x' });
      expect(called.status).toBe(404);
      const stored = await admin.get(`/data-api/endpoints/${row.id}`);
      expect(stored.body.data.problems).toEqual([
        {
          path: ['auth', 'method'],
          message: 'a public endpoint only reads: use a list or aggregate endpoint, or an API key',
        },
      ]);
    });

    test('a filter on the logged-in user', async () => {
      const { status, body } = await save({
        type: 'list',
        object: 'api::order.order',
        fields: [{ name: 'id' }],
        filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
        auth: PUBLIC,
        rateLimit: LIMIT,
      });
      expect(status).toBe(400);
      expect(body.error.message).toContain(
        'the variable "user.id" needs Browser Session authentication (auth.method "session")'
      );
    });

    test('an import of a public write endpoint is refused too', async () => {
      const response = await admin.post('/data-api/import', {
        data: {
          format: 'strapi-plugin-data-api/2',
          keys: [],
          endpoints: [
            {
              ...products,
              type: 'create',
              sort: [],
              name: 'imported',
              path: `public/imported${nextPath()}`,
              auth: PUBLIC,
              rateLimit: LIMIT,
            },
          ],
          documents: [],
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain('a public endpoint only reads');
    });
  });

  describe('behind a trusted proxy without maxIpsCount', () => {
    test('one warning per change of definitions names what reads the address a client can choose', async () => {
      const warn = jest.spyOn(app.strapi.log, 'warn');
      try {
        await publicList();
        const proxyWarnings = warn.mock.calls
          .map(([line]) => String(line))
          .filter((line) => line.includes('maxIpsCount'));
        expect(proxyWarnings).toHaveLength(1);
        // Other tests of this suite may have made endpoints with allowed IPs: those are named too.
        expect(proxyWarnings[0]).toMatch(/the per-address rate limits of \d+ public or Browser Session endpoints?[,.]/);
        expect(proxyWarnings[0]).toContain('the login throttle (session.maxFailuresPerIp)');
      } finally {
        warn.mockRestore();
      }
    });
  });

  describe('usage and metrics', () => {
    test('calls are counted without a key, as session calls are', async () => {
      const { id, path, url } = await publicList();
      for (let i = 0; i < 3; i += 1) expect((await from('198.51.100.40', url)).status).toBe(200);
      await (
        app.strapi.plugin('data-api').service('usage') as { recorder: { flush: () => Promise<void> } }
      ).recorder.flush();
      const response = await admin.get('/data-api/usage').query({
        from: new Date(Date.now() - 7_200_000).toISOString(),
        to: new Date(Date.now() + 3_600_000).toISOString(),
        groupBy: 'key',
        endpoint: id,
      });
      expect(response.status).toBe(200);
      expect(
        response.body.data.groups.map((g: { id: number; label: string | null; totals: { requests: number } }) => ({
          id: g.id,
          label: g.label,
          requests: g.totals.requests,
        }))
      ).toEqual([{ id: 0, label: null, requests: 3 }]);

      const metrics = await app.http().get('/_api/_metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
      expect(metrics.status).toBe(200);
      expect(sampleOf(metrics.text, `data_api_requests_total{endpoint="GET ${path}",method="GET",status="200"}`)).toBe(
        3
      );
    });
  });

  describe('OpenAPI', () => {
    test('a public operation has security [] and says so; it documents no 401', async () => {
      const open = await publicList(5);
      const limited = await publicList(5, { allowedIps: ['192.0.2.0/24'] });
      const created = await admin.post('/data-api/openapi-documents', {
        data: { title: `Public ${nextPath()}`, endpoints: [open.id, limited.id] },
      });
      expect(created.status).toBe(201);
      const download = await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`);
      expect(download.status).toBe(200);
      const document: OpenapiDocument = JSON.parse(download.text);
      const operation = document.paths[`/_api/${open.path}`].get;
      expect(operation.security).toEqual([]);
      expect(operation.description).toContain('Public: no authentication');
      expect(operation.description).toContain('per source address');
      expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '429']);
      expect(Object.keys(document.paths[`/_api/${limited.path}`].get.responses).sort()).toEqual([
        '200',
        '400',
        '403',
        '429',
      ]);
      expect(document.components.securitySchemes).toEqual({});
      const check = conformance(document);
      check(`/_api/${open.path}`, 'get', await from('198.51.100.50', `/_api/${open.path}`), 200);
    });
  });
});

describe('list and aggregate', () => {
  describe('a public List', () => {
    test('answers 200 without any Authorization, shared caches may keep it (revalidated)', async () => {
      const { url } = await publicList();
      const response = await from('198.51.100.1', url);
      expect(response.status).toBe(200);
      expect(response.body.items.length).toBeGreaterThan(0);
      expect(Object.keys(response.body.items[0])).toEqual(['id', 'title']);
      expect(response.headers['www-authenticate']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('public, no-cache');
      expect(response.headers.etag).toMatch(/^"/);
      const again = await from('198.51.100.1', url).set('If-None-Match', response.headers.etag);
      expect(again.status).toBe(304);
    });

    test.each([
      ['an unknown API key', 'Bearer dapi_0000000000000000000000000000000000000000000'],
      ['a malformed header', 'Basic !!!'],
      ['a JWT-looking token', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x'],
    ])('ignores %s in Authorization: the same 200 and body', async (_, authorization) => {
      const { url } = await publicList();
      const plain = await from('198.51.100.2', url);
      const withHeader = await from('198.51.100.2', url).set('Authorization', authorization);
      expect(withHeader.status).toBe(200);
      expect(withHeader.body).toEqual(plain.body);
    });

    test('a valid API key changes nothing: the endpoint still counts per address, not per key', async () => {
      const { url } = await publicList(1);
      expect((await from('198.51.100.3', url).set('Authorization', `Bearer ${key.secret}`)).status).toBe(200);
      expectTooMany(await from('198.51.100.3', url), WINDOW);
    });

    test('counts per source address: 429 past the limit, another address has its own budget', async () => {
      const { url } = await publicList(2);
      expect((await from('203.0.113.7', url)).status).toBe(200);
      expect((await from('203.0.113.7', url)).status).toBe(200);
      const refused = await from('203.0.113.7', url);
      expectTooMany(refused, WINDOW);
      expect(policyOf(refused)).toEqual({ endpoint: { q: 2, w: WINDOW } });
      expect(remainingOf(refused).endpoint.r).toBe(0);
      expect((await from('203.0.113.8', url)).status).toBe(200);
    });

    test('a 200 or 304 a shared cache may keep carries no RateLimit headers: a CDN would show one budget to all', async () => {
      const { url } = await publicList(5);
      const first = await from('203.0.113.9', url);
      const again = await from('203.0.113.9', url).set('If-None-Match', first.headers.etag);
      expect([first.status, again.status]).toEqual([200, 304]);
      for (const response of [first, again]) {
        expect(response.headers['cache-control']).toBe('public, no-cache');
        expect(response.headers['ratelimit']).toBeUndefined();
        expect(response.headers['ratelimit-policy']).toBeUndefined();
      }
      // An error is no-store, kept by no one: it still tells the caller its budget.
      const refused = await from('203.0.113.9', `${url}?nope=1`);
      expect(refused.status).toBe(400);
      expect(remainingOf(refused).endpoint.r).toBe(2);
    });

    test('addresses of one IPv6 /64 share a budget', async () => {
      const { url } = await publicList(2);
      expect((await from('2001:db8:9:1::1', url)).status).toBe(200);
      expect((await from('2001:db8:9:1:ffff::2', url)).status).toBe(200);
      expect((await from('2001:db8:9:1::3', url)).status).toBe(429);
      expect((await from('2001:db8:9:2::1', url)).status).toBe(200);
    });

    test('allowed IPs still apply: 403 outside them, before anything is counted', async () => {
      const { url } = await publicList(1, { allowedIps: ['192.0.2.0/24'] });
      const outside = await from('198.51.100.9', url);
      expect({ status: outside.status, body: outside.body }).toEqual({
        status: 403,
        body: { success: false, error: 'Forbidden' },
      });
      expect(outside.headers['ratelimit-policy']).toBeUndefined();
      const inside = await from('192.0.2.10', url);
      expect(inside.status).toBe(200);
      // An answer for some addresses only is never for shared caches.
      expect(inside.headers['cache-control']).toBe('private, no-cache');
    });
  });

  describe('an answer larger than maxAnswerBytes (1 MiB in this suite)', () => {
    test('is not sent: 400 in the plugin’s error shape, the endpoint named in a warning', async () => {
      const documents = app.strapi.documents('api::product.product');
      // Two products whose details are 600 KiB each: one fits the bound, the two do not.
      const details = [{ type: 'paragraph', children: [{ type: 'text', text: 'x'.repeat(600 * 1024) }] }];
      const created = [];
      for (const n of [1, 2]) {
        created.push(
          await documents.create({
            data: { title: `Oversized ${n}`, sku: `oversized-${n}`, category: 'oversized', details },
          })
        );
      }
      const warn = jest.spyOn(app.strapi.log, 'warn');
      try {
        const { url } = await publicList(100, {
          fields: [{ name: 'id' }, { name: 'details' }],
          filter: { category: 'oversized' },
        });
        const one = await from('203.0.113.80', `${url}?id=${created[0].id}`);
        expect(one.status).toBe(200);
        expect(one.text.length).toBeGreaterThan(600 * 1024);
        const both = await from('203.0.113.80', url);
        expect(both.status).toBe(400);
        expect(both.body).toEqual({ success: false, error: MESSAGES.answerTooLarge });
        expect(both.headers.etag).toBeUndefined();
        expect(warn).toHaveBeenCalledWith(expect.stringContaining(`(${url}) answered`));
      } finally {
        warn.mockRestore();
        for (const { documentId } of created) await documents.delete({ documentId });
      }
    });
  });

  describe("the author's Content Manager rights", () => {
    test('are needed as for any endpoint: read on title allows a public List of it, not of sku', async () => {
      const author = await adminWith(app, 'public-author@example.com', [
        'plugin::data-api.endpoints.read',
        'plugin::data-api.endpoints.manage',
        {
          action: 'plugin::content-manager.explorer.read',
          subject: 'api::product.product',
          properties: { fields: ['title'] },
          conditions: [],
        },
      ]);
      const path = `public/e${nextPath()}`;
      const definition = {
        ...products,
        name: path,
        path,
        auth: PUBLIC,
        rateLimit: { requests: 10, windowSeconds: WINDOW },
      };
      const refused = await author.post('/data-api/endpoints', {
        data: { ...definition, fields: [...products.fields, { name: 'sku' }] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(
        'fields: you may not read api::product.product.sku (Content Manager permission missing)'
      );
      expect((await author.post('/data-api/endpoints', { data: definition })).status).toBe(201);
      expect((await from('198.51.100.60', `/_api/${path}`)).status).toBe(200);
    });
  });

  describe('a public Aggregate', () => {
    test('answers without Authorization', async () => {
      const path = `public/e${nextPath()}`;
      await createEndpoint(admin, key, {
        type: 'aggregate',
        object: 'api::product.product',
        path,
        auth: PUBLIC,
        rateLimit: { requests: 10, windowSeconds: WINDOW },
        aggregate: {
          dimensions: [{ variable: 'active', field: 'active' }],
          measures: [{ variable: 'n', op: 'count' }],
        },
      });
      const response = await from('198.51.100.20', `/_api/${path}`);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, no-cache');
      expect(response.body.items.length).toBeGreaterThan(0);
    });
  });

  describe('CORS', () => {
    test.each([SITE, OTHER_SITE])('an answer to %s allows any origin, never with credentials', async (origin) => {
      const { url } = await publicList();
      const response = await from('198.51.100.30', url).set('Origin', origin);
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['access-control-expose-headers']).toContain('RateLimit');
    });

    test.each([SITE, OTHER_SITE])('a preflight from %s is answered 204 with "*"', async (origin) => {
      const { url } = await publicList();
      const response = await app
        .http()
        .options(url)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'If-None-Match');
      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBe('GET');
      expect(response.headers['access-control-allow-headers']).toContain('If-None-Match');
    });
  });
});
