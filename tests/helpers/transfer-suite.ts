import { createEndpoint, createKey, type KeyFixture } from './fixtures';
import { startApp, type AdminClient, type TestApp } from './strapi';

/**
 * What the suites of export and import of the whole configuration share (docs/admin-panel.md): keys travel by
 * name (never a secret), endpoints by route and documents by slug; an import is checked and written all or
 * nothing.
 */
export let app: TestApp;
export let admin: AdminClient;
export let key: KeyFixture;
/** Makes `key` another one: the tests after it call with that key. */
export const setKey = (next: KeyFixture) => {
  key = next;
};

export const UIDS = {
  endpoint: 'plugin::data-api.endpoint',
  key: 'plugin::data-api.api-key',
  document: 'plugin::data-api.openapi-document',
};
const count = (uid: string) => app.strapi.db.query(uid as never).count();
export const counts = async () => ({
  endpoints: await count(UIDS.endpoint),
  keys: await count(UIDS.key),
  documents: await count(UIDS.document),
});

export const exported = async () => {
  const response = await admin.get('/data-api/export');
  expect(response.status).toBe(200);
  return response.body.data;
};
export const importFile = (data: unknown) => admin.post('/data-api/import', { data });

/**
 * The set-up of every transfer suite: the app, its super admin's client, a key named \`partner\`, two Lists (one
 * keyed, one for site users' sessions) and a public document of both; after the suite, the app stopped.
 */
export const transferSuite = () => {
  beforeAll(async () => {
    app = await startApp();
    admin = await app.admin();
    key = await createKey(admin, 'Partner key', 'partner');
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
    const partner = (await admin.get('/data-api/endpoints')).body.data.find(
      (e: { path: string }) => e.path === 'partner/orders'
    );
    await admin.post('/data-api/openapi-documents', {
      data: { title: 'Partner API', endpoints: [partner.id, mine.id], public: true },
    });
  });

  afterAll(async () => {
    await app?.stop();
  });
};
