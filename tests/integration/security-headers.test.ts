import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { createPictureEndpoints, pathOf, photoOfFirstProduct } from '../helpers/files';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * `/_api` runs ahead of Strapi's middlewares: it gives its answers the security headers of `strapi::security`
 * that make sense for an API, and writes the access log line of `strapi::logger` itself.
 */
let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;

const PRODUCT = 'api::product.product';

const JSON_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-permitted-cross-domain-policies': 'none',
};

const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);

/** The lines `work` writes to Strapi's logger at level `http`, as a site whose log shows that level sees them. */
const httpLogOf = async (work: () => Promise<unknown>) => {
  const { log } = app.strapi;
  const enabled = jest.spyOn(log, 'isLevelEnabled').mockImplementation((level) => level === 'http');
  const spy = jest.spyOn(log, 'http').mockImplementation(() => log);
  try {
    await work();
    return spy.mock.calls.map(([line]) => String(line));
  } finally {
    spy.mockRestore();
    enabled.mockRestore();
  }
};

describe('with the defaults', () => {
  let picturesId: number;

  beforeAll(async () => {
    app = await startApp();
    admin = await app.admin();
    key = await createKey(admin, 'headers');
    const fields = [{ name: 'id' }, { name: 'title' }];
    await createEndpoint(admin, key, { path: 'products', type: 'list', object: PRODUCT, fields });
    await createEndpoint(admin, key, {
      path: 'admin/products',
      type: 'list',
      object: PRODUCT,
      fields,
      auth: { method: 'session', userObject: 'admin::user' },
    });
    picturesId = await createPictureEndpoints(admin, key, {});
  });

  afterAll(async () => {
    await app?.stop();
  });

  describe('security headers', () => {
    // A List's 200 is revalidated by its ETag (conditional-get.ts) rather than never stored.
    test.each([
      ['a List', () => get('/_api/products'), 200, 'private, no-cache'],
      ['a 401', () => app.http().get('/_api/products'), 401, 'no-store'],
      ['a 404', () => get('/_api/nothing'), 404, 'no-store'],
      ['a 414', () => get(`/_api/${'a'.repeat(3000)}`), 414, 'no-store'],
      [
        'a preflight',
        () =>
          app
            .http()
            .options('/_api/products')
            .set({ Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' }),
        204,
        'no-store',
      ],
    ])('on %s', async (_, request, status, cacheControl) => {
      const response = await request();
      expect(response.status).toBe(status);
      expect(response.headers).toMatchObject({ ...JSON_HEADERS, 'cache-control': cacheControl });
      // Over plain HTTP browsers ignore it, and a spoofed X-Forwarded-Proto is not trusted without a proxy.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBeUndefined();
    });

    test('on a public OpenAPI document', async () => {
      const created = await admin.post('/data-api/openapi-documents', {
        data: { title: 'Headers', endpoints: [], public: true },
      });
      expect(created.status).toBe(201);
      const response = await app.http().get('/_api/_openapi/headers.json').set('X-Forwarded-Proto', 'https');
      expect(response.status).toBe(200);
      // Revalidated by its ETag rather than never stored.
      expect(response.headers).toMatchObject({ ...JSON_HEADERS, 'cache-control': 'no-cache' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    test('a file keeps its own policy, and other sites may still show it', async () => {
      const { photo } = await photoOfFirstProduct(app, key);
      expect(photo).toContain(`/_api/_files/${picturesId}/`);
      const response = await app.http().get(pathOf(photo));
      expect(response.status).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/gif',
        'content-security-policy': "default-src 'none'; sandbox",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-permitted-cross-domain-policies': 'none',
        'access-control-allow-origin': '*',
      });
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBeUndefined();
    });
  });

  describe('access log', () => {
    test('one line per request: method, path, time, status and the key id, never the secret or query', async () => {
      const lines = await httpLogOf(() => get('/_api/products?title=private-value'));
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^GET /_api/products \\(\\d+ ms\\) 200 key ${key.id}$`)),
      ]);
      expect(lines[0]).not.toContain(key.secret);
      expect(lines[0]).not.toContain('private-value');
    });

    test('a refused request is logged without a caller', async () => {
      const lines = await httpLogOf(() =>
        app.http().get('/_api/products').set('Authorization', 'Bearer dapi_not-a-real-key')
      );
      expect(lines).toEqual([expect.stringMatching(/^GET \/_api\/products \(\d+ ms\) 401$/)]);
      expect(lines[0]).not.toContain('dapi_not-a-real-key');
    });

    test('a logged-in user is named by user object and id, never by token', async () => {
      const adminId = (await admin.get('/admin/users/me')).body.data.id as number;
      const lines = await httpLogOf(() =>
        app.http().get('/_api/admin/products').set('Authorization', `Bearer ${admin.token}`)
      );
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^GET /_api/admin/products \\(\\d+ ms\\) 200 user admin::user:${adminId}$`)),
      ]);
      expect(lines[0]).not.toContain(admin.token);
    });
  });
});

describe('behind a trusted proxy, with accessLog off', () => {
  beforeAll(async () => {
    app = await startApp({ TRUST_PROXY: 'true', DATA_API_ACCESS_LOG: 'false' });
    admin = await app.admin();
    key = await createKey(admin, 'headers');
    await createEndpoint(admin, key, { path: 'products', type: 'list', object: PRODUCT, fields: [{ name: 'id' }] });
  });

  afterAll(async () => {
    await app?.stop();
    delete process.env.TRUST_PROXY;
    delete process.env.DATA_API_ACCESS_LOG;
  });

  test('HTTPS answers carry Strict-Transport-Security', async () => {
    const response = await get('/_api/products').set('X-Forwarded-Proto', 'https');
    expect(response.status).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await get('/_api/products')).headers['strict-transport-security']).toBeUndefined();
  });

  test('no access log line is written', async () => {
    expect(await httpLogOf(() => get('/_api/products'))).toEqual([]);
  });
});
