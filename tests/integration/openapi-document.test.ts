import type { Json } from '../helpers/json';
import { createEndpoint } from '../helpers/fixtures';
import { file, GIF } from '../helpers/files';
import { conformance, validateOpenapi } from '../helpers/openapi';
import {
  app,
  admin,
  key,
  ids,
  DOCUMENTS,
  apiKey,
  ENDPOINTS,
  createDocument,
  download,
  document,
  openapiSuite,
} from '../helpers/openapi-suite';

openapiSuite();

describe('the generated document', () => {
  test('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(validateOpenapi(document)).resolves.toBeUndefined();
    expect(document.info).toEqual({
      title: 'Shop API',
      version: '2.1.0',
      description: 'Everything the shop publishes.',
    });
  });

  test('has every selected endpoint at its path and method, with the numeric parameter where it takes one', () => {
    const operations = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/_api/_'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(operations).toEqual([
      'DELETE /_api/shop/orders/{number}',
      'GET /_api/me/orders',
      'GET /_api/shop/orders',
      'GET /_api/shop/orders/{number}',
      'GET /_api/shop/products',
      'GET /_api/shop/revenue',
      'PATCH /_api/shop/products/{number}',
      'POST /_api/shop/orders',
    ]);
    const number = document.paths['/_api/shop/orders/{number}'].delete.parameters[0];
    expect(number).toMatchObject({ name: 'number', in: 'path', required: true, schema: { type: 'integer' } });
  });

  test('a List takes page and a filter per field, :gt/:lt on ordered ones, :in on all, with their types', () => {
    const parameters = document.paths['/_api/shop/products'].get.parameters as Json[];
    const byName = Object.fromEntries(parameters.map((p) => [p.name, p]));
    const ordered = ['id', 'title', 'price', 'stock', 'releasedAt'];
    expect(Object.keys(byName).sort()).toEqual(
      [
        'page',
        'after',
        ...ordered.flatMap((name) => [name, `${name}:gt`, `${name}:lt`, `${name}:in`]),
        'active',
        'active:in',
      ].sort()
    );
    expect(byName['page']).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1 } });
    // Sorted by id: the keyset links' cursor, which `total` leaves out (a client's own id:gt is a filter).
    expect(byName['after']).toMatchObject({ in: 'query', schema: { type: 'integer' } });
    expect(byName['after'].description).toMatch(/cursor of the `next` links.*Not a filter/);
    expect(byName['price:gt'].schema.type).toBe('number');
    expect(byName['stock:lt'].schema.type).toBe('integer');
    expect(byName['active'].schema).toEqual({ type: 'boolean' });
    expect(byName['releasedAt:gt'].schema).toMatchObject({ type: 'string', format: 'date-time' });
    expect(byName['id:in']).toMatchObject({
      in: 'query',
      style: 'form',
      explode: false,
      schema: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer' } },
    });
    expect(byName['title:in'].description).toMatch(/comma-separated, at most 100; .* double quotes/);
  });

  test('a List describes its items, paging links, keyset paging and allowed IPs', () => {
    const list = document.paths['/_api/shop/products'].get;
    expect(list.responses['200'].headers.Link).toBeDefined();
    const item = document.components.schemas.ListShopProductsItem;
    expect(item.properties.price.type).toEqual(['number', 'null']);
    expect(item.properties.photo).toMatchObject({ type: ['string', 'null'], format: 'uri-reference' });
    expect(item.properties.photo.description).toMatch(/temporary signed URL/);
    expect(item.properties.gallery).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(list.description).toMatch(/Link/);
    expect(list.description).toMatch(/after=<last id of the page>/);
    expect(list.description).toContain('`10.0.0.0/8`');
    // Sorted by total, not id: numbered pages only.
    expect(document.paths['/_api/shop/orders'].get.description).not.toMatch(/keyset/);
    expect(document.paths['/_api/shop/orders'].get.parameters.map((p: { name: string }) => p.name)).not.toContain(
      'after'
    );
  });

  test('an Aggregate takes its query filters and describes its groups', () => {
    const operation = document.paths['/_api/shop/revenue'].get;
    const byName = Object.fromEntries((operation.parameters as Json[]).map((p) => [p.name, p.schema]));
    const status = { type: 'string', enum: ['pending', 'paid', 'shipped', 'cancelled'] };
    expect(byName).toEqual({
      status,
      'status:in': { type: 'array', minItems: 1, maxItems: 100, items: status },
      from: expect.objectContaining({ type: 'string', format: 'date-time' }),
    });
    const result = document.components.schemas.AggregateShopRevenueResult;
    expect(Object.keys(result.properties.items.items.properties.dimensions.properties)).toEqual(['month', 'tier']);
    expect(result.properties.items.items.properties.measures.properties.orders.type).toBe('integer');
    expect(result.properties.meta.const.measures.map((m: { variable: string }) => m.variable)).toEqual([
      'orders',
      'revenue',
      'biggest',
    ]);
  });

  test('a Create describes its body: accepted fields, required ones, rules, presets and tasks', () => {
    const operation = document.paths['/_api/shop/orders'].post;
    const input = document.components.schemas.CreateShopOrdersInput;
    expect(input.required).toEqual(['product', 'quantity']);
    expect(input.additionalProperties).toBe(false);
    expect(Object.keys(input.properties)).toEqual(['product', 'quantity', 'note']);
    expect(input.properties.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(input.properties.note).toMatchObject({ type: ['string', 'null'], maxLength: 500 });
    expect(operation.requestBody.content['application/json'].schema.anyOf[1]).toMatchObject({
      type: 'array',
      maxItems: 1000,
    });
    expect(operation.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/CreateShopOrdersCreated'
    );
    expect(operation.description).toMatch(/`status`, `orderedAt`/);
    expect(operation.description).toMatch(/task/);
  });

  test('a Modify describes enumerations, lengths, ranges and the file object of media fields', () => {
    const input = document.components.schemas.ModifyShopProductsInput;
    expect(input.required).toEqual([]);
    expect(input.properties.title).toMatchObject({ type: 'string', maxLength: 80 });
    expect(input.properties.price).toMatchObject({ type: ['number', 'null'], minimum: 0, maximum: 100000 });
    expect(input.properties.photo.anyOf[0]).toMatchObject({ $ref: '#/components/schemas/FileInput' });
    expect(input.properties.photo.anyOf[0].description).toMatch(/images only/);
    expect(input.properties.gallery).toMatchObject({
      type: ['array', 'null'],
      items: { $ref: '#/components/schemas/FileInput' },
    });
    expect(document.components.schemas.FileInput).toMatchObject({
      required: ['data', 'name'],
      properties: { data: { type: 'string', contentEncoding: 'base64' }, name: { type: 'string' } },
    });
  });

  test('every operation lists each error it can answer, in the error shape', () => {
    const statuses = (path: string, method: string) => Object.keys(document.paths[path][method].responses).sort();
    // API-key endpoints answer 429 when a key's own limit is spent; the session List has no limit.
    expect(statuses('/_api/shop/products', 'get')).toEqual(['200', '400', '401', '403', '429']);
    expect(statuses('/_api/me/orders', 'get')).toEqual(['200', '400', '401', '403']);
    expect(statuses('/_api/shop/orders/{number}', 'get')).toEqual(['200', '400', '401', '403', '404', '429']);
    expect(statuses('/_api/shop/orders', 'post')).toEqual(['201', '400', '401', '403', '413', '415', '429', '503']);
    expect(statuses('/_api/shop/products/{number}', 'patch')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '429',
      '503',
    ]);
    expect(statuses('/_api/shop/orders/{number}', 'delete')).toEqual(['200', '401', '403', '404', '429', '503']);
    const unauthorized = document.paths['/_api/shop/products'].get.responses['401'];
    expect(unauthorized.headers['WWW-Authenticate']).toBeDefined();
    expect(unauthorized.content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(document.components.schemas.Error).toMatchObject({ required: ['success', 'error'] });
  });

  test('security: bearer API keys, and the session cookie with the login resource for site users', () => {
    expect(document.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'data_api_session' }),
    });
    expect(document.paths['/_api/shop/products'].get.security).toEqual([{ apiKey: [] }]);
    expect(document.paths['/_api/me/orders'].get.security).toEqual([{ session: [] }]);
    expect(Object.keys(document.paths['/_api/_session']).sort()).toEqual(['delete', 'get', 'post']);
  });

  test('operation ids are unique, even where a path and a numeric parameter would give the same one', async () => {
    const clashing = [
      (await createEndpoint(admin, key, { ...ENDPOINTS().customerOrders, path: 'x' })).id,
      (await createEndpoint(admin, key, { ...ENDPOINTS().customerOrders, path: 'x/with-number', parameter: 'none' }))
        .id,
    ];
    const generated = await download((await createDocument({ title: 'Clash', endpoints: clashing })).id);
    const operationIds = Object.values(generated.paths).flatMap((item) =>
      Object.values(item).map((o) => o.operationId)
    );
    expect(operationIds).toEqual(['listX', 'listXWithNumber', 'listXWithNumber2']);
    await validateOpenapi(generated);
  });

  test('an endpoint that is switched off is left out, and a deleted one leaves the document', async () => {
    const extra = await createEndpoint(admin, key, { ...ENDPOINTS().products, path: 'extra/products' });
    const partial = await createDocument({ title: 'Partial', endpoints: [extra.id, ids.products] });
    expect(Object.keys((await download(partial.id)).paths)).toContain('/_api/extra/products');

    const off = await admin.put(`/data-api/endpoints/${extra.id}`, {
      data: { ...ENDPOINTS().products, path: 'extra/products', auth: apiKey(), enabled: false },
    });
    expect(off.status).toBe(200);
    expect(Object.keys((await download(partial.id)).paths)).toEqual(['/_api/shop/products']);

    expect((await admin.del(`/data-api/endpoints/${extra.id}`)).status).toBe(200);
    const stored = await app.strapi.db.query(DOCUMENTS).findOne({ where: { id: partial.id } });
    expect(stored.endpoints).toEqual([ids.products]);
  });
});

