import { createEndpoint } from './fixtures';
import { type OpenapiDocument } from './openapi';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

/**
 * What the suites of curated OpenAPI documents share (docs/openapi.md): the admin API, the generated OpenAPI 3.1
 * JSON (checked against the schema, and against what the live endpoints answer), and public documents at
 * `/_api/_openapi/<slug>.json`.
 */

export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];
export const ids: Record<string, number> = {};

export const DOCUMENTS = 'plugin::data-api.openapi-document';
export const apiKey = () => ({ method: 'api-key', keys: [key.id] });
const siteUser = { method: 'session', userObject: 'plugin::users-permissions.user' };

/** One endpoint of each type, with what the documents must describe: filters, rules, files, IPs, sessions. */
export const ENDPOINTS = () => ({
  products: {
    name: 'Products',
    path: 'shop/products',
    type: 'list',
    object: 'api::product.product',
    fields: ['id', 'title', 'price', 'stock', 'active', 'releasedAt', 'photo', 'gallery'].map((name) => ({ name })),
    sort: [{ field: 'id', dir: 'asc' }],
    allowedIps: ['127.0.0.1', '::1', '10.0.0.0/8'],
  },
  customerOrders: {
    name: 'Orders, of one customer or all',
    path: 'shop/orders',
    type: 'list',
    object: 'api::order.order',
    parameter: 'optional',
    fields: ['id', 'status', 'total', 'customer', 'orderedAt'].map((name) => ({ name })),
    sort: [{ field: 'total', dir: 'desc' }],
  },
  revenue: {
    name: 'Revenue by month',
    path: 'shop/revenue',
    type: 'aggregate',
    object: 'api::order.order',
    aggregate: {
      dimensions: [
        { variable: 'month', field: 'orderedAt', format: 'month' },
        { variable: 'tier', field: 'customer.tier', axis: 'column' },
      ],
      measures: [
        { variable: 'orders', op: 'count' },
        { variable: 'revenue', op: 'sum', field: 'total' },
        { variable: 'biggest', op: 'max', field: 'total' },
      ],
      queryFilters: [
        { param: 'status', field: 'status', op: 'eq' },
        { param: 'from', field: 'orderedAt', op: 'gt' },
      ],
    },
  },
  placeOrder: {
    name: 'Place an order',
    path: 'shop/orders',
    type: 'create',
    object: 'api::order.order',
    fields: [{ name: 'product', required: true }, { name: 'quantity', required: true }, { name: 'note' }],
    presets: { status: 'pending', orderedAt: { $var: 'now' } },
    tasks: [
      {
        action: 'raise-error',
        when: { match: { quantity: { $gt: 900 } } },
        message: 'Call us for orders this large',
      },
    ],
  },
  editProduct: {
    name: 'Edit a product',
    path: 'shop/products',
    type: 'modify',
    object: 'api::product.product',
    parameter: 'required',
    fields: ['title', 'price', 'stock', 'photo', 'gallery'].map((name) => ({ name })),
  },
  cancelOrder: {
    name: 'Cancel a pending order',
    path: 'shop/orders',
    type: 'delete',
    object: 'api::order.order',
    parameter: 'required',
    filter: { status: 'pending' },
  },
  myOrders: {
    name: 'My orders',
    path: 'me/orders',
    type: 'list',
    object: 'api::order.order',
    filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
    fields: [{ name: 'id' }, { name: 'status' }],
    auth: siteUser,
  },
});

export const createDocument = async (data: Record<string, unknown>) => {
  const response = await admin.post('/data-api/openapi-documents', { data });
  if (response.status !== 201) throw new Error(`document refused: ${JSON.stringify(response.body)}`);
  return response.body.data as { id: number; slug: string; publicPath: string } & Record<string, unknown>;
};

export const download = async (id: number): Promise<OpenapiDocument> => {
  const response = await admin.get(`/data-api/openapi-documents/${id}/download`);
  expect(response.status).toBe(200);
  return JSON.parse(response.text);
};

export let full: { id: number; slug: string; publicPath: string };
export let document: OpenapiDocument;

/**
 * The set-up of every OpenAPI suite: the keyed suite, one endpoint of each type (`ids`), and the public
 * document `full` of them all, downloaded as `document`.
 */
export const openapiSuite = () => {
  ({ app, admin, key } = keyedSuite());
  beforeAll(async () => {
    expect(app.strapi.plugin('data-api')).toBeDefined();
    for (const [name, definition] of Object.entries(ENDPOINTS())) {
      ids[name] = (await createEndpoint(admin, key, { auth: apiKey(), ...definition })).id;
    }
    full = await createDocument({
      title: 'Shop API',
      version: '2.1.0',
      description: 'Everything the shop publishes.',
      endpoints: Object.values(ids),
      public: true,
    });
    document = await download(full.id);
  });
};
