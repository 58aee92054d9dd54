import path from 'node:path';
import { file, GIF } from '../helpers/files';
import { createEndpoint } from '../helpers/fixtures';
import type { Json } from '../helpers/json';
import { generateTypes, runTypeScript, scratchDir, typeErrors, validateOpenapi, conformance } from '../helpers/openapi';
import {
  app,
  admin,
  key,
  ids,
  DOCUMENTS,
  apiKey,
  ENDPOINTS,
  createDocument,
  full,
  document,
  openapiSuite,
  download,
} from '../helpers/openapi-suite';
import { adminWith } from '../helpers/strapi';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

openapiSuite();

describe('clients and admin', () => {
  describe('a client generated from the document', () => {
    /** A script using openapi-fetch with the types openapi-typescript made from the document. */
    const client = (calls: string) => `
  import createClient from 'openapi-fetch';
  import type { paths } from './types';

  const api = createClient<paths>({ baseUrl: process.env.BASE_URL });
  const headers = { Authorization: \`Bearer \${process.env.SECRET}\` };

  const main = async () => {
  ${calls}
  };
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
  `;

    test('type-checks calls that fit the endpoints, refuses ones that do not, and calls them', async () => {
      const dir = scratchDir();
      await generateTypes(document, path.join(dir, 'types.ts'));
      const good = path.join(dir, 'good.ts');
      writeFileSync(
        good,
        client(`
    const products = await api.GET('/_api/shop/products', { params: { query: { 'price:gt': 50, active: true } }, headers });
    const titles: Array<string | null> = (products.data?.items ?? []).map((item) => item.title);
    const total: number | undefined = products.data?.total;
    const created = await api.POST('/_api/shop/orders', { body: { product: 2, quantity: 3, note: null }, headers });
    const revenue = await api.GET('/_api/shop/revenue', { params: { query: { status: 'paid' } }, headers });
    const months = (revenue.data?.items ?? []).map((item) => item.dimensions.month);
    console.log(JSON.stringify({ status: products.response.status, total, titles: titles.length, created: created.data, months: months.length }));
  `)
      );
      expect(typeErrors([good])).toEqual([]);

      const bad = path.join(dir, 'bad.ts');
      writeFileSync(
        bad,
        client(`
    await api.GET('/_api/shop/products', { params: { query: { 'price:gt': 'cheap' } }, headers });
    await api.POST('/_api/shop/orders', { body: { product: 2 }, headers });
    await api.GET('/_api/shop/revenue', { params: { query: { status: 'lost' } }, headers });
    await api.PATCH('/_api/shop/products/{number}', { params: { path: { number: 1 } }, body: { title: null }, headers });
  `)
      );
      // One error per call, on its own line of the script.
      expect(typeErrors([bad])).toEqual([
        expect.stringMatching(/^bad\.ts:10 Type 'string' is not assignable to type 'number'/),
        expect.stringMatching(/^bad\.ts:11 .*Property 'quantity' is missing/),
        expect.stringMatching(/^bad\.ts:12 Type '"lost"' is not assignable/),
        expect.stringMatching(/^bad\.ts:13 Type 'null' is not assignable to type 'string \| undefined'/),
      ]);

      const server = app.strapi.server.httpServer;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const orders = await app.strapi.db.query('api::order.order').count();
        const output = await runTypeScript(good, { BASE_URL: `http://127.0.0.1:${port}`, SECRET: key.secret });
        const result = JSON.parse(output);
        expect(result).toMatchObject({ status: 200, created: { success: true, object: 'api::order.order' } });
        expect(result.total).toBeGreaterThan(0);
        expect(result.months).toBeGreaterThan(0);
        expect(await app.strapi.db.query('api::order.order').count()).toBe(orders + 1);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('public documents', () => {
    test('are served at /_api/_openapi/<slug>.json to anyone, with Access-Control-Allow-Origin: *', async () => {
      expect(full.slug).toBe('shop_api');
      expect(full.publicPath).toBe('/_api/_openapi/shop_api.json');
      const response = await app
        .http()
        .get('/_api/_openapi/shop_api.json')
        .set({ Origin: 'https://elsewhere.example', Host: 'shop.example' });
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      // The same document as the download, for the server it was asked on.
      expect({ ...response.body, servers: null }).toEqual({ ...document, servers: null });
      // Without server.url, relative to where it was fetched: never from the Host header.
      expect(response.body.servers).toEqual([{ url: '/' }]);
      const again = await app
        .http()
        .get('/_api/_openapi/shop_api.json')
        .set({ Host: 'shop.example', 'If-None-Match': response.headers.etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    });

    test('follow a change of their endpoints at once', async () => {
      const before = await app.http().get('/_api/_openapi/shop_api.json');
      const renamed = await admin.put(`/data-api/endpoints/${ids.cancelOrder}`, {
        data: { ...ENDPOINTS().cancelOrder, auth: apiKey(), name: 'Cancel a pending order, renamed' },
      });
      expect(renamed.status).toBe(200);
      const after = await app.http().get('/_api/_openapi/shop_api.json').set('If-None-Match', before.headers.etag);
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body.paths['/_api/shop/orders/{number}'].delete.summary).toBe('Cancel a pending order, renamed');
    });

    test('the slug is the title in lower case with every non-word character replaced by _', async () => {
      const created = await createDocument({
        title: 'Partner API: v2 (Beta)!',
        endpoints: [ids.products],
        public: true,
      });
      expect(created.slug).toBe('partner_api__v2__beta__');
      const response = await app.http().get('/_api/_openapi/partner_api__v2__beta__.json');
      expect(response.status).toBe(200);
      expect(response.body.info.title).toBe('Partner API: v2 (Beta)!');
      expect(response.body.info.version).toBe('1.0.0');
    });

    test('a document that is not public is not found, nor is an unknown one', async () => {
      const hidden = await createDocument({ title: 'Internal', endpoints: [ids.products] });
      expect(hidden.public).toBe(false);
      for (const path of [
        '/_api/_openapi/internal.json',
        '/_api/_openapi/nothing.json',
        '/_api/_openapi/Shop_API.json',
      ]) {
        const response = await app.http().get(path);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: 'Not found' });
      }
      expect((await app.http().post('/_api/_openapi/shop_api.json').send({})).status).toBe(405);
    });

    test('publishing relaxes neither authentication nor allowed source IPs', async () => {
      const office = await createEndpoint(admin, key, {
        ...ENDPOINTS().products,
        path: 'office/products',
        allowedIps: ['10.0.0.0/8'],
      });
      await createDocument({ title: 'Office', endpoints: [office.id, ids.products], public: true });
      const published = (await app.http().get('/_api/_openapi/office.json')).body;
      expect(published.paths['/_api/office/products'].get.description).toContain('`10.0.0.0/8`');
      expect(
        (
          await app
            .http()
            .get('/_api/office/products')
            .set({ Authorization: `Bearer ${key.secret}` })
        ).status
      ).toBe(403);
      expect((await app.http().get('/_api/shop/products')).status).toBe(401);
    });

    test('browsers on any origin may read them: preflight, ETag exposed, one copy for every host', async () => {
      const preflight = await app
        .http()
        .options('/_api/_openapi/shop_api.json')
        .set({ Origin: 'https://tools.example', 'Access-Control-Request-Method': 'GET' })
        .set('Access-Control-Request-Headers', 'if-none-match');
      expect(preflight.status).toBe(204);
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': 'Accept, If-None-Match',
      });
      const response = await app.http().get('/_api/_openapi/shop_api.json');
      expect(response.headers['access-control-expose-headers']).toBe('ETag');
      // Nothing in it comes from the Host header.
      expect(response.headers.vary).not.toMatch(/Host/);
    });
  });

  describe('admin API', () => {
    test('create, read, update, delete, with the slug and public path answered', async () => {
      const created = await createDocument({ title: 'CRUD Doc', endpoints: [ids.revenue] });
      expect(created).toMatchObject({
        title: 'CRUD Doc',
        slug: 'crud_doc',
        version: '1.0.0',
        description: '',
        endpoints: [ids.revenue],
        public: false,
        publicPath: '/_api/_openapi/crud_doc.json',
      });
      expect((await admin.get(`/data-api/openapi-documents/${created.id}`)).body.data.title).toBe('CRUD Doc');
      expect((await admin.get('/data-api/openapi-documents')).body.data.map((d: { id: number }) => d.id)).toContain(
        created.id
      );
      const updated = await admin.put(`/data-api/openapi-documents/${created.id}`, {
        data: { title: 'CRUD Doc 2', version: '3.0.0', endpoints: [ids.revenue, ids.products], public: true },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ slug: 'crud_doc_2', version: '3.0.0', public: true });
      expect((await app.http().get('/_api/_openapi/crud_doc_2.json')).status).toBe(200);
      expect((await app.http().get('/_api/_openapi/crud_doc.json')).status).toBe(404);
      expect((await admin.del(`/data-api/openapi-documents/${created.id}`)).status).toBe(200);
      expect(await app.strapi.db.query(DOCUMENTS).findOne({ where: { id: created.id } })).toBeNull();
      expect((await app.http().get('/_api/_openapi/crud_doc_2.json')).status).toBe(404);
      expect((await admin.get(`/data-api/openapi-documents/${created.id}`)).status).toBe(404);
    });

    test('download answers the JSON as an attachment named after the public slug', async () => {
      const response = await admin.get(`/data-api/openapi-documents/${full.id}/download`);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="shop_api.json"; filename*=UTF-8''shop_api.json`
      );
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const odd = await createDocument({ title: 'Ünïcode / "quoted"', endpoints: [] });
      const named = await admin.get(`/data-api/openapi-documents/${odd.id}/download`);
      expect(named.headers['content-disposition']).toBe(
        `attachment; filename="_n_code____quoted_.json"; filename*=UTF-8''_n_code____quoted_.json`
      );
      await validateOpenapi(JSON.parse(named.text));
    });

    test('refuses a bad document with 400 naming each problem, and stores nothing', async () => {
      const before = await app.strapi.db.query(DOCUMENTS).count();
      const refused = async (data: unknown) => {
        const response = await admin.post('/data-api/openapi-documents', { data });
        expect(response.status).toBe(400);
        return response.body.error.message as string;
      };
      expect(await refused({ title: '', endpoints: [] })).toMatch(/^title:/);
      expect(await refused({ title: 'X', endpoints: [999999] })).toBe('endpoints: no endpoint with id 999999');
      const structured = await admin.post('/data-api/openapi-documents', { data: { title: 'X', endpoints: [999999] } });
      expect(structured.body.error.details.errors).toEqual([
        { path: ['endpoints'], message: 'no endpoint with id 999999', name: 'ValidationError' },
      ]);
      const shape = await admin.post('/data-api/openapi-documents', { data: { title: 'X', endpoints: ['1'] } });
      expect(shape.body.error.details.errors).toEqual([
        { path: ['endpoints', 0], message: expect.any(String), name: 'ValidationError' },
      ]);
      expect(await refused({ title: 'X', endpoints: [ids.products, ids.products] })).toMatch(/listed twice/);
      expect(await refused({ title: 'X', endpoints: ['1'] })).toMatch(/^endpoints\[0\]/);
      expect(await refused({ title: 'X', endpoints: [], public: 'yes' })).toMatch(/^public/);
      expect(await refused({ title: 'X', endpoints: [], owner: 'me' })).toMatch(/owner/);
      expect(await refused({ title: 'shop api', endpoints: [] })).toMatch(
        /slug "shop_api" is already used by document/
      );
      expect(await refused({ title: 'İ'.repeat(101), endpoints: [] })).toMatch(/slug would be longer than 200/);
      expect(await refused('nope')).toBeTruthy();
      expect(await app.strapi.db.query(DOCUMENTS).count()).toBe(before);
    });

    test('an endpoint deleted while the owner edited the document is dropped, not refused', async () => {
      const created = await createDocument({ title: 'Stale', endpoints: [ids.products] });
      // As if an endpoint had been deleted between the owner's load and save.
      await app.strapi.db
        .query(DOCUMENTS)
        .update({ where: { id: created.id }, data: { endpoints: [ids.products, 999998] } });
      const saved = await admin.put(`/data-api/openapi-documents/${created.id}`, {
        data: { title: 'Stale', endpoints: [ids.products, 999998] },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.endpoints).toEqual([ids.products]);
      const added = await admin.put(`/data-api/openapi-documents/${created.id}`, {
        data: { title: 'Stale', endpoints: [ids.products, 999997] },
      });
      expect(added.status).toBe(400);
    });

    test('reading needs documents.read, changing documents.manage', async () => {
      const outsider = await adminWith(app, 'docs-outsider@example.com', []);
      expect((await outsider.get('/data-api/openapi-documents')).status).toBe(403);
      expect((await outsider.get(`/data-api/openapi-documents/${full.id}/download`)).status).toBe(403);
      const reader = await adminWith(app, 'docs-reader@example.com', ['plugin::data-api.documents.read']);
      expect((await reader.get(`/data-api/openapi-documents/${full.id}/download`)).status).toBe(200);
      expect((await reader.post('/data-api/openapi-documents', { data: { title: 'R', endpoints: [] } })).status).toBe(
        403
      );
      expect((await reader.del(`/data-api/openapi-documents/${full.id}`)).status).toBe(403);
      expect(await app.strapi.db.query(DOCUMENTS).findOne({ where: { id: full.id } })).not.toBeNull();
      expect((await app.http().get('/data-api/openapi-documents')).status).toBe(401);
    });
  });
});

describe('document', () => {
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
});
