import { createHmac } from 'node:crypto';
import { createEndpoint, createKey } from '../helpers/fixtures';
import { keySecret } from '../helpers/secrets';
import { app, admin, key, base, adminWith, endpointCount, adminApiSuite } from '../helpers/admin-api-suite';

adminApiSuite();

describe('API keys', () => {
  test('the secret is answered once and stored only as an HMAC', async () => {
    const response = await admin.post('/data-api/api-keys', { data: { description: 'Nightly export' } });
    expect(response.status).toBe(201);
    const { secret, id, prefix } = response.body.data;
    expect(secret).toMatch(/^dapi_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(prefix)).toBe(true);
    const row = await app.strapi.db.connection('data_api_keys').where('id', id).first();
    expect(JSON.stringify(row)).not.toContain(secret.slice(5));
    expect(row.hash).toBe(createHmac('sha512', keySecret()).update(secret).digest('hex'));
    const list = await admin.get('/data-api/api-keys');
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { id: number }) => k.id === id);
    expect(listed).toEqual({
      id,
      name: 'nightly-export',
      description: 'Nightly export',
      prefix,
      expiresAt: null,
      lastUsedAt: null,
      rateLimit: null,
      preview: false,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain(row.hash);
  });

  test("a key's description and rate limit change; its name and secret do not", async () => {
    const created = await admin.post('/data-api/api-keys', {
      data: { description: 'Limited', rateLimit: { requests: 5, windowSeconds: 60 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.rateLimit).toEqual({ requests: 5, windowSeconds: 60, burst: 0 });
    const { id, name, prefix } = created.body.data;
    const changed = await admin.put(`/data-api/api-keys/${id}`, {
      data: { description: 'Limited more', rateLimit: { requests: 2, windowSeconds: 1, burst: 3 } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id, name, prefix, description: 'Limited more' });
    expect(changed.body.data.rateLimit).toEqual({ requests: 2, windowSeconds: 1, burst: 3 });
    expect(changed.body.data.secret).toBeUndefined();
    const row = await app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { id } });
    expect(row.rateLimit).toEqual({ requests: 2, windowSeconds: 1, burst: 3 });

    const refused = async (data: object, message: RegExp) => {
      const response = await admin.put(`/data-api/api-keys/${id}`, { data });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(message);
    };
    await refused({ rateLimit: { requests: 0, windowSeconds: 60 } }, /^rateLimit\.requests: /);
    await refused({ rateLimit: { requests: 5, windowSeconds: 90_000 } }, /^rateLimit\.windowSeconds: /);
    await refused({ rateLimit: { requests: 5, windowSeconds: 60, every: 1 } }, /^rateLimit: /);
    await refused({ name: 'renamed' }, /name/);
    expect((await app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { id } })).name).toBe(name);

    const cleared = await admin.put(`/data-api/api-keys/${id}`, { data: { rateLimit: null } });
    expect(cleared.body.data).toMatchObject({ description: 'Limited more', rateLimit: null });
    expect((await admin.put('/data-api/api-keys/999999', { data: { rateLimit: null } })).status).toBe(404);
    await admin.del(`/data-api/api-keys/${id}`);
  });

  test('a key expires when it is made to (a date ahead), and its expiry never changes', async () => {
    const create = (expiresAt: string) =>
      admin.post('/data-api/api-keys', { data: { description: 'Dated', expiresAt } });
    const past = await create(new Date(Date.now() - 60_000).toISOString());
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('expiresAt: must be in the future');
    expect((await create('next week')).status).toBe(400);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await create(inAWeek);
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.data.expiresAt)).toBe(Date.parse(inAWeek));
    const changed = await admin.put(`/data-api/api-keys/${created.body.data.id}`, { data: { expiresAt: null } });
    expect(changed.status).toBe(400);
    await admin.del(`/data-api/api-keys/${created.body.data.id}`);
  });

  test('a key needs a description', async () => {
    const response = await admin.post('/data-api/api-keys', { data: { description: '  ' } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/description/);
  });

  test('revoking a key removes it from the endpoints that allowed it', async () => {
    const doomed = await createKey(admin, 'doomed');
    const endpoint = await createEndpoint(admin, doomed, {
      ...base(),
      path: 'revoked',
      auth: { method: 'api-key', keys: [key.id, doomed.id] },
    });
    expect((await admin.del(`/data-api/api-keys/${doomed.id}`)).status).toBe(200);
    expect(await app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { id: doomed.id } })).toBeNull();
    const stored = await admin.get(`/data-api/endpoints/${endpoint.id}`);
    expect(stored.body.data.auth.keys).toEqual([key.id]);
    expect((await admin.del(`/data-api/api-keys/${doomed.id}`)).status).toBe(404);
  });
});

