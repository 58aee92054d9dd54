import { app, admin, key, base, endpointCount, adminApiSuite, adminWith } from '../helpers/admin-api-suite';
import { createEndpoint, createKey } from '../helpers/fixtures';
import { keySecret } from '../helpers/secrets';
import { createHmac } from 'node:crypto';

adminApiSuite();

describe('endpoints', () => {
  describe('endpoint definitions', () => {
    test('create, read, update and delete', async () => {
      const created = await admin.post('/data-api/endpoints', { data: base() });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        ...base(),
        id: expect.any(Number),
        method: 'GET',
        parameter: 'none',
        enabled: true,
      });
      const id = created.body.data.id;
      expect((await admin.get(`/data-api/endpoints/${id}`)).body.data.path).toBe('shop/orders');
      expect((await admin.get('/data-api/endpoints')).body.data.map((e: { id: number }) => e.id)).toContain(id);
      const updated = await admin.put(`/data-api/endpoints/${id}`, { data: { ...base(), path: '/shop/all-orders/' } });
      expect(updated.status).toBe(200);
      expect(updated.body.data.path).toBe('shop/all-orders');
      expect((await admin.del(`/data-api/endpoints/${id}`)).status).toBe(200);
      expect((await admin.get(`/data-api/endpoints/${id}`)).status).toBe(404);
    });

    test.each([
      ['a reserved path', { path: '_private/orders' }, /path segment "_private" must not start with "_"/],
      ['a path ending in a number', { path: 'orders/2024' }, /last path segment must not be a number/],
      ['a path with bad characters', { path: 'orders?x' }, /may only hold letters/],
      ['an unknown object', { object: 'api::nothing.nothing' }, /object: "api::nothing.nothing" is not a content type/],
      ["the plugin's own keys", { object: 'plugin::data-api.api-key' }, /not a content type that endpoints may use/],
      ['an admin type', { object: 'admin::user' }, /not a content type/],
      ['an unknown field', { fields: [{ name: 'id' }, { name: 'totl' }] }, /fields\[1\]: unknown field "totl"/],
      [
        'a private field',
        { object: 'plugin::users-permissions.user', fields: [{ name: 'password' }] },
        /fields\[0\]: private fields cannot be exposed/,
      ],
      ['an unknown sort field', { sort: [{ field: 'nope', dir: 'asc' }] }, /sort\[0\]: unknown field "nope"/],
      [
        'a sort on a relation',
        { sort: [{ field: 'customer', dir: 'asc' }] },
        /sort\[0\]: "customer" cannot be sorted on/,
      ],
      [
        'a filter on an unknown field',
        { filter: { colour: 'red' } },
        /filter\.colour: unknown field "colour" on api::order\.order/,
      ],
      [
        'a filter with a bad value',
        { filter: { total: { $gt: 'lots' } } },
        /filter\.total\.\$gt: "lots" is not a valid value/,
      ],
      ['a filter with an unknown variable', { filter: { id: { $var: 'user.age' } } }, /unknown variable "user\.age"/],
      [
        'a key that does not exist',
        { auth: { method: 'api-key', keys: [987654] } },
        /auth\.keys: no API key with id 987654/,
      ],
      ['a bad IP', { allowedIps: ['10.0.0.0/8', '300.1.2.3'] }, /allowedIps\[1\]: "300\.1\.2\.3" is not an IP address/],
      [
        'a modify without its parameter',
        { type: 'modify', parameter: 'optional' },
        /always takes the numeric parameter/,
      ],
      [
        'a required number that the filter never uses',
        { parameter: 'required', filter: { status: 'paid' } },
        /^parameter: a required number that nothing uses would be ignored: use \{ "\$var": "param" \} in the filter/,
      ],
      ['an unknown type', { type: 'upsert' }, /^type: /],
      ['an unknown property', { colour: 'red' }, /colour/],
      ['no fields', { fields: [] }, /fields: a list endpoint returns at least one field/],
      [
        'param without a parameter',
        { filter: { id: { $var: 'param' } } },
        /filter\.id: the variable "param" needs a numeric parameter/,
      ],
      [
        'a user variable on an API-key endpoint',
        { filter: { id: { $var: 'user.id' } } },
        /needs Browser Session authentication/,
      ],
      [
        'drafts of a type without Draft & Publish',
        { status: 'draft' },
        /status: api::order\.order has no Draft & Publish/,
      ],
      [
        'a schema-level private field',
        { object: 'api::customer.customer', fields: [{ name: 'internalNote' }] },
        /fields\[0\]: private fields cannot be exposed/,
      ],
      [
        'media records',
        { object: 'plugin::upload.file', fields: [{ name: 'id' }] },
        /not a content type that endpoints may use/,
      ],
    ])('%s is refused with 400 naming the problem', async (_label, change, message) => {
      const before = await endpointCount();
      const response = await admin.post('/data-api/endpoints', { data: { ...base(), ...change } });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(message);
      expect(await endpointCount()).toBe(before);
    });

    test("a refusal lists each problem with its path as an array, in Strapi's ValidationError shape", async () => {
      const refused = async (change: Record<string, unknown>) => {
        const response = await admin.post('/data-api/endpoints', { data: { ...base(), ...change } });
        expect(response.status).toBe(400);
        return response.body.error;
      };
      // Against the content type (a DefinitionError): the message is the problem's line, as before.
      const unknownField = await refused({ fields: [{ name: 'id' }, { name: 'totl' }] });
      expect(unknownField.details.errors).toEqual([
        { path: ['fields', 1], message: 'unknown field "totl" on api::order.order', name: 'ValidationError' },
      ]);
      expect(unknownField.message).toBe('fields[1]: unknown field "totl" on api::order.order');
      const badValue = await refused({ filter: { total: { $gt: 'lots' } } });
      expect(badValue.details.errors).toEqual([
        {
          path: ['filter', 'total', '$gt'],
          message: '"lots" is not a valid value for this field',
          name: 'ValidationError',
        },
      ]);
      // The shape (zod): one problem per issue, each with its own path.
      const shape = await refused({ fields: [{ name: 'id', required: true }], allowedIps: ['nope'] });
      expect(shape.details.errors).toHaveLength(2);
      expect(shape.details.errors).toEqual(
        expect.arrayContaining([
          {
            path: ['fields', 0, 'required'],
            message: 'only create endpoints mark required fields',
            name: 'ValidationError',
          },
          { path: ['allowedIps', 0], message: '"nope" is not an IP address or CIDR subnet', name: 'ValidationError' },
        ])
      );
      expect(shape.message).toContain('fields[0].required: only create endpoints mark required fields');
      expect(shape.message).toContain('allowedIps[0]: "nope" is not an IP address or CIDR subnet');
      // Problems found together: against the content type, then against the stored keys.
      const keyAndSort = await refused({
        auth: { method: 'api-key', keys: [987654] },
        sort: [{ field: 'nope', dir: 'asc' }],
      });
      expect(keyAndSort.details.errors).toEqual([
        { path: ['sort', 0], message: 'unknown field "nope" on api::order.order', name: 'ValidationError' },
        { path: ['auth', 'keys'], message: 'no API key with id 987654', name: 'ValidationError' },
      ]);
      expect(keyAndSort.message).toBe(
        'sort[0]: unknown field "nope" on api::order.order; auth.keys: no API key with id 987654'
      );
    });

    test('(path, method) is unique, without regard to case, on every database', async () => {
      await createEndpoint(admin, key, { ...base(), path: 'unique/one' });
      for (const path of ['unique/one', 'Unique/ONE']) {
        const response = await admin.post('/data-api/endpoints', { data: { ...base(), path } });
        expect(response.status).toBe(400);
        expect(response.body.error.message).toMatch(/is already used by endpoint \d+/);
      }
    });

    test('a stored definition that breaks a current rule is still listed, with its problems', async () => {
      const row = await app.strapi.db.query('plugin::data-api.endpoint').create({
        data: { ...base(), path: 'legacy/broken', method: 'GET', routeKey: 'GET legacy/broken', fields: [] },
      });
      const response = await admin.get(`/data-api/endpoints/${row.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data.problems).toEqual([
        { path: ['fields'], message: 'a list endpoint returns at least one field' },
      ]);
      expect((await admin.get('/data-api/endpoints')).status).toBe(200);
    });

    test('a stored List whose required number nothing uses is not served until fixed with the body GET answered', async () => {
      // Saved before the rule: its number was taken and ignored.
      const row = await app.strapi.db.query('plugin::data-api.endpoint').create({
        data: { ...base(), path: 'legacy/number', method: 'GET', routeKey: 'GET legacy/number', parameter: 'required' },
      });
      await app.strapi.plugin('data-api').service('engine').changed();
      const call = () => app.http().get('/_api/legacy/number/4').set('Authorization', `Bearer ${key.secret}`);
      expect((await call()).status).toBe(404);
      const read = (await admin.get(`/data-api/endpoints/${row.id}`)).body.data;
      expect(read.problems).toEqual([
        {
          path: ['parameter'],
          message:
            'a required number that nothing uses would be ignored: use { "$var": "param" } in the filter, or set "none"',
        },
      ]);
      const fixed = { ...read, filter: { customer: { id: { $eq: { $var: 'param' } } } } };
      const saved = await admin.put(`/data-api/endpoints/${row.id}`, { data: fixed });
      expect(saved.status).toBe(200);
      expect(saved.body.data.problems).toBeUndefined();
      const answer = await call();
      expect(answer.status).toBe(200);
      expect(answer.body.items.map((i: { id: number }) => i.id)).toEqual(
        (await app.strapi.db.connection('orders_customer_lnk').where('customer_id', 4).orderBy('order_id')).map(
          (l: { order_id: number }) => l.order_id
        )
      );
    });

    test('PUT takes back the body GET answered, ignoring its read-only members; another unknown member is 400', async () => {
      const { id } = await createEndpoint(admin, key, { ...base(), path: 'round/trip' });
      const read = (await admin.get(`/data-api/endpoints/${id}`)).body.data;
      expect(Object.keys(read)).toEqual(
        expect.arrayContaining(['id', 'method', 'createdAt', 'updatedAt', 'suspended'])
      );
      const row = () => app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { id } });
      const stored = await row();
      const same = await admin.put(`/data-api/endpoints/${id}`, { data: read });
      expect(same.status).toBe(200);
      expect(same.body.data).toEqual({ ...read, updatedAt: expect.any(String) });
      expect({ ...(await row()), updatedAt: null }).toEqual({ ...stored, updatedAt: null });
      // Their values are ignored too: the URL names the endpoint, the server keeps the rest.
      const renamed = await admin.put(`/data-api/endpoints/${id}`, {
        data: { ...read, name: 'Renamed', id: 1, method: 'DELETE', createdAt: '2000-01-01T00:00:00.000Z' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({ id, name: 'Renamed', method: 'GET', createdAt: read.createdAt });
      const unknown = await admin.put(`/data-api/endpoints/${id}`, { data: { ...read, colour: 'red' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toBe('Unrecognized key: "colour"');
      expect((await row()).name).toBe('Renamed');
    });

    test('a stored definition that no longer fits its content type is not served, and the list says why', async () => {
      // A field dropped from the content type since the endpoint was saved: what an upgrade or a schema edit leaves.
      const row = await app.strapi.db.query('plugin::data-api.endpoint').create({
        data: {
          ...base(),
          path: 'legacy/gone',
          method: 'GET',
          routeKey: 'GET legacy/gone',
          fields: [{ name: 'id' }, { name: 'droppedField' }],
        },
      });
      await app.strapi.plugin('data-api').service('engine').changed();
      const called = await app.http().get('/_api/legacy/gone').set('Authorization', `Bearer ${key.secret}`);
      expect(called.status).toBe(404);
      const response = await admin.get(`/data-api/endpoints/${row.id}`);
      expect(response.body.data.suspended).toBe(
        'the definition no longer fits its content type: fields[1]: unknown field "droppedField" on api::order.order'
      );
      const listed = (await admin.get('/data-api/endpoints')).body.data.find((e: { id: number }) => e.id === row.id);
      expect(listed.suspended).toBe(response.body.data.suspended);
    });

    test('an endpoint that lost its last key is still valid, and refuses every caller until a key is allowed', async () => {
      const lone = await createKey(admin, 'lone');
      const endpoint = await createEndpoint(admin, lone, { ...base(), path: 'lonely' });
      await admin.del(`/data-api/api-keys/${lone.id}`);
      const definition = { ...base(), name: 'Lonely', path: 'lonely', auth: { method: 'api-key', keys: [] } };
      const saved = await admin.put(`/data-api/endpoints/${endpoint.id}`, { data: definition });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ name: 'Lonely', enabled: true, auth: { method: 'api-key', keys: [] } });
      const call = () => app.http().get('/_api/lonely').set('Authorization', `Bearer ${key.secret}`);
      expect((await call()).status).toBe(403);
      expect((await app.http().get('/_api/lonely')).status).toBe(401);
      await admin.put(`/data-api/endpoints/${endpoint.id}`, { data: { ...definition, auth: base().auth } });
      expect((await call()).status).toBe(200);
    });

    test('the route key is unique in the database itself', async () => {
      const query = app.strapi.db.query('plugin::data-api.endpoint');
      const data = () => ({ ...base(), path: 'raced', method: 'GET', routeKey: 'GET raced' });
      await query.create({ data: data() });
      // Compared by message: better-sqlite3's native errors come from outside Jest's realm, so toThrow misses them.
      const refused = await query.create({ data: data() }).then(
        () => null,
        (error: unknown) => error as { message?: string }
      );
      expect(refused?.message).toMatch(/unique|duplicate/i);
      expect(await query.count({ where: { routeKey: 'GET raced' } })).toBe(1);
    });

    test('a body without data is 400', async () => {
      const response = await admin.post('/data-api/endpoints', base());
      expect(response.status).toBe(400);
    });
  });
});

describe('keys, objects and RBAC', () => {
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
});
