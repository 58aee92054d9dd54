import { createKey } from '../helpers/fixtures';
import { adminWith } from '../helpers/strapi';
import { app, admin, key, setKey, UIDS, counts, exported, importFile, transferSuite } from '../helpers/transfer-suite';
import { fileList } from '../helpers/file-entries';

transferSuite();

describe('import', () => {
  test('into an empty configuration: everything back, keys made under their names, secrets answered once', async () => {
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
      keys: {
        matched: [],
        created: [{ name: 'partner', description: 'Partner key', secret: expect.stringMatching(/^dapi_/) }],
      },
    });
    const [created] = response.body.data.keys.created;
    expect((await admin.get('/data-api/api-keys')).body.data).toMatchObject([
      { id: created.id, name: 'partner', description: 'Partner key' },
    ]);
    const call = await app.http().get('/_api/partner/orders').set('Authorization', `Bearer ${created.secret}`);
    expect(call.status).toBe(200);
    expect(call.body.total).toBeGreaterThan(0);
    const document = (await app.http().get('/_api/_openapi/partner_api.json')).body;
    expect(Object.keys(document.paths)).toEqual(['/_api/partner/orders', '/_api/me/orders', '/_api/_session']);
    setKey({ id: created.id, secret: created.secret });
  });

  test('the same file again changes nothing but what it holds: matched by route, slug and key name', async () => {
    const before = await counts();
    const file = await exported();
    file.endpoints.find((e: { path: string }) => e.path === 'partner/orders').name = 'Partner orders (renamed)';
    const response = await importFile(file);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      // Only what the file changes counts as updated: the other endpoint and the document are as they were.
      endpoints: { created: 0, updated: 1, unchanged: 1 },
      documents: { created: 0, updated: 0, unchanged: 1 },
      keys: { matched: [{ id: expect.any(Number), name: 'partner', description: 'Partner key' }], created: [] },
    });
    expect(await counts()).toEqual(before);
    const endpoints = (await admin.get('/data-api/endpoints')).body.data;
    expect(endpoints.find((e: { path: string }) => e.path === 'partner/orders').name).toBe('Partner orders (renamed)');
    // The key kept its secret.
    expect((await app.http().get('/_api/partner/orders').set('Authorization', `Bearer ${key.secret}`)).status).toBe(
      200
    );
  });

  test("keys carry their rate limit: a created key gets the file's, a matched one takes it", async () => {
    const limit = { requests: 100, windowSeconds: 60, burst: 20 };
    const file = await exported();
    file.keys = [
      { name: 'partner', description: 'Partner key', rateLimit: limit },
      { name: 'limited-new', description: 'Limited new key', rateLimit: { requests: 5, windowSeconds: 1, burst: 0 } },
    ];
    const response = await importFile(file);
    expect(response.status).toBe(200);
    const stored = async (name: string) =>
      (await app.strapi.db.query(UIDS.key as never).findOne({ where: { name } })) as { id: number; rateLimit: unknown };
    expect((await stored('partner')).rateLimit).toEqual(limit);
    expect((await stored('limited-new')).rateLimit).toEqual({ requests: 5, windowSeconds: 1, burst: 0 });
    const again = await exported();
    expect(again.keys).toEqual(
      expect.arrayContaining([{ name: 'partner', description: 'Partner key', rateLimit: limit, preview: false }])
    );
    // Without the property the key's limit stays as it is; null removes it.
    file.keys = [{ name: 'partner', description: 'Partner key' }];
    expect((await importFile(file)).status).toBe(200);
    expect((await stored('partner')).rateLimit).toEqual(limit);
    file.keys = [{ name: 'partner', description: 'Partner key', rateLimit: null }];
    expect((await importFile(file)).status).toBe(200);
    expect((await stored('partner')).rateLimit).toBeNull();
    await admin.del(`/data-api/api-keys/${(await stored('limited-new')).id}`);
  });

  test("keys carry their preview mark: a created key gets the file's, a matched one takes it", async () => {
    const file = await exported();
    file.keys = [
      { name: 'partner', description: 'Partner key', preview: true },
      { name: 'preview-new', description: 'Preview new key', preview: true },
    ];
    expect((await importFile(file)).status).toBe(200);
    const stored = async (name: string) =>
      (await app.strapi.db.query(UIDS.key as never).findOne({ where: { name } })) as { id: number; preview: unknown };
    expect((await stored('partner')).preview).toBe(true);
    expect((await stored('preview-new')).preview).toBe(true);
    expect((await exported()).keys).toEqual(
      expect.arrayContaining([{ name: 'preview-new', description: 'Preview new key', rateLimit: null, preview: true }])
    );
    // Without the property the mark stays as it is; false removes it.
    file.keys = [{ name: 'partner', description: 'Partner key' }];
    expect((await importFile(file)).status).toBe(200);
    expect((await stored('partner')).preview).toBe(true);
    file.keys = [{ name: 'partner', description: 'Partner key', preview: false }];
    expect((await importFile(file)).status).toBe(200);
    expect((await stored('partner')).preview).toBe(false);
    expect(
      (await importFile({ ...file, keys: [{ name: 'partner', description: 'Partner key', preview: 1 }] })).status
    ).toBe(400);
    await admin.del(`/data-api/api-keys/${(await stored('preview-new')).id}`);
  });

  test('is all or nothing: one bad endpoint, and no endpoint, document or key of the file is stored', async () => {
    const before = await counts();
    const file = await exported();
    file.keys.push({ name: 'brand-new', description: 'Brand new key' });
    file.endpoints.push(
      fileList('Fine', 'fine/orders', 'brand-new'),
      fileList('Broken', 'broken/orders', 'partner', ['nope'])
    );
    file.documents.push({ title: 'Other', endpoints: ['GET fine/orders', 'GET missing/route'] });
    const response = await importFile(file);
    expect(response.status).toBe(400);
    // Each problem of an item sits inside it in the file; the message names the item in words.
    expect(response.body.error.details.errors).toEqual([
      {
        path: ['endpoints', 3, 'fields', 0],
        message: 'unknown field "nope" on api::order.order (endpoint broken/orders)',
        name: 'ValidationError',
      },
      {
        path: ['documents', 1, 'endpoints'],
        message: 'no endpoint GET missing/route (document "Other")',
        name: 'ValidationError',
      },
    ]);
    expect(response.body.error.message).toBe(
      'endpoints[3].fields[0]: unknown field "nope" on api::order.order (endpoint broken/orders); ' +
        'documents[1].endpoints: no endpoint GET missing/route (document "Other")'
    );
    expect(await counts()).toEqual(before);
    expect((await app.http().get('/_api/fine/orders').set('Authorization', `Bearer ${key.secret}`)).status).toBe(404);
  });

  test('refuses a file that is not one, two items on one route or slug, key ids or bad names', async () => {
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
    expect(await refused(withIds)).toMatch(
      /endpoints\[0\]\.auth\.keys: name keys by their name in an imported file \(endpoint partner\/orders\)/
    );
    expect(await refused({ ...file, keys: [{ name: 'not a name', description: 'x' }] })).toMatch(/^keys\[0\]\.name: /);
    expect(await counts()).toEqual(before);
  });

  test("a key described like the partner's is not attached by an import: keys are matched by name", async () => {
    const file = await exported();
    const keyAdmin = await adminWith(app, 'key-admin@example.com', [
      'plugin::data-api.keys.read',
      'plugin::data-api.keys.manage',
    ]);
    const spoof = (data: object) =>
      keyAdmin.post('/data-api/api-keys', { data: { description: 'Partner key', ...data } });
    for (const name of ['partner', 'PARTNER']) {
      const taken = await spoof({ name });
      expect(taken.status).toBe(400);
      expect(taken.body.error.message).toBe(`name: "partner" is already the name of a key`);
    }
    const lookalike = await spoof({});
    expect(lookalike.status).toBe(201);
    expect(lookalike.body.data.name).toBe('partner-key');

    expect((await importFile(file)).body.data.keys).toEqual({
      matched: [{ id: expect.any(Number), name: 'partner', description: 'Partner key' }],
      created: [],
    });
    const endpoint = (await admin.get('/data-api/endpoints')).body.data.find(
      (e: { path: string }) => e.path === 'partner/orders'
    );
    expect(endpoint.auth.keys).toEqual([key.id]);
    const call = (secret: string) => app.http().get('/_api/partner/orders').set('Authorization', `Bearer ${secret}`);
    expect((await call(lookalike.body.data.secret)).status).toBe(403);
    expect((await call(key.secret)).status).toBe(200);
    await admin.del(`/data-api/api-keys/${lookalike.body.data.id}`);
  });

  test('a key of the same name but another description here is refused, not guessed, and nothing is written', async () => {
    const file = await exported();
    const other = structuredClone(file);
    other.keys = other.keys.map((k: { name: string }) => ({ ...k, description: 'Someone else' }));
    other.endpoints[0].name = 'renamed by the import';
    const response = await importFile(other);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(
      'the key "partner" here is described "Partner key", the file describes it "Someone else"'
    );
    const names = (await admin.get('/data-api/endpoints')).body.data.map((e: { name: string }) => e.name);
    expect(names).not.toContain('renamed by the import');
  });

  describe('a file of the first format (keys by description)', () => {
    const legacy = async () => {
      const file = await exported();
      return {
        ...file,
        format: 'strapi-plugin-data-api/1',
        keys: file.keys.map(({ description }: { description: string }) => ({ description })),
        endpoints: file.endpoints.map((e: { auth: { method: string } }) =>
          e.auth.method === 'api-key' ? { ...e, auth: { ...e.auth, keys: ['Partner key'] } } : e
        ),
      };
    };

    test('is imported where each description is that of exactly one key, or of none (a key is then made)', async () => {
      const file = await legacy();
      file.keys.push({ description: 'Legacy newcomer' });
      const response = await importFile(file);
      expect(response.status).toBe(200);
      expect(response.body.data.keys).toEqual({
        matched: [{ id: expect.any(Number), name: 'partner', description: 'Partner key' }],
        created: [
          {
            id: expect.any(Number),
            name: 'legacy-newcomer',
            description: 'Legacy newcomer',
            secret: expect.any(String),
          },
        ],
      });
      const endpoint = (await admin.get('/data-api/endpoints')).body.data.find(
        (e: { path: string }) => e.path === 'partner/orders'
      );
      expect(endpoint.auth.keys).toEqual([key.id]);
      await admin.del(`/data-api/api-keys/${response.body.data.keys.created[0].id}`);
    });

    test('is refused, naming the key, where a description is that of several keys', async () => {
      const file = await legacy();
      const lookalike = await createKey(admin, 'Partner key');
      const before = await counts();
      const response = await importFile(file);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'keys[0]: "Partner key" is the description of 2 keys (partner, partner-key): export the file again to name keys by name'
      );
      expect(await counts()).toEqual(before);
      await admin.del(`/data-api/api-keys/${lookalike.id}`);
    });
  });

  test('export needs transfer.read, import transfer.manage', async () => {
    const reader = await adminWith(app, 'transfer-reader@example.com', ['plugin::data-api.transfer.read']);
    expect((await reader.get('/data-api/export')).status).toBe(200);
    expect((await reader.post('/data-api/import', { data: await exported() })).status).toBe(403);
    const outsider = await adminWith(app, 'transfer-outsider@example.com', ['plugin::data-api.endpoints.read']);
    expect((await outsider.get('/data-api/export')).status).toBe(403);
  });
});
