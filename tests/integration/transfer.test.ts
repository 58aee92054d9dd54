import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { adminWith, startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * Export and import of the whole configuration (DESIGN.md section 3): keys travel by description only,
 * endpoints by route and documents by slug; an import is checked and written all or nothing.
 */

let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;

const UIDS = {
  endpoint: 'plugin::data-api.endpoint',
  key: 'plugin::data-api.api-key',
  document: 'plugin::data-api.openapi-document',
};
const count = (uid: string) => app.strapi.db.query(uid as never).count();
const counts = async () => ({
  endpoints: await count(UIDS.endpoint),
  keys: await count(UIDS.key),
  documents: await count(UIDS.document),
});

const exported = async () => {
  const response = await admin.get('/data-api/export');
  expect(response.status).toBe(200);
  return response.body.data;
};
const importFile = (data: unknown) => admin.post('/data-api/import', { data });

beforeAll(async () => {
  app = await startApp();
  admin = await app.admin();
  key = await createKey(admin, 'Partner key');
  await createEndpoint(admin, key, {
    name: 'Partner orders',
    path: 'partner/orders',
    type: 'list',
    object: 'api::order.order',
    filter: { status: 'paid' },
    fields: [{ name: 'id' }, { name: 'total' }],
  });
  const mine = await createEndpoint(admin, key, {
    name: 'My orders',
    path: 'me/orders',
    type: 'list',
    object: 'api::order.order',
    filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
    fields: [{ name: 'id' }],
    auth: { method: 'session', userObject: 'plugin::users-permissions.user' },
  });
  const partner = (await admin.get('/data-api/endpoints')).body.data.find((e: any) => e.path === 'partner/orders');
  await admin.post('/data-api/openapi-documents', {
    data: { title: 'Partner API', endpoints: [partner.id, mine.id], public: true },
  });
});

afterAll(async () => {
  await app?.stop();
});

describe('export', () => {
  test('holds every definition, keys by description, documents by route, and never a secret or hash', async () => {
    const file = await exported();
    expect(file.format).toBe('strapi-plugin-data-api/1');
    expect(file.keys).toEqual([{ description: 'Partner key' }]);
    const partner = file.endpoints.find((e: any) => e.path === 'partner/orders');
    expect(partner).toMatchObject({
      name: 'Partner orders',
      type: 'list',
      filter: { status: 'paid' },
      auth: { method: 'api-key', keys: ['Partner key'] },
    });
    expect(partner.id).toBeUndefined();
    expect(file.documents).toEqual([
      {
        title: 'Partner API',
        version: '1.0.0',
        description: '',
        public: true,
        endpoints: ['GET partner/orders', 'GET me/orders'],
      },
    ]);
    const text = JSON.stringify(file);
    const stored = await app.strapi.db.query(UIDS.key as never).findOne({ where: { id: key.id } });
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain(stored.hash);
    expect(text).not.toContain('"hash"');
  });
});

describe('import', () => {
  test('into an empty configuration: everything back, with a new key whose secret is answered once', async () => {
    const file = await exported();
    for (const e of (await admin.get('/data-api/endpoints')).body.data) await admin.del(`/data-api/endpoints/${e.id}`);
    for (const d of (await admin.get('/data-api/openapi-documents')).body.data)
      await admin.del(`/data-api/openapi-documents/${d.id}`);
    await admin.del(`/data-api/api-keys/${key.id}`);
    expect(await counts()).toEqual({ endpoints: 0, keys: 0, documents: 0 });

    const response = await importFile(file);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      endpoints: { created: 2, updated: 0 },
      documents: { created: 1, updated: 0 },
      keys: { matched: 0, created: [{ description: 'Partner key', secret: expect.stringMatching(/^dapi_/) }] },
    });
    const [created] = response.body.data.keys.created;
    const call = await app.http().get('/_api/partner/orders').set('Authorization', `Bearer ${created.secret}`);
    expect(call.status).toBe(200);
    expect(call.body.total).toBeGreaterThan(0);
    const document = (await app.http().get('/_api/_openapi/partner_api.json')).body;
    expect(Object.keys(document.paths)).toEqual(['/_api/partner/orders', '/_api/me/orders', '/_api/_session']);
    key = { id: created.id, secret: created.secret };
  });

  test('the same file again changes nothing but what it holds: matched by route, slug and description', async () => {
    const before = await counts();
    const file = await exported();
    file.endpoints.find((e: any) => e.path === 'partner/orders').name = 'Partner orders (renamed)';
    const response = await importFile(file);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      endpoints: { created: 0, updated: 2 },
      documents: { created: 0, updated: 1 },
      keys: { matched: 1, created: [] },
    });
    expect(await counts()).toEqual(before);
    const endpoints = (await admin.get('/data-api/endpoints')).body.data;
    expect(endpoints.find((e: any) => e.path === 'partner/orders').name).toBe('Partner orders (renamed)');
    // The key kept its secret.
    expect((await app.http().get('/_api/partner/orders').set('Authorization', `Bearer ${key.secret}`)).status).toBe(
      200
    );
  });

  test('is all or nothing: one bad endpoint, and no endpoint, document or key of the file is stored', async () => {
    const before = await counts();
    const file = await exported();
    file.keys.push({ description: 'Brand new key' });
    file.endpoints.push(
      {
        name: 'Fine',
        path: 'fine/orders',
        type: 'list',
        object: 'api::order.order',
        fields: [{ name: 'id' }],
        auth: { method: 'api-key', keys: ['Brand new key'] },
      },
      {
        name: 'Broken',
        path: 'broken/orders',
        type: 'list',
        object: 'api::order.order',
        fields: [{ name: 'nope' }],
        auth: { method: 'api-key', keys: ['Partner key'] },
      }
    );
    file.documents.push({ title: 'Other', endpoints: ['GET fine/orders', 'GET missing/route'] });
    const response = await importFile(file);
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors).toEqual([
      'endpoints[3] (broken/orders): fields[0]: unknown field "nope" on api::order.order',
      'documents[1] ("Other"): endpoints: no endpoint GET missing/route',
    ]);
    expect(await counts()).toEqual(before);
    expect((await app.http().get('/_api/fine/orders').set('Authorization', `Bearer ${key.secret}`)).status).toBe(404);
  });

  test('refuses a file that is not one, two items on one route or slug, and key ids instead of descriptions', async () => {
    const before = await counts();
    const file = await exported();
    const refused = async (data: unknown) => {
      const response = await importFile(data);
      expect(response.status).toBe(400);
      return response.body.error.message as string;
    };
    expect(await refused({ ...file, format: 'other/1' })).toMatch(/^format:/);
    expect(await refused({ endpoints: [] })).toMatch(/format/);
    expect(await refused({ ...file, endpoints: [...file.endpoints, file.endpoints[0]] })).toMatch(
      /endpoints\[2\]: same route as endpoints\[0\]/
    );
    expect(
      await refused({ ...file, documents: [...file.documents, { ...file.documents[0], title: 'partner api' }] })
    ).toMatch(/documents\[1\]: same slug "partner_api"/);
    const withIds = structuredClone(file);
    withIds.endpoints[0].auth.keys = [key.id];
    expect(await refused(withIds)).toMatch(/name keys by their description/);
    expect(await counts()).toEqual(before);
  });

  test('export needs transfer.read, import transfer.manage', async () => {
    const reader = await adminWith(app, 'transfer-reader@example.com', ['plugin::data-api.transfer.read']);
    expect((await reader.get('/data-api/export')).status).toBe(200);
    expect((await reader.post('/data-api/import', { data: await exported() })).status).toBe(403);
    const outsider = await adminWith(app, 'transfer-outsider@example.com', ['plugin::data-api.endpoints.read']);
    expect((await outsider.get('/data-api/export')).status).toBe(403);
  });
});
