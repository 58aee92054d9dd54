import { createEndpoint } from '../helpers/fixtures';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generateTypes, runTypeScript, scratchDir, typeErrors, validateOpenapi } from '../helpers/openapi';
import { adminWith } from '../helpers/strapi';
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
} from '../helpers/openapi-suite';

openapiSuite();

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
    const created = await createDocument({ title: 'Partner API: v2 (Beta)!', endpoints: [ids.products], public: true });
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

  test('download answers the JSON as an attachment named after the title', async () => {
    const response = await admin.get(`/data-api/openapi-documents/${full.id}/download`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Shop API.json"; filename*=UTF-8''Shop%20API.json`
    );
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const odd = await createDocument({ title: 'Ünïcode / "quoted"', endpoints: [] });
    const named = await admin.get(`/data-api/openapi-documents/${odd.id}/download`);
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="_n_code _ _quoted_.json"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20_%20%22quoted%22.json`
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
    expect(await refused({ title: 'shop api', endpoints: [] })).toMatch(/slug "shop_api" is already used by document/);
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
