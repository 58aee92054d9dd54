import { callWithKey, createEndpoint, knexOf } from './fixtures';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

/**
 * What the tasks suites share (docs/writes.md#tasks): tasks run after the write, in its transaction. Every answer
 * is checked against the database read independently with knex; after every refusal nothing at all may be
 * committed.
 */
export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];

export const ORDER = 'api::order.order';
export const PRODUCT = 'api::product.product';
export const CUSTOMER = 'api::customer.customer';
export const ARTICLE = 'api::article.article';

export const v = (name: string) => ({ $var: name });
export const idIs = (variable: string) => ({ id: { $eq: v(variable) } });
export const ofCustomer = (variable: string) => ({ customer: { id: { $eq: v(variable) } } });
export const orderFields = ['customer', 'product', 'quantity', 'status', 'note', 'total'].map((name) => ({ name }));

export const knex = () => knexOf(app);
export const endpoint = (definition: Record<string, unknown>) => createEndpoint(admin, key, definition);
export const call = callWithKey(
  () => app,
  () => key
);

/** Every row of the tables a task here may touch, to prove that a refused request left no trace. */
const TABLES = ['orders', 'products', 'customers', 'orders_customer_lnk', 'orders_product_lnk', 'articles'];
export const dump = async () => {
  const state: Record<string, unknown[]> = {};
  for (const table of TABLES) state[table] = await knex()(table).orderBy('id');
  return state;
};

/** Sends the request, expects 400 with exactly `message`, and that nothing was committed. */
export const expectRefused = async (request: () => PromiseLike<{ status: number; body: unknown }>, message: string) => {
  const before = await dump();
  const response = await request();
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: { success: false, error: message },
  });
  expect(await dump()).toEqual(before);
};

export const order = (id: number) => knex()('orders').where('id', id).first();
export const customerOf = async (orderId: number) =>
  (await knex()('orders_customer_lnk').where('order_id', orderId).first())?.customer_id ?? null;
export const productOf = async (orderId: number) =>
  (await knex()('orders_product_lnk').where('order_id', orderId).first())?.product_id ?? null;
export const ordersOfCustomer = (customerId: number, status?: string) =>
  knex()('orders as o')
    .join('orders_customer_lnk as l', 'l.order_id', 'o.id')
    .where('l.customer_id', customerId)
    .modify((q) => (status ? q.where('o.status', status) : q))
    .orderBy('o.id')
    .pluck('o.id')
    .then((ids: unknown[]) => ids.map(Number));
export const epochMs = (value: unknown) => (typeof value === 'number' ? value : new Date(value as string).getTime());

/** A customer with no pending order: one found in the database, else a new one. */
const usedCustomers = new Set<number>();
export const customerWithoutPendingOrder = async (): Promise<number> => {
  const found = await knex()('customers as c')
    .whereNotExists(
      knex()('orders_customer_lnk as l')
        .join('orders as o', 'o.id', 'l.order_id')
        .whereRaw('?? = ??', ['l.customer_id', 'c.id'])
        .where('o.status', 'pending')
    )
    .whereNotIn('c.id', [0, ...usedCustomers])
    .orderBy('c.id')
    .first('c.id');
  let id = found ? Number(found.id) : null;
  if (id === null) {
    const n = usedCustomers.size + 1;
    const email = `tasks-${n}@example.com`;
    const now = new Date();
    await knex()('customers').insert({
      document_id: `taskscustomer${n}`.padEnd(24, 'x'),
      name: `Tasks ${n}`,
      email,
      tier: 'free',
      created_at: now,
      updated_at: now,
      published_at: now,
    });
    id = Number((await knex()('customers').where('email', email).first('id')).id);
  }
  usedCustomers.add(id);
  expect(await ordersOfCustomer(id, 'pending')).toEqual([]);
  return id;
};

/**
 * The set-up of every tasks suite (keyedSuite's): call it at the top of the suite.
 */
export const tasksSuite = () => {
  ({ app, admin, key } = keyedSuite());
};
