import { randomUUID } from 'node:crypto';
import { definitionOf, type StoredEndpoint } from '../../contracts/definition';
import { createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

const { app, admin, key } = keyedSuite({ description: 'main' });
let otherKey: KeyFixture;

const get = (url: string, secret = key.secret) => app.http().get(url).set('Authorization', `Bearer ${secret}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Moves the shared revision, as another instance does after a change, then calls `request` until it answers
 * `status`: 5 s at most, ten refresh intervals (a bound in wall time would only measure the CI machine's load).
 */
const asAnotherInstanceWould = async (request: () => Promise<{ status: number }>, status: number) => {
  await app.strapi.store({ type: 'plugin', name: 'data-api' }).set({ key: 'revision', value: randomUUID() });
  const started = Date.now();
  let answered = (await request()).status;
  while (answered !== status && Date.now() - started < 5000) {
    await sleep(50);
    answered = (await request()).status;
  }
  expect(answered).toBe(status);
};

beforeAll(async () => {
  otherKey = await createKey(admin, 'other');
  const products = { type: 'list', object: 'api::product.product', fields: [{ name: 'id' }, { name: 'sku' }] };
  await createEndpoint(admin, key, { ...products, path: 'products' });
  // supertest connects over IPv4 and Node reports ::ffff:127.0.0.1, the IPv4-mapped form.
  await createEndpoint(admin, key, { ...products, path: 'products/local', allowedIps: ['127.0.0.1'] });
  await createEndpoint(admin, key, {
    ...products,
    path: 'products/office',
    allowedIps: ['203.0.113.0/24', '2001:db8::/32'],
  });
  await createEndpoint(admin, key, {
    ...products,
    path: 'products/one',
    parameter: 'required',
    filter: { id: { $var: 'param' } },
  });
});

describe('routing', () => {
  test('an unknown path is 404 in the error shape', async () => {
    const response = await get('/_api/nothing/here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Not found' });
  });

  test('a known path with another method is 405 with Allow', async () => {
    const response = await app.http().post('/_api/products').set('Authorization', `Bearer ${key.secret}`).send({});
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(response.body).toEqual({ success: false, error: 'Method not allowed' });
  });

  test('the numeric parameter is required where configured and refused where not', async () => {
    expect((await get('/_api/products/one')).status).toBe(404);
    const one = await get('/_api/products/one/12');
    expect(one.status).toBe(200);
    expect(one.body.items).toEqual([{ id: 12, sku: 'SKU-0000012' }]);
    expect((await get('/_api/products/12')).status).toBe(404);
    expect((await get('/_api/products/one/99999999999')).status).toBe(404);
  });

  test('OPTIONS answers 204 with Allow, HEAD answers like GET without a body', async () => {
    const options = await app.http().options('/_api/products');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    const head = await app.http().head('/_api/products').set('Authorization', `Bearer ${key.secret}`);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/application\/json/);
    expect(head.text ?? '').toBe('');
  });

  test('reserved paths starting with _ are not endpoints', async () => {
    expect((await get('/_api/_openapi/shop.json')).status).toBe(404);
  });
});

describe('API keys', () => {
  test('no key is 401 with a Bearer challenge', async () => {
    const response = await app.http().get('/_api/products');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="data-api"');
    expect(response.body).toEqual({ success: false, error: 'Unauthorized' });
  });

  test('an unknown or malformed key is 401', async () => {
    const unknown = await get('/_api/products', `dapi_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toContain('error="invalid_token"');
    expect((await get('/_api/products', 'not-a-key')).status).toBe(401);
    expect((await app.http().get('/_api/products').set('Authorization', `Basic ${key.secret}`)).status).toBe(401);
  });

  test('a valid key not allowed on the endpoint is 403', async () => {
    const response = await get('/_api/products', otherKey.secret);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, error: 'Forbidden' });
  });

  test('use is recorded in lastUsedAt, at most once a minute', async () => {
    const fresh = await createKey(admin, 'fresh');
    await createEndpoint(admin, fresh, {
      path: 'products/fresh',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }],
    });
    const lastUsed = async () =>
      (await app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { id: fresh.id } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await get('/_api/products/fresh', fresh.secret);
    await sleep(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await sleep(20);
    await get('/_api/products/fresh', fresh.secret);
    await sleep(200);
    expect(await lastUsed()).toEqual(first);
  });

  test('a key turns 401 once its expiry passes, with no change to it', async () => {
    const response = await admin.post('/data-api/api-keys', {
      data: { description: 'short-lived', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    const shortLived = response.body.data;
    await createEndpoint(
      admin,
      { id: shortLived.id, secret: shortLived.secret },
      {
        path: 'products/short',
        type: 'list',
        object: 'api::product.product',
        fields: [{ name: 'id' }],
      }
    );
    expect((await get('/_api/products/short', shortLived.secret)).status).toBe(200);
    // Two hours on (the app runs in this process): the loaded key is the same, its expiry is now past.
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 7_200_000);
    try {
      const expired = await get('/_api/products/short', shortLived.secret);
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ success: false, error: 'Unauthorized' });
    } finally {
      clock.mockRestore();
    }
    expect((await get('/_api/products/short', shortLived.secret)).status).toBe(200);
  });
});

