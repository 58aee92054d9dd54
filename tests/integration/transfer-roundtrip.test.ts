import { createKey, type KeyFixture } from '../helpers/fixtures';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * Data safety: an export always imports back. The configuration holds every kind of endpoint (the demo's
 * examples: list, aggregate, create with tasks and presets, modify, delete, session endpoints, allowed IPs),
 * keys one of which was revoked (an endpoint lost its only key, another one of two), disabled endpoints and
 * documents public and not. Deleted entirely, then imported, it exports to the same file.
 */

// The demo's example definitions, a plain JavaScript file of the playground.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EXAMPLES } = require('../../playground/src/demo-examples') as {
  EXAMPLES: (keyId: number) => Array<Record<string, unknown>>;
};

let app: TestApp;
let admin: AdminClient;

const rows = async (path: string) => (await admin.get(`/data-api/${path}`)).body.data as Array<{ id: number }>;
const exported = async () => {
  const response = await admin.get('/data-api/export');
  expect(response.status).toBe(200);
  const { exportedAt: _, ...file } = response.body.data;
  return file;
};
const created = async (path: string, data: unknown) => {
  const response = await admin.post(`/data-api/${path}`, { data });
  if (response.status !== 201) throw new Error(`${path} refused: ${JSON.stringify(response.body)}`);
  return response.body.data as { id: number };
};

beforeAll(async () => {
  app = await startApp();
  admin = await app.admin();
  const demo = await createKey(admin, 'Demo key');
  const partner = await createKey(admin, 'Partner key');
  const doomed: KeyFixture = await createKey(admin, 'Doomed key');
  const ids: number[] = [];
  for (const definition of EXAMPLES(demo.id)) ids.push((await created('endpoints', definition)).id);
  const [first, second] = EXAMPLES(demo.id);
  // Loses its only key to the revocation below.
  ids.push(
    (await created('endpoints', { ...first, path: 'orphaned', auth: { method: 'api-key', keys: [doomed.id] } })).id
  );
  // Loses one of its two keys.
  ids.push(
    (
      await created('endpoints', {
        ...second,
        path: 'shared',
        auth: { method: 'api-key', keys: [partner.id, doomed.id] },
      })
    ).id
  );
  ids.push((await created('endpoints', { ...first, path: 'switched/off', enabled: false })).id);
  await created('openapi-documents', { title: 'Shop API', description: 'Everything.', endpoints: ids, public: true });
  await created('openapi-documents', { title: 'Internal', version: '2.1.0', endpoints: ids.slice(-3) });
  expect((await admin.del(`/data-api/api-keys/${doomed.id}`)).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
});

test('export, delete everything, import, export again: the same file', async () => {
  const before = await exported();
  expect(before.endpoints.find((e: { path: string }) => e.path === 'orphaned').auth.keys).toEqual([]);
  for (const e of await rows('endpoints')) expect((await admin.del(`/data-api/endpoints/${e.id}`)).status).toBe(200);
  for (const d of await rows('openapi-documents')) await admin.del(`/data-api/openapi-documents/${d.id}`);
  for (const k of await rows('api-keys')) await admin.del(`/data-api/api-keys/${k.id}`);

  const response = await admin.post('/data-api/import', { data: before });
  expect(response.body.error).toBeUndefined();
  expect(response.body).toMatchObject({ data: { endpoints: { created: before.endpoints.length, updated: 0 } } });
  expect(response.body.data.keys.created).toHaveLength(2);
  expect(await exported()).toEqual(before);

  // The endpoint without a key refuses every caller, as it did after the revocation.
  const [demoKey] = response.body.data.keys.created;
  const call = (path: string) => app.http().get(`/_api/${path}`).set('Authorization', `Bearer ${demoKey.secret}`);
  expect((await call('products')).status).toBe(200);
  expect((await call('orphaned')).status).toBe(403);
  expect((await app.http().get('/_api/orphaned')).status).toBe(401);
});
