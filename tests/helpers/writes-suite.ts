import type { Knex } from 'knex';
import type { Response } from 'supertest';
import { createEndpoint, createKey, knexOf, type KeyFixture } from './fixtures';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];
export let otherKey: KeyFixture;
/** Seeded rows the tests point at, read from the database rather than guessed. */
export let customerId: number;
export let otherCustomerId: number;
export let productId: number;
export let otherProductId: number;

export const ORDER = 'api::order.order';
export const knex = () => knexOf(app);
export const auth = (secret: string | null) => (secret ? { Authorization: `Bearer ${secret}` } : {});

/** Requests with the main key; a string body is sent as is with `type` as its Content-Type. */
export const post = (url: string, body: unknown, secret: string | null = key.secret) => {
  const request = app.http().post(url).set(auth(secret));
  return typeof body === 'string' ? request.type('json').send(body) : request.send(body as object);
};
export const patch = (url: string, body: unknown, secret: string | null = key.secret) => {
  const request = app.http().patch(url).set(auth(secret));
  return typeof body === 'string' ? request.type('json').send(body) : request.send(body as object);
};
export const del = (url: string, secret: string | null = key.secret) => app.http().delete(url).set(auth(secret));
export const get = (url: string) => app.http().get(url).set(auth(key.secret));

export const count = async (table: string, where: (q: Knex.QueryBuilder) => void = () => {}) => {
  const rows = await knex()(table).count({ n: '*' }).modify(where);
  return Number(rows[0].n);
};

/** Row counts of every table a write could touch: a refused write leaves them all as they were. */
export const counts = async () => ({
  orders: await count('orders'),
  customerLinks: await count('orders_customer_lnk'),
  productLinks: await count('orders_product_lnk'),
  products: await count('products'),
  customers: await count('customers'),
  articles: await count('articles'),
});

/** An order as stored: its row and its link rows. */
export const orderState = async (id: number) => ({
  row: await knex()('orders').where('id', id).first(),
  customer: await knex()('orders_customer_lnk').where('order_id', id).pluck('customer_id'),
  product: await knex()('orders_product_lnk').where('order_id', id).pluck('product_id'),
});

/** Sends a request that must be refused with `status` and `error`, and checks that nothing was committed. */
export const expectRefused = async (
  send: () => PromiseLike<Response>,
  status: number,
  error: string,
  orderId?: number
) => {
  const before = await counts();
  const order = orderId === undefined ? null : await orderState(orderId);
  const response = await send();
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { success: false, error } });
  expect(await counts()).toEqual(before);
  if (orderId !== undefined) expect(await orderState(orderId)).toEqual(order);
  return response;
};

/** Checks a Create's answer, 201 `{success, object, id}`, and returns the new id. */
export const createdId = (response: Response, object = ORDER): number => {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 201,
    body: { success: true, object, id: expect.any(Number) },
  });
  return response.body.id;
};

/** Checks a Create's answer for an array of `n` records and returns the ids. */
export const createdIds = (response: Response, n: number, object = ORDER): number[] => {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 201,
    body: { success: true, object, id: Array.from({ length: n }, () => expect.any(Number)) },
  });
  return response.body.id;
};

/** Checks a Modify's or Delete's answer: 200 `{success: true}`. */
export const expectDone = (response: Response) => {
  expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { success: true } });
};

export const invalid = (field: string, item?: number) =>
  `Invalid data for field: ${field}${item === undefined ? '' : ` (item ${item})`}`;

/** Raw column values as each database hands them back. */
export const epochMs = (raw: unknown) =>
  raw === null ? null : typeof raw === 'number' ? raw : new Date(raw as string | Date).getTime();
export const isoDay = (raw: unknown) =>
  raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).slice(0, 10);
export const bool = (raw: unknown) => raw === true || raw === 1 || raw === '1';

const taken = new Set<number>();
/** A seeded order with `status` that no other test has used. */
export const freshOrder = async (status: string): Promise<number> => {
  const row = await knex()('orders')
    .where('status', status)
    .whereNotIn('id', [...taken])
    .orderBy('id')
    .first('id');
  taken.add(row.id);
  return Number(row.id);
};

/** A valid body for the `orders` create endpoint. */
export const anOrder = (change: Record<string, unknown> = {}) => ({ customer: customerId, quantity: 1, ...change });
let skus = 0;
export const aProduct = (change: Record<string, unknown> = {}) => ({
  title: 'Test product',
  sku: `T-${++skus}`,
  ...change,
});
let emails = 0;
export const aCustomer = (change: Record<string, unknown> = {}) => ({
  name: 'Test Customer',
  email: `test${++emails}@example.org`,
  ...change,
});

