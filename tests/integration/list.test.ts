import { createEndpoint, knexOf } from '../helpers/fixtures';
import { app, admin, key, get, pathAndQuery, count, listSuite } from '../helpers/list-suite';

listSuite();

describe('filters and variables', () => {
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
        await count('customers', (q) =>
          q.where('signup_date', '>', '2025-01-01').whereIn('tier', ['pro', 'enterprise'])
        )
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
      const documents = Array.from({ length: 110 }, (_, i) =>
        `keysetwalk${String(i).padStart(3, '0')}`.padEnd(24, 'x')
      );
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
});

describe('paging and values', () => {
  test('the plugin is loaded and serves /_api', async () => {
    expect(app.strapi.plugin('data-api')).toBeDefined();
    // Strapi's own 404 has another shape: this one comes from the plugin's runtime.
    expect((await get('/_api/no-such-endpoint')).body).toEqual({ success: false, error: 'Not found' });
  });

  describe('paging', () => {
    test('page 1 holds 100 records, the total and a keyset next link in the body and the Link header', async () => {
      const response = await get('/_api/orders');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body.page).toBe(1);
      expect(response.body.total).toBe(await count('orders'));
      expect(response.body.items).toHaveLength(100);
      expect(response.body.items.map((i: { id: number }) => i.id)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1)
      );
      expect(Object.keys(response.body.items[0])).toEqual([
        'id',
        'total',
        'status',
        'customer',
        'orderedAt',
        'quantity',
      ]);
      expect(response.body._links).toEqual({
        next: { href: '/_api/orders?after=100' },
      });
      expect(response.headers.link).toBe(`<${response.body._links.next.href}>; rel="next"`);
    });

    test('following keyset links visits every record exactly once, even with a delete and an insert between pages', async () => {
      const seen: number[] = [];
      let url: string | undefined = '/_api/orders?status=paid';
      const expected = await count('orders', (q) => q.where('status', 'paid'));
      let round = 0;
      while (url) {
        const response = await get(url);
        expect(response.status).toBe(200);
        seen.push(...response.body.items.map((i: { id: number }) => i.id));
        url = response.body._links.next && pathAndQuery(response.body._links.next.href);
        if (url) expect(url).toMatch(/^\/_api\/orders\?status=paid&after=\d+$/);
        round += 1;
        if (round === 1) {
          // A paid order already seen goes away: keyset links must not skip the next one.
          await knexOf(app)('orders').where('id', seen[0]).update({ status: 'cancelled' });
        }
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(expected);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    });

    test('descending id sort pages backwards from the cursor', async () => {
      const response = await get('/_api/orders/newest');
      const max = Number((await knexOf(app)('orders').max({ m: 'id' }))[0].m);
      expect(response.body.items[0].id).toBe(max);
      expect(pathAndQuery(response.body._links.next.href)).toBe(`/_api/orders/newest?after=${max - 99}`);
      const second = await get(pathAndQuery(response.body._links.next.href));
      expect(second.body.items[0].id).toBe(max - 100);
    });

    test("a client's own id:gt is a filter: total counts it, paging by number or by the links", async () => {
      const max = Number((await knexOf(app)('orders').max({ m: 'id' }))[0].m);
      const from = max - 150;
      const expected = (await knexOf(app)('orders').where('id', '>', from).orderBy('id').select('id')).map(
        (r: { id: number }) => r.id
      );
      const ids = (response: { body: { items: Array<{ id: number }> } }) => response.body.items.map((i) => i.id);
      // Paging by number (docs/list.md#calling-a-list-endpoint): ?page=2, ?page=3 ... until the records collected
      // reach total.
      const byNumber: number[] = [];
      for (let page = 1; byNumber.length < expected.length; page += 1) {
        const response = await get(`/_api/orders?id:gt=${from}&page=${page}`);
        expect([response.status, response.body.total]).toEqual([200, expected.length]);
        expect(response.body.items.length).toBeGreaterThan(0);
        byNumber.push(...ids(response));
      }
      expect(byNumber).toEqual(expected);
      // Rule 4: the links, whose cursor travels beside the client's filter.
      const byLinks: number[] = [];
      let url: string | undefined = `/_api/orders?id:gt=${from}`;
      while (url) {
        const response = await get(url);
        expect([response.status, response.body.total]).toEqual([200, expected.length]);
        byLinks.push(...ids(response));
        url = response.body._links.next && pathAndQuery(response.body._links.next.href);
        if (url) expect(url).toBe(`/_api/orders?id:gt=${from}&after=${byLinks[byLinks.length - 1]}`);
      }
      expect(byLinks).toEqual(expected);
    });

    test('without id in the fields, links are page-based and prev appears from page 2', async () => {
      const first = await get('/_api/products/by-price');
      expect(first.status).toBe(200);
      expect(pathAndQuery(first.body._links.next.href)).toBe('/_api/products/by-price?page=2');
      const second = await get('/_api/products/by-price?page=2');
      expect(second.body.page).toBe(2);
      expect(pathAndQuery(second.body._links.prev.href)).toBe('/_api/products/by-price');
      expect(pathAndQuery(second.body._links.next.href)).toBe('/_api/products/by-price?page=3');
      expect(second.headers.link).toBe(
        `<${second.body._links.next.href}>; rel="next", <${second.body._links.prev.href}>; rel="prev"`
      );
      const last = await get('/_api/products/by-price?page=3');
      expect(last.body.items).toHaveLength((await count('products')) - 200);
      expect(last.body._links.next).toBeUndefined();
      expect(last.headers.link).toContain('rel="prev"');
    });

    test('records follow the configured sort, with NULLs last when ascending and first when descending', async () => {
      await knexOf(app)('products').where('id', 7).update({ price: null });
      const response = await get('/_api/products/by-price');
      const prices = response.body.items.map((i: { price: number | null }) => i.price);
      expect(prices[0]).toBeNull();
      const rest = prices.slice(1);
      expect(rest).toEqual([...rest].sort((a: number, b: number) => b - a));
      const top = await knexOf(app)('products').max({ m: 'price' });
      expect(rest[0]).toBe(Number(top[0].m));
    });

    test('a page past the end is empty, with the total and a prev link', async () => {
      const response = await get('/_api/orders?page=999');
      expect(response.status).toBe(200);
      expect(response.body.items).toEqual([]);
      expect(response.body.total).toBe(await count('orders'));
      expect(response.body._links.next).toBeUndefined();
      expect(pathAndQuery(response.body._links.prev.href)).toBe('/_api/orders?page=998');
    });
  });

  describe('values on the wire', () => {
    test('decimals and integers are numbers, enums strings, relations ids, datetimes ISO, as stored', async () => {
      const response = await get('/_api/orders?id=5');
      const [item] = response.body.items;
      const row = await knexOf(app)('orders').where('id', 5).first();
      const link = await knexOf(app)('orders_customer_lnk').where('order_id', 5).first();
      expect(item).toEqual({
        id: 5,
        total: Number(row.total),
        status: row.status,
        customer: link.customer_id,
        orderedAt: expect.any(String),
        quantity: row.quantity,
      });
      expect(typeof item.total).toBe('number');
      const raw = row.ordered_at;
      expect(new Date(item.orderedAt).getTime()).toBe(typeof raw === 'number' ? raw : new Date(raw).getTime());
    });

    test('to-many relations are arrays of ids, dates are YYYY-MM-DD, booleans are booleans', async () => {
      const customers = await get('/_api/customers');
      expect(customers.status).toBe(200);
      const customer = customers.body.items[0];
      const ids = (await knexOf(app)('orders_customer_lnk').where('customer_id', customer.id).orderBy('order_ord')).map(
        (l: { order_id: number }) => l.order_id
      );
      expect(customer.orders).toEqual(ids);
      expect(customer.signupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof customer.credit).toBe('number');
      const products = await get('/_api/products/by-price');
      expect(typeof products.body.items[0].active).toBe('boolean');
    });
  });
});
