import { createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;
const ORDER = 'api::order.order';
const PRODUCT = 'api::product.product';
const client = process.env.DATABASE_CLIENT || 'sqlite';
const concurrent = client === 'sqlite' ? test.skip : test;
const v = (name: string) => ({ $var: name });
const knex = () => knexOf(app);
const call = (method: 'post' | 'patch' | 'delete', url: string, body?: unknown) => {
  const request = app.http()[method](url).set('Authorization', `Bearer ${key.secret}`);
  return body === undefined ? request : request.send(body as object);
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
let C1: number;
let C2: number;
let P: number;
const endpoint = (d: Record<string, unknown>) => createEndpoint(admin, key, d);
const newOrder = async (body: Record<string, unknown>) => {
  const r = await call('post', '/_api/zz/orders', { quantity: 1, ...body });
  expect(r.status).toBe(201);
  return r.body.id as number;
};
const show = (label: string, r: { status: number; body: unknown }) =>
  console.log(`[${client}] ${label}: ${r.status} ${JSON.stringify(r.body)}`);

beforeAll(async () => {
  app = await startApp();
  admin = await app.admin();
  key = await createKey(admin);
  [C1, C2] = (await knex()('customers').orderBy('id').limit(2).pluck('id')).map(Number);
  P = Number((await knex()('products').orderBy('id').first('id')).id);
  await endpoint({
    path: 'zz/orders',
    type: 'create',
    object: ORDER,
    fields: ['customer', 'product', 'quantity', 'status', 'note'].map((name) => ({ name })),
  });
});
afterAll(async () => {
  await app?.stop();
});

describe.skip('nullable record variables on relations', () => {
  test('$ne previous.customer (null) on an order without customer, customer unchanged', async () => {
    await endpoint({
      path: 'zz/frozen-customer-ne',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      fields: [{ name: 'note' }],
      tasks: [
        {
          action: 'raise-error',
          when: { match: { customer: { id: { $ne: v('previous.customer') } } } },
          message: 'customer changed',
        },
      ],
    });
    await endpoint({
      path: 'zz/frozen-customer-eq',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      fields: [{ name: 'note' }],
      tasks: [
        {
          action: 'raise-error',
          when: { not: { match: { customer: { id: { $eq: v('previous.customer') } } } } },
          message: 'customer changed',
        },
      ],
    });
    const id = await newOrder({ product: P });
    const withCustomer = await newOrder({ product: P, customer: C1 });
    const r1 = await call('patch', `/_api/zz/frozen-customer-ne/${id}`, { note: 'x' });
    show('ne, no customer', r1);
    const r2 = await call('patch', `/_api/zz/frozen-customer-eq/${id}`, { note: 'y' });
    show('not eq, no customer', r2);
    const r3 = await call('patch', `/_api/zz/frozen-customer-ne/${withCustomer}`, { note: 'x' });
    show('ne, with customer', r3);
    expect(r3.status).toBe(200);
    expect([r1.status, r2.status]).toEqual([200, 200]);
  });
});

describe.skip('target lock and relation filters', () => {
  concurrent('a Delete filtered on a relation: the link moves meanwhile (link only)', async () => {
    await endpoint({
      path: 'zz/of-c1-a',
      type: 'delete',
      object: ORDER,
      parameter: 'required',
      filter: { customer: { id: { $eq: C1 } } },
    });
    const id = await newOrder({ customer: C1 });
    const trx = await knex().transaction();
    await trx('orders_customer_lnk').where('order_id', id).update({ customer_id: C2 });
    const pending = call('delete', `/_api/zz/of-c1-a/${id}`).then((r) => r);
    await pause(500);
    await trx.commit();
    const r = await pending;
    show('delete of-c1 (link moved to c2, link only)', r);
    const row = await knex()('orders').where('id', id).first();
    console.log(`[${client}] order still there: ${Boolean(row)}`);
    expect(r.status).toBe(404);
    expect(row).toBeDefined();
  });
  concurrent('a Delete filtered on a relation: the link moves meanwhile (row touched too)', async () => {
    await endpoint({
      path: 'zz/of-c1-b',
      type: 'delete',
      object: ORDER,
      parameter: 'required',
      filter: { customer: { id: { $eq: C1 } } },
    });
    const id = await newOrder({ customer: C1 });
    const trx = await knex().transaction();
    await trx('orders').where('id', id).update({ note: 'moved' });
    await trx('orders_customer_lnk').where('order_id', id).update({ customer_id: C2 });
    const pending = call('delete', `/_api/zz/of-c1-b/${id}`).then((r) => r);
    await pause(500);
    await trx.commit();
    const r = await pending;
    show('delete of-c1 (row touched + link moved)', r);
    const row = await knex()('orders').where('id', id).first();
    console.log(`[${client}] order still there: ${Boolean(row)}`);
    expect(r.status).toBe(404);
    expect(row).toBeDefined();
  });
});

describe.skip('task selections are not locked', () => {
  concurrent('delete-records deletes a row that left its filter meanwhile', async () => {
    await endpoint({
      path: 'zz/sweep',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      fields: [{ name: 'note' }],
      tasks: [{ action: 'delete-records', object: ORDER, filter: { status: 'cancelled', note: 'zz-sweep' } }],
    });
    const target = await newOrder({ status: 'paid' });
    const victim = await newOrder({ status: 'cancelled', note: 'zz-sweep' });
    const trx = await knex().transaction();
    await trx('orders').where('id', victim).update({ status: 'paid' });
    const pending = call('patch', `/_api/zz/sweep/${target}`, { note: 'go' }).then((r) => r);
    await pause(500);
    await trx.commit();
    const r = await pending;
    show('sweep', r);
    const row = await knex()('orders').where('id', victim).first();
    console.log(`[${client}] victim (now paid) still there: ${JSON.stringify(row?.status)}`);
    expect(row).toBeDefined();
  });
});

describe('FOR SHARE on related rows vs task updates of them', () => {
  const deadlocks = async () => {
    if (client === 'postgres') {
      await knex().raw('select pg_stat_clear_snapshot()');
      const r = await knex().raw('select deadlocks from pg_stat_database where datname = current_database()');
      return Number(r.rows[0].deadlocks);
    }
    const r = await knex().raw("show global status like 'Innodb_deadlocks'");
    return Number(r[0][0]?.Value ?? -1);
  };
  const storm = async (path: string, body: Record<string, unknown>, n = 30) => {
    const before = await deadlocks();
    const server = app.strapi.server.httpServer;
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    const t0 = Date.now();
    const responses = await Promise.all(
      Array.from({ length: n }, () =>
        fetch(`http://127.0.0.1:${port}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key.secret}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: await r.text() }))
      )
    );
    console.log(`[${client}] ${path} took ${Date.now() - t0} ms`);
    await pause(1500);
    const after = await deadlocks();
    const statuses: Record<number, number> = {};
    for (const r of responses) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return { statuses, deadlocks: after - before };
  };
  concurrent('creates linking product P with a task updating P', async () => {
    await endpoint({
      path: 'zz/touch-linked',
      type: 'create',
      object: ORDER,
      fields: [{ name: 'product' }, { name: 'quantity' }],
      tasks: [
        { action: 'update-records', object: PRODUCT, filter: { id: { $eq: v('record.product') } }, values: { category: 'touched' } },
      ],
    });
    await endpoint({
      path: 'zz/touch-unlinked',
      type: 'create',
      object: ORDER,
      fields: [{ name: 'quantity' }],
      tasks: [{ action: 'update-records', object: PRODUCT, filter: { id: P }, values: { category: 'touched' } }],
    });
    const linked = await storm('/_api/zz/touch-linked', { product: P, quantity: 1 });
    const unlinked = await storm('/_api/zz/touch-unlinked', { quantity: 1 });
    console.log(`[${client}] linked: ${JSON.stringify(linked)} unlinked: ${JSON.stringify(unlinked)}`);
  });
});

describe.skip('unique index of the site', () => {
  test('a unique index on products.category maps to the field', async () => {
    await endpoint({
      path: 'zz/products',
      type: 'create',
      object: PRODUCT,
      fields: [{ name: 'title' }, { name: 'category' }],
    });
    await knex().raw('CREATE UNIQUE INDEX products_category_unique ON products (category)').catch(async () => {
      // seeded duplicates: clear categories first
      await knex()('products').update({ category: null });
      await knex().raw('CREATE UNIQUE INDEX products_category_unique ON products (category)');
    });
    const a = await call('post', '/_api/zz/products', { title: 'u1', category: 'zz-unique-cat' });
    const b = await call('post', '/_api/zz/products', { title: 'u2', category: 'zz-unique-cat' });
    show('unique first', a);
    show('unique second', b);
    expect(b.status).toBe(400);
    expect(b.body).toEqual({ success: false, error: 'Invalid data for field: category' });
  });
});
