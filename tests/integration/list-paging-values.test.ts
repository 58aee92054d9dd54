import { knexOf } from '../helpers/fixtures';
import { app, get, pathAndQuery, count, listSuite } from '../helpers/list-suite';

listSuite();

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
    expect(response.body.items.map((i: { id: number }) => i.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(Object.keys(response.body.items[0])).toEqual(['id', 'total', 'status', 'customer', 'orderedAt', 'quantity']);
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