describe('allowed source IPs', () => {
  test('a caller inside the list passes (IPv4-mapped IPv6 counts as IPv4)', async () => {
    expect((await get('/_api/products/local')).status).toBe(200);
  });

  test('a caller outside the list is 403 before authentication', async () => {
    const withKey = await get('/_api/products/office');
    expect(withKey.status).toBe(403);
    expect(withKey.body).toEqual({ success: false, error: 'Forbidden' });
    // No key at all: still 403, the IP check comes first.
    expect((await app.http().get('/_api/products/office')).status).toBe(403);
  });

  test('X-Forwarded-For is ignored unless Strapi trusts a proxy', async () => {
    const response = await get('/_api/products/office').set('X-Forwarded-For', '203.0.113.9');
    expect(response.status).toBe(403);
  });
});

describe('definitions in force', () => {
  test('a change written by another instance is in force here without a restart', async () => {
    // What another instance does: store the endpoint, then move the shared revision.
    await app.strapi.db.query('plugin::data-api.endpoint').create({
      data: {
        name: 'from elsewhere',
        path: 'elsewhere',
        method: 'GET',
        routeKey: 'GET elsewhere',
        type: 'list',
        object: 'api::customer.customer',
        parameter: 'none',
        fields: [{ name: 'id' }],
        auth: { method: 'api-key', keys: [key.id] },
        enabled: true,
      },
    });
    expect((await get('/_api/elsewhere')).status).toBe(404);
    await asAnotherInstanceWould(() => get('/_api/elsewhere'), 200);
  });

  test('a key revoked by another instance stops working here without a restart', async () => {
    const remote = await createKey(admin, 'remote');
    await createEndpoint(admin, remote, {
      path: 'products/remote',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }],
    });
    expect((await get('/_api/products/remote', remote.secret)).status).toBe(200);
    await app.strapi.db.query('plugin::data-api.api-key').delete({ where: { id: remote.id } });
    await asAnotherInstanceWould(() => get('/_api/products/remote', remote.secret), 401);
  });

  test('a revoked key stops working at once', async () => {
    const doomed = await createKey(admin, 'doomed');
    await createEndpoint(admin, doomed, {
      path: 'products/doomed',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }],
    });
    expect((await get('/_api/products/doomed', doomed.secret)).status).toBe(200);
    expect((await admin.del(`/data-api/api-keys/${doomed.id}`)).status).toBe(200);
    expect((await get('/_api/products/doomed', doomed.secret)).status).toBe(401);
  });

  test('a disabled endpoint is gone', async () => {
    const endpoint = await createEndpoint(admin, key, {
      path: 'products/toggle',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }],
    });
    expect((await get('/_api/products/toggle')).status).toBe(200);
    const definition = definitionOf(endpoint as unknown as StoredEndpoint);
    expect(
      (await admin.put(`/data-api/endpoints/${endpoint.id}`, { data: { ...definition, enabled: false } })).status
    ).toBe(200);
    expect((await get('/_api/products/toggle')).status).toBe(404);
  });
});

describe('unexpected errors', () => {
  test('are 500 in the error shape, with no detail leaked', async () => {
    const knex = knexOf(app);
    await knex.schema.alterTable('products', (t) => t.renameColumn('sku', 'sku_moved'));
    try {
      const response = await get('/_api/products');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ success: false, error: 'Internal server error' });
    } finally {
      await knex.schema.alterTable('products', (t) => t.renameColumn('sku_moved', 'sku'));
    }
  });
});
