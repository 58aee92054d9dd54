import { createEndpoint, knexOf } from '../helpers/fixtures';
import { app, admin, key, get, pathAndQuery, count, listSuite } from '../helpers/list-suite';

listSuite();

describe('filters', () => {
  test('the endpoint filter restricts what is read', async () => {
    const response = await get('/_api/orders/paid');
    expect(response.body.total).toBe(await count('orders', (q) => q.where('status', 'paid')));
    expect(response.body.items.every((i: { status: string }) => i.status === 'paid')).toBe(true);
    const customers = await get('/_api/customers');
    expect(customers.body.total).toBe(await count('customers', (q) => q.whereIn('tier', ['pro', 'enterprise'])));
  });

  test('query filters narrow the result: equality, :gt and :lt, typed per field', async () => {
    const response = await get('/_api/orders?status=shipped&total:gt=100.5&quantity:lt=5');
    expect(response.status).toBe(200);
    const expected = await count('orders', (q) =>
      q.where('status', 'shipped').where('total', '>', 100.5).where('quantity', '<', 5)
    );
    expect(response.body.total).toBe(expected);
    for (const item of response.body.items) {
      expect(item.status).toBe('shipped');
      expect(item.total).toBeGreaterThan(100.5);
      expect(item.quantity).toBeLessThan(5);
    }
  });

  test('a relation equality filter and a datetime filter', async () => {
    const response = await get('/_api/orders?customer=3&orderedAt:gt=2025-06-01T00:00:00Z');
    expect(response.status).toBe(200);
    const expected = await knexOf(app)('orders as o')
      .join('orders_customer_lnk as l', 'l.order_id', 'o.id')
      .where('l.customer_id', 3)
      .count({ n: '*' })
      .modify((q) => {
        const limit = new Date('2025-06-01T00:00:00Z');
        q.where(
          'o.ordered_at',
          '>',
          process.env.DATABASE_CLIENT === 'sqlite' || !process.env.DATABASE_CLIENT ? limit.getTime() : limit
        );
      });
    expect(response.body.total).toBe(Number(expected[0].n));
    expect(response.body.items.every((i: { customer: number }) => i.customer === 3)).toBe(true);
  });

  test('a query filter can never widen the endpoint filter', async () => {
    const response = await get('/_api/orders/paid?status=pending');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(0);
    expect(response.body.items).toEqual([]);
  });

  test('the numeric path parameter feeds the filter', async () => {
    const response = await get('/_api/customers/orders/4');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(await count('orders_customer_lnk', (q) => q.where('customer_id', 4)));
    expect(response.body.items.every((i: { customer: number }) => i.customer === 4)).toBe(true);
    expect((await get('/_api/customers/orders/999999')).body.total).toBe(0);
  });

  test.each([
    ['a non-numeric page', '/_api/orders?page=two'],
    ['page 0', '/_api/orders?page=0'],
    ['a decimal for an integer', '/_api/orders?quantity=1.5'],
    ['text for a decimal', '/_api/orders?total:gt=abc'],
    ['a value outside the enumeration', '/_api/orders?status=lost'],
    ['an invalid datetime', '/_api/orders?orderedAt:gt=yesterday'],
    ['a field the endpoint does not expose', '/_api/orders?note=x'],
    ['an operator the field does not support', '/_api/orders?customer:gt=3'],
    ['a repeated parameter', '/_api/orders?page=1&page=2'],
    ['an unknown operator', '/_api/orders?total:gte=3'],
    ['a cursor that is no id', '/_api/orders?after=x'],
    ['a cursor twice', '/_api/orders?after=1&after=2'],
    ['a cursor where pages are numbered', '/_api/products/by-price?after=5'],
  ])('%s is 400 Invalid request parameters', async (_label, url) => {
    const response = await get(url);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Invalid request parameters' });
  });
});

