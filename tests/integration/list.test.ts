import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

let app: TestApp;
let admin: AdminClient;
let secret: string;
let keyId: number;

const createEndpoint = async (definition: Record<string, unknown>) => {
  const response = await admin.post('/data-api/endpoints', {
    data: { name: 'test', auth: { method: 'api-key', keys: [keyId] }, ...definition },
  });
  if (response.status !== 201) throw new Error(`endpoint refused: ${JSON.stringify(response.body)}`);
  return response.body.data;
};

const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${secret}`);

beforeAll(async () => {
  app = await startApp();
  admin = await app.admin();
  const key = await admin.post('/data-api/api-keys', { data: { description: 'tests' } });
  secret = key.body.data.secret;
  keyId = key.body.data.id;
});

afterAll(async () => {
  await app?.stop();
});

test('the plugin is loaded', () => {
  expect(app.strapi.plugin('data-api')).toBeDefined();
});

test('a list endpoint pages through orders with keyset links', async () => {
  await createEndpoint({
    path: 'orders',
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }, { name: 'total' }, { name: 'status' }, { name: 'customer' }, { name: 'orderedAt' }],
    sort: [{ field: 'id', dir: 'asc' }],
  });
  const response = await get('/_api/orders');
  expect(response.status).toBe(200);
  expect(response.body.total).toBe(2000);
  expect(response.body.items).toHaveLength(100);
  expect(response.body.items[0]).toEqual({
    id: 1,
    total: expect.any(Number),
    status: expect.any(String),
    customer: expect.any(Number),
    orderedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  });
  expect(response.body._links.next.href).toMatch(/\/_api\/orders\?id:gt=100$/);
  expect(response.headers.link).toBe(`<${response.body._links.next.href}>; rel="next"`);
});
