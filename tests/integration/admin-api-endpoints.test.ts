import { createEndpoint, createKey } from '../helpers/fixtures';
import { app, admin, key, base, endpointCount, adminApiSuite } from '../helpers/admin-api-suite';

adminApiSuite();

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
    ['a modify without its parameter', { type: 'modify', parameter: 'optional' }, /always takes the numeric parameter/],
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
    expect(Object.keys(read)).toEqual(expect.arrayContaining(['id', 'method', 'createdAt', 'updatedAt', 'suspended']));
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