describe('variables', () => {
  test('a filter variable with no value matches nothing (fail closed), even under $not', async () => {
    await createEndpoint(admin, key, {
      path: 'orders/maybe-customer',
      type: 'list',
      object: 'api::order.order',
      parameter: 'optional',
      filter: { $not: { customer: { id: { $var: 'param' } } } },
      fields: [{ name: 'id' }, { name: 'customer' }],
    });
    const withParam = await get('/_api/orders/maybe-customer/4');
    expect(withParam.status).toBe(200);
    expect(withParam.body.total).toBe(await count('orders_customer_lnk', (q) => q.whereNot('customer_id', 4)));
    const without = await get('/_api/orders/maybe-customer');
    expect(without.status).toBe(200);
    expect(without.body).toMatchObject({ total: 0, items: [] });
  });

  test('now and today compare with datetimes and dates', async () => {
    await createEndpoint(admin, key, {
      path: 'products/released',
      type: 'list',
      object: 'api::product.product',
      filter: { releasedAt: { $lt: { $var: 'now' } } },
      fields: [{ name: 'id' }, { name: 'releasedAt' }],
    });
    await createEndpoint(admin, key, {
      path: 'customers/signed-up',
      type: 'list',
      object: 'api::customer.customer',
      filter: { signupDate: { $lte: { $var: 'today' } } },
      fields: [{ name: 'id' }],
    });
    const future = new Date(Date.now() + 86400000);
    await knexOf(app)('products')
      .where('id', 1)
      .update({ released_at: (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite' ? future.getTime() : future });
    const released = await get('/_api/products/released');
    expect(released.body.total).toBe((await count('products')) - 1);
    expect(released.body.items.some((i: { id: number }) => i.id === 1)).toBe(false);
    expect((await get('/_api/customers/signed-up')).body.total).toBe(await count('customers'));
  });
});

describe('more query filters', () => {
  test('a boolean, a date and a to-many relation', async () => {
    await createEndpoint(admin, key, {
      path: 'products/flags',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }, { name: 'active' }],
    });
    const inactive = await get('/_api/products/flags?active=false');
    expect(inactive.body.total).toBe(await count('products', (q) => q.where('active', false)));
    expect(inactive.body.items.every((i: { active: boolean }) => i.active === false)).toBe(true);
    expect((await get('/_api/products/flags?active=yes')).status).toBe(400);

    const recent = await get('/_api/customers?signupDate:gt=2025-01-01');
    expect(recent.status).toBe(200);
    expect(recent.body.total).toBe(
      await count('customers', (q) => q.where('signup_date', '>', '2025-01-01').whereIn('tier', ['pro', 'enterprise']))
    );
    expect((await get('/_api/customers?signupDate:gt=2025-02-30')).status).toBe(400);

    const link = await knexOf(app)('orders_customer_lnk as l')
      .join('customers as c', 'c.id', 'l.customer_id')
      .whereIn('c.tier', ['pro', 'enterprise'])
      .first('l.order_id', 'l.customer_id');
    const owner = await get(`/_api/customers?orders=${link.order_id}`);
    expect(owner.body.items.map((i: { id: number }) => i.id)).toEqual([link.customer_id]);
  });

  test('a to-many relation with hundreds of links comes back whole and in order', async () => {
    const knex = knexOf(app);
    const customer = await knex('customers').whereIn('tier', ['pro', 'enterprise']).first('id');
    const moved = await knex('orders_customer_lnk')
      .whereNot('customer_id', customer.id)
      .orderBy('order_id')
      .limit(600)
      .pluck('order_id');
    const before = await knex('orders_customer_lnk')
      .where('customer_id', customer.id)
      .orderBy('order_ord')
      .pluck('order_id');
    let position = before.length;
    for (const orderId of moved) {
      position += 1;
      await knex('orders_customer_lnk')
        .where('order_id', orderId)
        .update({ customer_id: customer.id, order_ord: position });
    }
    const response = await get(`/_api/customers?id=${customer.id}`);
    expect(response.body.items[0].orders).toEqual([...before, ...moved]);
    expect(response.body.items[0].orders.length).toBeGreaterThan(600);
  });
});

describe('Draft & Publish', () => {
  test('an endpoint can read drafts instead', async () => {
    await createEndpoint(admin, key, {
      path: 'articles/drafts',
      type: 'list',
      object: 'api::article.article',
      status: 'draft',
      fields: [{ name: 'id' }, { name: 'publishedAt' }],
    });
    const response = await get('/_api/articles/drafts');
    expect(response.body.total).toBe(await count('articles', (q) => q.whereNull('published_at')));
    expect(response.body.items.every((i: { publishedAt: unknown }) => i.publishedAt === null)).toBe(true);
  });

  test('keyset links walk published records by their ids, whatever order they were published in', async () => {
    // 110 more documents published last to first: their published rows run against their ids (the drafts').
    const knex = knexOf(app);
    const now = new Date();
    const documents = Array.from({ length: 110 }, (_, i) => `keysetwalk${String(i).padStart(3, '0')}`.padEnd(24, 'x'));
    const row = (documentId: string, publishedAt: Date | null) => ({
      document_id: documentId,
      title: documentId,
      published_at: publishedAt,
      created_at: now,
      updated_at: now,
    });
    await knex.batchInsert(
      'articles',
      documents.map((d) => row(d, null)),
      50
    );
    await knex.batchInsert(
      'articles',
      [...documents].reverse().map((d) => row(d, now)),
      50
    );
    // The drafts of the published documents the query filter keeps, by id: what a walk must visit, once each.
    const published = knex('articles').whereNotNull('published_at').select('document_id');
    const expected = (
      await knex('articles')
        .whereNull('published_at')
        .where('document_id', '>', 'keysetwalk')
        .whereIn('document_id', published)
        .orderBy('id')
        .select('id')
    ).map((r: { id: number }) => r.id);
    expect(expected.length).toBeGreaterThan(100);
    const seen: number[] = [];
    let url: string | undefined = '/_api/articles?documentId:gt=keysetwalk';
    while (url) {
      const response = await get(url);
      expect([response.status, response.body.total]).toEqual([200, expected.length]);
      seen.push(...response.body.items.map((i: { id: number }) => i.id));
      url = response.body._links.next && pathAndQuery(response.body._links.next.href);
      if (url) expect(url).toMatch(/&after=\d+$/);
    }
    expect(seen).toEqual(expected);
  });

  test('reads see published entries only', async () => {
    const response = await get('/_api/articles');
    const published = await count('articles', (q) => q.whereNotNull('published_at'));
    expect(published).toBeGreaterThan(0);
    expect(response.body.total).toBe(published);
    expect(response.body.items.every((i: { publishedAt: string | null }) => typeof i.publishedAt === 'string')).toBe(
      true
    );
  });
});