describe('marking a key for preview', () => {
  const KEY_RIGHTS = ['plugin::data-api.keys.read', 'plugin::data-api.keys.manage'];
  const POST_TITLES = {
    action: 'plugin::content-manager.explorer.read',
    subject: 'api::post.post',
    properties: { fields: ['title'] },
  };

  test("needs Content Manager read on what the key's draft-reading endpoints read; other changes do not", async () => {
    const partner = await createKey(admin, 'Preview partner');
    await createEndpoint(admin, partner, {
      name: 'Post drafts',
      path: 'preview/posts',
      type: 'list',
      object: 'api::post.post',
      status: 'query',
      fields: [{ name: 'title' }],
    });
    const row = () => app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { id: partner.id } });
    const change = (client: typeof admin, data: object) => client.put(`/data-api/api-keys/${partner.id}`, { data });
    const keyAdmin = await adminWith('preview-keys@example.com', KEY_RIGHTS);
    const before = await row();

    const refused = await change(keyAdmin, { description: 'Preview partner v2', preview: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      name: 'PolicyError',
      message:
        'preview: marked for preview, the key "preview-partner" would read the drafts of GET preview/posts ' +
        '("Post drafts"): you may not read api::post.post (Content Manager permission missing); ' +
        'you may not read api::post.post.title (Content Manager permission missing)',
    });
    expect(await row()).toEqual(before);
    // Any other change is the key right's alone, and so is a key that no draft-reading endpoint lists.
    expect((await change(keyAdmin, { description: 'Preview partner v2', preview: false })).status).toBe(200);
    expect(await row()).toMatchObject({ description: 'Preview partner v2', preview: false });
    const unlisted = await keyAdmin.post('/data-api/api-keys', { data: { description: 'Unlisted', preview: true } });
    expect(unlisted.status).toBe(201);
    expect(unlisted.body.data.preview).toBe(true);

    const reader = await adminWith('preview-reader@example.com', [...KEY_RIGHTS, POST_TITLES]);
    const marked = await change(reader, { preview: true });
    expect(marked.status).toBe(200);
    expect(marked.body.data.preview).toBe(true);
    expect((await row()).preview).toBe(true);
    // Only marking is checked: leaving the mark as it is, or taking it off, is not.
    expect((await change(keyAdmin, { description: 'Preview partner v3', preview: true })).status).toBe(200);
    expect((await change(keyAdmin, { preview: false })).status).toBe(200);
    expect(await row()).toMatchObject({ description: 'Preview partner v3', preview: false });
    expect((await change(admin, { preview: true })).status).toBe(200);
    expect((await row()).preview).toBe(true);
    await admin.del(`/data-api/api-keys/${unlisted.body.data.id}`);
  });
});