describe('the live endpoints answer as documented', () => {
  let check: ReturnType<typeof conformance>;
  const bearer = () => ({ Authorization: `Bearer ${key.secret}` });

  beforeAll(() => {
    check = conformance(document);
  });

  test('List and Aggregate, with their errors', async () => {
    const http = app.http();
    const products = '/_api/shop/products';
    check(products, 'get', await http.get(products).set(bearer()), 200);
    check(products, 'get', await http.get(`${products}?price:gt=50&page=2`).set(bearer()), 200);
    check(products, 'get', await http.get(`${products}?price:gt=cheap`).set(bearer()), 400);
    check(products, 'get', await http.get(products), 401);
    check(products, 'get', await http.get(products).set({ Authorization: 'Bearer dapi_unknown' }), 401);
    check('/_api/shop/orders', 'get', await http.get('/_api/shop/orders').set(bearer()), 200);
    check('/_api/shop/orders/{number}', 'get', await http.get('/_api/shop/orders/3').set(bearer()), 200);
    check('/_api/shop/orders/{number}', 'get', await http.get('/_api/shop/orders/9999999999').set(bearer()), 404);
    check('/_api/shop/revenue', 'get', await http.get('/_api/shop/revenue?status=paid').set(bearer()), 200);
    check('/_api/shop/revenue', 'get', await http.get('/_api/shop/revenue?status=lost').set(bearer()), 400);
    check('/_api/me/orders', 'get', await http.get('/_api/me/orders'), 401);
  });

  test('a product with files: its signed URLs are what the List documents', async () => {
    const edit = await app
      .http()
      .patch('/_api/shop/products/1')
      .set(bearer())
      .send({ photo: file(GIF, 'a.gif'), gallery: [file(GIF, 'b.gif')] });
    check('/_api/shop/products/{number}', 'patch', edit, 200);
    const list = await app.http().get('/_api/shop/products?id=1').set(bearer());
    check('/_api/shop/products', 'get', list, 200);
    expect(list.body.items[0].photo).toMatch(/^\/_api\/_files\//);
    expect(list.body.items[0].gallery).toHaveLength(1);
  });

  test('Create, Modify and Delete, with their errors', async () => {
    const post = (body: unknown) =>
      app
        .http()
        .post('/_api/shop/orders')
        .set(bearer())
        .type('json')
        .send(body as object);
    const orders = '/_api/shop/orders';
    const one = await post({ product: 1, quantity: 2 });
    check(orders, 'post', one, 201);
    const many = await post([
      { product: 1, quantity: 1 },
      { product: 2, quantity: 3, note: 'gift' },
    ]);
    check(orders, 'post', many, 201);
    check(orders, 'post', await post({ quantity: 0 }), 400);
    check(orders, 'post', await post({ product: 1, quantity: 950 }), 400);
    check(orders, 'post', await post('{"product": 1,'), 400);
    check(orders, 'post', await app.http().post(orders).set(bearer()).type('text/plain').send('x'), 415);
    const product = '/_api/shop/products/{number}';
    check(product, 'patch', await app.http().patch('/_api/shop/products/1').set(bearer()).send({ stock: -1 }), 400);
    check(product, 'patch', await app.http().patch('/_api/shop/products/999999').set(bearer()).send({}), 404);
    const cancel = () => app.http().delete(`/_api/shop/orders/${one.body.id}`).set(bearer());
    check('/_api/shop/orders/{number}', 'delete', await cancel(), 200);
    check('/_api/shop/orders/{number}', 'delete', await cancel(), 404);
  });
});
