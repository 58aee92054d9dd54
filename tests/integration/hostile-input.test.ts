import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { createPictureEndpoints, pathOf, photoOfFirstProduct } from '../helpers/files';
import { growthOf, LINEAR_GROWTH } from '../helpers/growth';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * Request input built to be expensive or to break the database: each is
 * answered with a clear 4xx at the cost of an ordinary request, and nothing in an answer comes from the Host.
 */
let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;
let picturesId: number;

const PRODUCT = 'api::product.product';
const ORDER = 'api::order.order';

const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);

beforeAll(async () => {
  app = await startApp();
  admin = await app.admin();
  key = await createKey(admin, 'hostile');
  const fields = ['id', 'title', 'price'].map((name) => ({ name }));
  await createEndpoint(admin, key, { path: 'products', type: 'list', object: PRODUCT, fields });
  await createEndpoint(admin, key, { path: 'products', type: 'create', object: PRODUCT, fields: fields.slice(1) });
  await createEndpoint(admin, key, {
    path: 'orders/per-status',
    type: 'aggregate',
    object: ORDER,
    aggregate: {
      dimensions: [{ variable: 'status', field: 'status', axis: 'row' }],
      measures: [{ variable: 'orders', op: 'count' }],
      queryFilters: [{ param: 'note', field: 'note', op: 'eq' }],
    },
  });
  await createEndpoint(admin, key, { path: 'orders', type: 'list', object: ORDER, fields: [{ name: 'id' }] });
  picturesId = await createPictureEndpoints(admin, key, {});
});

afterAll(async () => {
  await app?.stop();
});

/** For `growthOf`: a GET of the URL of a given size, made before the timing. */
const requestOf = (urlOf: (size: number) => string) => (size: number) => {
  const url = urlOf(size);
  return () => get(url);
};

describe('a long hostile path costs no more than an ordinary request', () => {
  // Close to Node's 16 KB limit of a request head: the largest path a client can send.
  const LENGTH = 15_000;

  test.each([
    ['slashes', (n: number) => `/_api/${'/'.repeat(n)}x`],
    ['segments', (n: number) => `/_api/${'a/'.repeat(n / 2)}x`],
    ['slashes at the end', (n: number) => `/_api/products${'/'.repeat(n)}`],
  ])('%s: 414 URI too long, at a cost that grows no faster than the length', async (_, urlOf) => {
    expect((await get(urlOf(LENGTH))).status).toBe(414);
    expect(await growthOf(requestOf(urlOf), LENGTH / 4)).toBeLessThan(LINEAR_GROWTH);
  });

  test('the answer is in the error shape, and a path up to the cap still routes', async () => {
    const response = await get(`/_api/${'/'.repeat(3000)}`);
    expect(response.status).toBe(414);
    expect(response.body).toEqual({ success: false, error: 'URI too long' });
    expect((await get(`/_api/products${'/'.repeat(1000)}`)).status).toBe(200);
  });

  test('a query string over the cap is 414 too', async () => {
    const response = await get(`/_api/products?title=${'a'.repeat(9000)}`);
    expect(response.status).toBe(414);
    expect(response.body).toEqual({ success: false, error: 'URI too long' });
  });
});

describe('a long hostile decimal costs no more than an ordinary request', () => {
  test('a price filter of 8,000 digits and a letter: 400, at a cost that grows no faster than the length', async () => {
    const urlOf = (n: number) => `/_api/products?price:gt=${'1'.repeat(n)}x`;
    const response = await get(urlOf(8000));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Invalid request parameters' });
    expect(await growthOf(requestOf(urlOf), 2000)).toBeLessThan(LINEAR_GROWTH);
  });
});

describe('a NUL character is a 400 on every database', () => {
  test('in a List filter value', async () => {
    const response = await get('/_api/products?title=a%00b');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Invalid request parameters' });
  });

  test('in an Aggregate filter value', async () => {
    expect((await get('/_api/orders/per-status?note=x')).status).toBe(200);
    const response = await get('/_api/orders/per-status?note=%00');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Invalid request parameters' });
  });

  test('in a text field of a write, and nothing is stored', async () => {
    const count = await app.strapi.db.query(PRODUCT).count();
    const response = await app
      .http()
      .post('/_api/products')
      .set('Authorization', `Bearer ${key.secret}`)
      .send({ title: 'nul\u0000here', price: 1 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Invalid data for field: title' });
    expect(await app.strapi.db.query(PRODUCT).count()).toBe(count);
  });

  test('in the identifier of a login', async () => {
    const response = await app
      .http()
      .post('/_api/_session')
      .set({ Host: 'shop.example', Origin: 'http://shop.example' })
      .send({ identifier: 'someone\u0000@example.com', password: 'whatever1' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Request body must be {"identifier": string, "password": string}',
    });
  });
});

describe('no URL is built from the Host header', () => {
  const EVIL = 'evil.example';
  const everything = (response: { headers: Record<string, unknown>; text: string }) =>
    `${JSON.stringify(response.headers)}\n${response.text}`;

  test('paging links are relative references without server.url', async () => {
    const response = await get('/_api/orders').set('Host', EVIL);
    expect(response.status).toBe(200);
    expect(response.body._links.next).toEqual({ href: '/_api/orders?after=100' });
    expect(response.headers.link).toBe('</_api/orders?after=100>; rel="next"');
    expect(everything(response)).not.toContain(EVIL);
  });

  test('signed file URLs are relative references too, and they work', async () => {
    const { response, photo } = await photoOfFirstProduct(app, key, EVIL);
    expect(photo).toMatch(
      new RegExp(`^/_api/_files/${picturesId}/\\d+\\?expires=\\d+&caller=k\\d+&signature=[0-9a-f]{64}$`)
    );
    expect(everything(response)).not.toContain(EVIL);
    expect((await app.http().get(pathOf(photo))).status).toBe(200);
  });

  test('a public OpenAPI document names the server "/"', async () => {
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title: 'Hostile host', endpoints: [], public: true },
    });
    expect(created.status).toBe(201);
    const response = await app.http().get('/_api/_openapi/hostile_host.json').set('Host', EVIL);
    expect(response.status).toBe(200);
    expect(response.body.servers).toEqual([{ url: '/' }]);
    expect(everything(response)).not.toContain(EVIL);
  });
});

describe('with server.url set, links are absolute under it whatever the Host', () => {
  beforeAll(async () => {
    await app.stop();
    app = await startApp({ PUBLIC_URL: 'https://shop.example/' });
    admin = await app.admin();
    key = await createKey(admin, 'site');
    await createEndpoint(admin, key, { path: 'orders', type: 'list', object: ORDER, fields: [{ name: 'id' }] });
    await admin.post('/data-api/openapi-documents', { data: { title: 'Site', endpoints: [], public: true } });
  });

  afterAll(() => {
    delete process.env.PUBLIC_URL;
  });

  test('paging links and the OpenAPI server', async () => {
    const list = await get('/_api/orders').set('Host', 'evil.example');
    expect(list.body._links.next).toEqual({ href: 'https://shop.example/_api/orders?after=100' });
    expect(list.headers.link).toBe('<https://shop.example/_api/orders?after=100>; rel="next"');
    const document = await app.http().get('/_api/_openapi/site.json').set('Host', 'evil.example');
    expect(document.body.servers).toEqual([{ url: 'https://shop.example' }]);
  });
});
