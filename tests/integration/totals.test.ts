import type { Knex } from 'knex';
import { createEndpoint, knexOf } from '../helpers/fixtures';
import { startSecondInstance } from '../helpers/second-instance';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * `total` stays the exact match count while it is counted once per change (server/src/totals): after writes
 * through every way Strapi has, through `/_api`, and through another instance of the site.
 */
const ORDER = 'api::order.order';
const CUSTOMER = 'api::customer.customer';
/** Short, so that the bound on writes no one sees can be shown; long enough for a few requests in a row. */
const MAX_AGE_MS = 4000;

const { app, admin, key } = keyedSuite({ env: { DATA_API_TOTALS_MAX_AGE_MS: String(MAX_AGE_MS) } });

const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);
const totalOf = async (url: string) => {
  const response = await get(url);
  expect(response.status).toBe(200);
  return response.body.total as number;
};
/** Independent expectation, straight from the database. */
const ordersIn = async (where: (q: Knex.QueryBuilder) => void = () => {}) =>
  Number((await knexOf(app)('orders').count({ n: '*' }).modify(where))[0].n);
const proOrders = () =>
  ordersIn((q) =>
    q
      .join('orders_customer_lnk as l', 'l.order_id', 'orders.id')
      .join('customers as c', 'c.id', 'l.customer_id')
      .where('c.tier', 'pro')
  );
const anOrder = (status = 'paid') => ({ quantity: 1, total: 10, status });

beforeAll(async () => {
  expect(app.strapi.plugin('data-api')).toBeDefined();
  await createEndpoint(admin, key, {
    path: 'orders',
    type: 'list',
    object: ORDER,
    fields: [{ name: 'id' }, { name: 'status' }],
    sort: [{ field: 'id', dir: 'asc' }],
  });
  await createEndpoint(admin, key, {
    path: 'orders/pro',
    type: 'list',
    object: ORDER,
    filter: { customer: { tier: 'pro' } },
    fields: [{ name: 'id' }],
  });
  await createEndpoint(admin, key, {
    path: 'orders/new',
    type: 'create',
    object: ORDER,
    fields: [{ name: 'quantity' }, { name: 'total' }, { name: 'status' }],
  });
}, 120_000);

describe('the total follows every write', () => {
  test('a first count is the exact count', async () => {
    expect(await totalOf('/_api/orders')).toBe(await ordersIn());
    expect(await totalOf('/_api/orders?status=paid')).toBe(await ordersIn((q) => q.where('status', 'paid')));
  });

  test('through the Document Service', async () => {
    await totalOf('/_api/orders');
    await app.strapi.documents(ORDER).create({ data: anOrder() });
    expect(await totalOf('/_api/orders')).toBe(await ordersIn());
  });

  test('through the admin panel (Content Manager)', async () => {
    const before = await totalOf('/_api/orders');
    // No `status` field here: the Content Manager reads that name as the draft/published status.
    const created = await admin.post(`/content-manager/collection-types/${ORDER}`, { quantity: 1, total: 10 });
    expect(created.status).toBe(201);
    expect(await totalOf('/_api/orders')).toBe(before + 1);
    const removed = await admin.del(`/content-manager/collection-types/${ORDER}/${created.body.data.documentId}`);
    expect(removed.status).toBe(200);
    expect(await totalOf('/_api/orders')).toBe(before);
    expect(before).toBe(await ordersIn());
  });

  test("through Strapi's REST API", async () => {
    const before = await totalOf('/_api/orders?status=pending');
    const created = await app
      .http()
      .post('/api/orders')
      .send({ data: anOrder('pending') });
    expect(created.status).toBe(201);
    expect(await totalOf('/_api/orders?status=pending')).toBe(before + 1);
    expect(before + 1).toBe(await ordersIn((q) => q.where('status', 'pending')));
  });

  test('through /_api, counted before the write answers (read your writes)', async () => {
    const before = await totalOf('/_api/orders');
    const created = await app
      .http()
      .post('/_api/orders/new')
      .set('Authorization', `Bearer ${key.secret}`)
      .send([anOrder(), anOrder()]);
    expect(created.status).toBe(201);
    expect(await totalOf('/_api/orders')).toBe(before + 2);
  });

  test('through a write to another type that the filter reads (a relation)', async () => {
    expect(await totalOf('/_api/orders/pro')).toBe(await proOrders());
    const customers = app.strapi.documents(CUSTOMER);
    const customer = await customers.findFirst({ filters: { tier: 'free', orders: { id: { $notNull: true } } } });
    expect(customer).toBeTruthy();
    await customers.update({ documentId: customer!.documentId, data: { tier: 'pro' } as never });
    expect(await totalOf('/_api/orders/pro')).toBe(await proOrders());
  });

  test('a write rolled back changes nothing and is not counted', async () => {
    const before = await totalOf('/_api/orders');
    await expect(
      app.strapi.db.transaction(async () => {
        await app.strapi.documents(ORDER).create({ data: anOrder() });
        throw new Error('rolled back');
      })
    ).rejects.toThrow('rolled back');
    expect(await totalOf('/_api/orders')).toBe(before);
    expect(before).toBe(await ordersIn());
  });
});

describe('what the cache cannot see', () => {
  test('a raw SQL insert is counted once the total is older than totals.maxAgeMs', async () => {
    const before = await totalOf('/_api/orders');
    await knexOf(app)('orders').insert({ quantity: 1, status: 'paid', document_id: 'rawsqlinsert00000000000' });
    // Within the maximum age the total may be the cached one: it is (this is what the cache saves).
    expect(await totalOf('/_api/orders')).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, MAX_AGE_MS));
    expect(await totalOf('/_api/orders')).toBe(before + 1);
  });
});

describe('keyset pages', () => {
  test('every page of a walk carries the listing total, and the walk ends after exactly that many rows', async () => {
    const total = await ordersIn();
    let url: string | undefined = '/_api/orders';
    const seen = new Set<number>();
    while (url) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(total);
      for (const item of response.body.items) seen.add(item.id);
      url = response.body._links.next?.href;
      if (url) expect(url).toMatch(/after=\d+$/);
    }
    expect(seen.size).toBe(total);
  });
});

describe('another instance of the site', () => {
  test("its writes reach this instance's cached totals", async () => {
    const second = await startSecondInstance();
    try {
      const before = await totalOf('/_api/orders');
      await second.create(ORDER, anOrder());
      const written = Date.now();
      let total = before;
      // Ten refresh intervals at most (docs/list.md: refreshIntervalMs plus the batch delay); a bound in wall
      // time would only measure the CI machine's load.
      while (total === before && Date.now() - written < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        total = await totalOf('/_api/orders');
      }
      expect(total).toBe(before + 1);
      expect(total).toBe(await ordersIn());
    } finally {
      await second.stop();
    }
  }, 120_000);
});