describe('objects', () => {
  test('lists the collection types with their fields, and what cannot be exposed', async () => {
    const response = await admin.get('/data-api/objects');
    expect(response.status).toBe(200);
    const uids = response.body.data.map((o: { uid: string }) => o.uid);
    expect(uids).toEqual(
      expect.arrayContaining(['api::order.order', 'api::product.product', 'plugin::users-permissions.user'])
    );
    expect(uids.some((uid: string) => uid.startsWith('admin::') || uid.startsWith('plugin::data-api.'))).toBe(false);
    const product = response.body.data.find((o: { uid: string }) => o.uid === 'api::product.product');
    expect(product.fields).toEqual(
      expect.arrayContaining([
        { name: 'title', type: 'string', exposable: true, writable: true, required: true, maxLength: 80 },
        { name: 'price', type: 'decimal', exposable: true, writable: true, min: 0, max: 100000 },
        { name: 'createdAt', type: 'datetime', exposable: true, writable: false },
      ])
    );
    // Writes go through the Document Service where site code or Draft & Publish needs it, else direct SQL.
    expect(product.documentService).toBe(false);
    const documentService = (uid: string) =>
      response.body.data.find((o: { uid: string }) => o.uid === uid).documentService;
    expect(documentService('api::customer.customer')).toBe(true); // it has a lifecycles file
    expect(documentService('api::article.article')).toBe(true); // Draft & Publish
    const user = response.body.data.find((o: { uid: string }) => o.uid === 'plugin::users-permissions.user');
    expect(user.fields.find((f: { name: string }) => f.name === 'password')).toMatchObject({ exposable: false });
    const customer = response.body.data.find((o: { uid: string }) => o.uid === 'api::customer.customer');
    expect(customer.fields.find((f: { name: string }) => f.name === 'internalNote')).toEqual({
      name: 'internalNote',
      type: 'unsupported',
      exposable: false,
      writable: false,
      reason: 'private fields cannot be exposed',
    });
    expect(uids).not.toContain('plugin::upload.file');
  });
});

describe('RBAC', () => {
  test('an admin without the plugin rights gets 403 everywhere', async () => {
    const outsider = await adminWith('outsider@example.com', []);
    for (const path of ['/data-api/endpoints', '/data-api/api-keys', '/data-api/objects']) {
      expect((await outsider.get(path)).status).toBe(403);
    }
    expect((await outsider.post('/data-api/api-keys', { data: { description: 'x' } })).status).toBe(403);
  });

  test('changing or deleting needs the manage right', async () => {
    const reader = await adminWith('reader2@example.com', [
      'plugin::data-api.endpoints.read',
      'plugin::data-api.keys.read',
    ]);
    const endpoint = await createEndpoint(admin, key, { ...base(), path: 'rbac/target' });
    expect(
      (await reader.put(`/data-api/endpoints/${endpoint.id}`, { data: { ...base(), path: 'rbac/moved' } })).status
    ).toBe(403);
    expect((await reader.del(`/data-api/endpoints/${endpoint.id}`)).status).toBe(403);
    expect((await reader.del(`/data-api/api-keys/${key.id}`)).status).toBe(403);
    expect((await admin.get(`/data-api/endpoints/${endpoint.id}`)).body.data.path).toBe('rbac/target');
    expect(await app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { id: key.id } })).not.toBeNull();
  });

  test('read rights allow reading, not changing', async () => {
    const reader = await adminWith('reader@example.com', [
      'plugin::data-api.endpoints.read',
      'plugin::data-api.keys.read',
    ]);
    expect((await reader.get('/data-api/endpoints')).status).toBe(200);
    expect((await reader.get('/data-api/api-keys')).status).toBe(200);
    const before = await endpointCount();
    expect((await reader.post('/data-api/endpoints', { data: { ...base(), path: 'by/reader' } })).status).toBe(403);
    expect((await reader.post('/data-api/api-keys', { data: { description: 'x' } })).status).toBe(403);
    expect(await endpointCount()).toBe(before);
  });

  test('no admin token at all is 401', async () => {
    expect((await app.http().get('/data-api/endpoints')).status).toBe(401);
  });
});
