import { MESSAGES } from '../../contracts/messages';
import { createEndpoint } from '../helpers/fixtures';
import { expectTooMany, policyOf, remainingOf } from '../helpers/rate-limits';
import { adminWith } from '../helpers/strapi';
import {
  SITE,
  OTHER_SITE,
  WINDOW,
  PUBLIC,
  app,
  admin,
  key,
  nextPath,
  products,
  publicList,
  from,
  publicSuite,
} from '../helpers/public-suite';

publicSuite();

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
      aggregate: { dimensions: [{ variable: 'active', field: 'active' }], measures: [{ variable: 'n', op: 'count' }] },
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