const orderFields = ['customer', 'product', 'quantity', 'total', 'status', 'orderedAt', 'note'];
const productFields = ['title', 'sku', 'price', 'stock', 'category', 'active', 'releasedAt'];
const customerFields = ['name', 'email', 'tier', 'credit', 'signupDate', 'orders'];
export const named = (names: string[]) => names.map((name) => ({ name }));

/**
 * The set-up of every writes suite: the keyed suite (its key `writer`), a second key, the seeded rows the tests
 * point at, and the endpoints they call.
 */
export const writesSuite = () => {
  ({ app, admin, key } = keyedSuite({ description: 'writer' }));
  beforeAll(async () => {
    otherKey = await createKey(admin, 'other');
    const customers = await knex()('customers').orderBy('id').limit(2).pluck('id');
    const products = await knex()('products').orderBy('id').limit(2).pluck('id');
    [customerId, otherCustomerId] = customers.map(Number);
    [productId, otherProductId] = products.map(Number);

    const endpoint = (definition: Record<string, unknown>) => createEndpoint(admin, key, definition);
    // Orders: no Draft & Publish, written with SQL.
    await endpoint({
      path: 'orders',
      type: 'create',
      object: ORDER,
      fields: orderFields.map((name) => (name === 'customer' ? { name, required: true } : { name })),
    });
    await endpoint({ path: 'orders', type: 'list', object: ORDER, fields: named(['id', ...orderFields]) });
    await endpoint({
      path: 'orders/pending',
      type: 'create',
      object: ORDER,
      filter: { status: 'pending' },
      fields: named(['quantity', 'status']),
    });
    await endpoint({
      path: 'orders/of-customer',
      type: 'create',
      object: ORDER,
      parameter: 'required',
      filter: { customer: { id: { $eq: { $var: 'param' } } } },
      fields: named(['quantity', 'product']),
      presets: { customer: { $var: 'param' }, status: 'paid' },
    });
    await endpoint({
      path: 'orders/edit',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      filter: { status: { $in: ['pending', 'paid'] } },
      fields: named(orderFields),
    });
    await endpoint({
      path: 'orders/pay',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      filter: { status: { $in: ['pending', 'paid'] } },
      fields: named(['note']),
      presets: { status: 'paid' },
    });
    await endpoint({
      path: 'orders/past',
      type: 'create',
      object: ORDER,
      filter: { orderedAt: { $lte: { $var: 'now' } } },
      fields: named(['quantity', 'orderedAt']),
    });
    await endpoint({
      path: 'orders/cancelled',
      type: 'delete',
      object: ORDER,
      parameter: 'required',
      filter: { status: 'cancelled' },
    });
    await endpoint({
      path: 'orders/office',
      type: 'create',
      object: ORDER,
      fields: named(['quantity']),
      allowedIps: ['203.0.113.0/24'],
    });
    // Products and customers: unique fields, booleans, dates, a to-many relation.
    const product = 'api::product.product';
    await endpoint({ path: 'products', type: 'create', object: product, fields: named(productFields) });
    await endpoint({ path: 'products', type: 'list', object: product, fields: named(['id', ...productFields]) });
    await endpoint({
      path: 'products/edit',
      type: 'modify',
      object: product,
      parameter: 'required',
      fields: named(['title', 'sku', 'active']),
    });
    const customer = 'api::customer.customer';
    await endpoint({ path: 'customers', type: 'create', object: customer, fields: named(customerFields) });
    await endpoint({
      path: 'customers/signed-up',
      type: 'create',
      object: customer,
      filter: { signupDate: { $lte: { $var: 'today' } } },
      fields: named(['name', 'email', 'signupDate']),
    });
    await endpoint({ path: 'customers', type: 'list', object: customer, fields: named(['id', ...customerFields]) });
    // Articles: Draft & Publish, written through the Document Service.
    const article = 'api::article.article';
    const articleFields = [{ name: 'title', required: true }, { name: 'body' }];
    await endpoint({ path: 'articles', type: 'create', object: article, fields: articleFields, publish: true });
    await endpoint({ path: 'articles/drafts', type: 'create', object: article, fields: articleFields, publish: false });
    await endpoint({
      path: 'articles/edit',
      type: 'modify',
      object: article,
      parameter: 'required',
      fields: named(['title', 'body']),
      publish: true,
    });
    await endpoint({ path: 'articles/remove', type: 'delete', object: article, parameter: 'required' });
  });
};
