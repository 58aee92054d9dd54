import type { Knex } from 'knex';
import { createEndpoint, knexOf } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * `?<field>:in=v1,v2,...` query filters (several values of one field) on a List and an Aggregate: ids, relation
 * ids, strings holding commas and quotes, a single component's field; bounds, refusals, totals and paging links.
 */

const { app, admin, key } = keyedSuite();

const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);
const pathAndQuery = (href: string) => href.replace(/^https?:\/\/[^/]+/, '');
const inList = (values: Array<string | number>) => values.join(',');

/** Independent expectation: the ids of the orders of `customers`, not cancelled, from the database. */
const orderIdsOf = async (customers: number[], where: (q: Knex.QueryBuilder) => void = () => {}) => {
  const rows = await knexOf(app)('orders as o')
    .join('orders_customer_lnk as l', 'l.order_id', 'o.id')
    .whereIn('l.customer_id', customers)
    .whereNot('o.status', 'cancelled')
    .modify(where)
    .orderBy('o.id')
    .select('o.id');
  return rows.map((r: { id: number }) => Number(r.id));
};

// SQLite holds Strapi's datetimes as milliseconds.
const at = (ms: number) => ((process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite' ? ms : new Date(ms));

const invalid = (error: string) => ({ success: false, error: `Invalid request parameters: ${error}` });

/** Products whose titles hold commas, quotes and a backslash. */
const TITLES = ['Bolt, small', 'Bolt, large', 'Say "hi"', 'back\\slash'];

beforeAll(async () => {
  // The endpoint's own filter leaves cancelled orders out: `:in` may only narrow it.
  await createEndpoint(admin, key, {
    path: 'in/orders',
    type: 'list',
    object: 'api::order.order',
    filter: { status: { $ne: 'cancelled' } },
    fields: [{ name: 'id' }, { name: 'status' }, { name: 'customer' }, { name: 'total' }],
    sort: [{ field: 'id', dir: 'asc' }],
  });
  await createEndpoint(admin, key, {
    path: 'in/orders-by-total',
    type: 'list',
    object: 'api::order.order',
    filter: { status: { $ne: 'cancelled' } },
    fields: [{ name: 'id' }, { name: 'customer' }, { name: 'total' }],
    sort: [{ field: 'total', dir: 'desc' }],
  });
  await createEndpoint(admin, key, {
    path: 'in/products',
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }, { name: 'title' }],
  });
  await createEndpoint(admin, key, {
    path: 'in/posts',
    type: 'list',
    object: 'api::post.post',
    fields: [{ name: 'title' }, { name: 'seo' }],
  });
  await createEndpoint(admin, key, {
    path: 'in/by-status',
    type: 'aggregate',
    object: 'api::order.order',
    filter: { status: { $ne: 'cancelled' } },
    aggregate: {
      dimensions: [{ variable: 'status', field: 'status' }],
      measures: [{ variable: 'orders', op: 'count' }],
      queryFilters: [
        { param: 'customer', field: 'customer', op: 'eq' },
        { param: 'status', field: 'status', op: 'eq' },
        { param: 'tier', field: 'customer.tier', op: 'eq' },
        { param: 'from', field: 'orderedAt', op: 'gt' },
      ],
    },
  });
  for (const [i, title] of TITLES.entries()) {
    await app.strapi.documents('api::product.product').create({ data: { title, sku: `IN-${i}` } });
  }
});

describe('a List with :in', () => {
  test('ids: only the records listed, in the endpoint’s order', async () => {
    const ids = (await knexOf(app)('orders').whereNot('status', 'cancelled').orderBy('id').limit(3).pluck('id')).map(
      Number
    );
    const response = await get(`/_api/in/orders?id:in=${inList([...ids].reverse())}`);
    expect(response.status).toBe(200);
    expect(response.body.items.map((o: { id: number }) => o.id)).toEqual(ids);
    expect(response.body.total).toBe(3);
  });

  test('never widens the endpoint’s filter', async () => {
    const [cancelled] = await knexOf(app)('orders').where('status', 'cancelled').orderBy('id').limit(1).pluck('id');
    const [kept] = await knexOf(app)('orders').whereNot('status', 'cancelled').orderBy('id').limit(1).pluck('id');
    const response = await get(`/_api/in/orders?id:in=${cancelled},${kept}`);
    expect(response.body.items.map((o: { id: number }) => o.id)).toEqual([Number(kept)]);
    expect(response.body.total).toBe(1);
  });

  test('relation ids: the records related to any of them', async () => {
    const response = await get('/_api/in/orders?customer:in=4,7');
    expect(response.status).toBe(200);
    const expected = await orderIdsOf([4, 7]);
    expect(response.body.total).toBe(expected.length);
    expect(response.body.items.map((o: { id: number }) => o.id)).toEqual(expected);
    expect(new Set(response.body.items.map((o: { customer: number }) => o.customer))).toEqual(new Set([4, 7]));
  });

  test('with other filters, ANDed', async () => {
    const response = await get('/_api/in/orders?customer:in=4,7,11&total:gt=500&status:in=paid,shipped');
    expect(response.status).toBe(200);
    const expected = await orderIdsOf([4, 7, 11], (q) =>
      q.where('o.total', '>', 500).whereIn('o.status', ['paid', 'shipped'])
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(response.body.items.map((o: { id: number }) => o.id)).toEqual(expected);
    expect(response.body.total).toBe(expected.length);
  });

  test('strings holding commas, quotes and backslashes, in double quotes', async () => {
    const query = inList(['"Bolt, small"', '"Say \\"hi\\""', '"back\\\\slash"', 'Nothing']);
    const response = await get(`/_api/in/products?title:in=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    expect(response.body.items.map((p: { title: string }) => p.title)).toEqual([
      'Bolt, small',
      'Say "hi"',
      'back\\slash',
    ]);
    const unquoted = await get(`/_api/in/products?title:in=${encodeURIComponent('Bolt, small')}`);
    expect(unquoted.body.items).toEqual([]);
  });

  test('a single component’s field', async () => {
    const query = inList(['Post 2 | Playground', 'Post 4 | Playground', 'nothing']);
    const response = await get(`/_api/in/posts?seo.metaTitle:in=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    expect(response.body.items.map((p: { title: string }) => p.title)).toEqual(['Post 2', 'Post 4']);
    expect(response.body.total).toBe(2);
  });

  test('100 values are accepted, 101 are not', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const hundred = await get(`/_api/in/orders?id:in=${inList(ids)}`);
    expect(hundred.status).toBe(200);
    const expected = await knexOf(app)('orders').whereIn('id', ids).whereNot('status', 'cancelled').pluck('id');
    expect(hundred.body.total).toBe(expected.length);
    expect(hundred.body.items.map((o: { id: number }) => o.id)).toEqual(expected.map(Number).sort((a, b) => a - b));
    const more = await get(`/_api/in/orders?id:in=${inList([...ids, 101])}`);
    expect([more.status, more.body]).toEqual([400, invalid('id:in has more than 100 values')]);
  });

  test.each([
    ['a value invalid for the field', 'id:in=1,two,3', 'id:in has an invalid value (number 2)'],
    ['a relation id out of range', 'customer:in=1,2147483648', 'customer:in has an invalid value (number 2)'],
    ['a value outside the enumeration', 'status:in=paid,lost', 'status:in has an invalid value (number 2)'],
    ['an empty list', 'customer:in=', 'customer:in has no value'],
    ['an empty value', 'id:in=1,,2', 'id:in has an empty value'],
    ['a trailing comma', 'id:in=1,2,', 'id:in has an empty value'],
    ['a quote not closed', 'status:in=%22paid', 'status:in has a quote that is not closed'],
    ['a key given twice', 'id=1&id=2', 'id is given twice; ask for several values with one id:in=v1,v2,...'],
    ['an :in given twice', 'id:in=1&id:in=2', 'id:in is given twice; ask for several values with one id:in=v1,v2,...'],
  ])('%s is 400 naming the key', async (_, query, error) => {
    const response = await get(`/_api/in/orders?${query}`);
    expect([response.status, response.body]).toEqual([400, invalid(error)]);
  });

  test('a field the endpoint does not return has no :in', async () => {
    const response = await get('/_api/in/orders?quantity:in=1,2');
    expect([response.status, response.body]).toEqual([400, { success: false, error: 'Invalid request parameters' }]);
  });

  test('keyset links keep the :in filter, and every page has the total of the whole listing', async () => {
    const customers = [2, 5, 8, 13];
    const expected = await orderIdsOf(customers);
    expect(expected.length).toBeGreaterThan(100);
    const first = await get(`/_api/in/orders?customer:in=${inList(customers)}`);
    expect(first.body.total).toBe(expected.length);
    const next = pathAndQuery(first.body._links.next.href);
    expect(next).toBe(`/_api/in/orders?customer:in=2%2C5%2C8%2C13&after=${expected[99]}`);
    expect(first.headers.link).toContain(first.body._links.next.href);
    const second = await get(next);
    expect(second.body.total).toBe(expected.length);
    expect([...first.body.items, ...second.body.items].map((o: { id: number }) => o.id)).toEqual(expected);
  });

  test('numbered links keep the :in filter, quotes and commas included', async () => {
    const customers = [2, 5, 8, 13];
    const expected = await orderIdsOf(customers);
    const query = `customer:in=${encodeURIComponent('"2",5,8,13')}`;
    const first = await get(`/_api/in/orders-by-total?${query}`);
    expect(first.body.total).toBe(expected.length);
    const next = pathAndQuery(first.body._links.next.href);
    expect(next).toBe('/_api/in/orders-by-total?customer:in=%222%22%2C5%2C8%2C13&page=2');
    const second = await get(next);
    expect(second.body.total).toBe(expected.length);
    expect(pathAndQuery(second.body._links.prev.href)).toBe(
      '/_api/in/orders-by-total?customer:in=%222%22%2C5%2C8%2C13'
    );
    const ids = [...first.body.items, ...second.body.items].map((o: { id: number }) => o.id);
    expect(ids.sort((a, b) => a - b)).toEqual(expected);
  });

  test('totals are counted per list of values, also where lists share one SQL text', async () => {
    // 3 and 4 values both take 4 placeholders: the counts must not be mixed up.
    expect((await get('/_api/in/orders?customer:in=4,7,11')).body.total).toBe((await orderIdsOf([4, 7, 11])).length);
    expect((await get('/_api/in/orders?customer:in=4,7,11,12')).body.total).toBe(
      (await orderIdsOf([4, 7, 11, 12])).length
    );
    expect((await get('/_api/in/orders?customer:in=4,7')).body.total).toBe((await orderIdsOf([4, 7])).length);
  });

  test('a write is counted at once', async () => {
    const before = (await get('/_api/in/orders?customer:in=4,7')).body.total;
    const customer = await knexOf(app)('customers').where('id', 7).first('document_id');
    await app.strapi
      .documents('api::order.order')
      .create({ data: { customer: customer.document_id, quantity: 1, status: 'paid' } });
    const after = await get('/_api/in/orders?customer:in=4,7');
    expect(after.body.total).toBe(before + 1);
    expect(after.body.total).toBe((await orderIdsOf([4, 7])).length);
  });
});

describe('an Aggregate with :in', () => {
  /** Independent expectation: not-cancelled orders counted by status, from the database. */
  const countsByStatus = async (where: (q: Knex.QueryBuilder) => void) => {
    const rows = await knexOf(app)('orders as o')
      .leftJoin('orders_customer_lnk as l', 'l.order_id', 'o.id')
      .whereNot('o.status', 'cancelled')
      .modify(where)
      .groupBy('o.status')
      .orderBy('o.status')
      .select('o.status', knexOf(app).raw('count(*) as n'));
    return rows.map((r: { status: string; n: unknown }) => ({
      dimensions: { status: r.status },
      measures: { orders: Number(r.n) },
    }));
  };

  test('an equality query filter takes several values: relation ids', async () => {
    const response = await get('/_api/in/by-status?customer:in=3,9,21');
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual(await countsByStatus((q) => q.whereIn('l.customer_id', [3, 9, 21])));
  });

  test('enumeration values, with another query filter, never widening the base filter', async () => {
    const response = await get('/_api/in/by-status?status:in=paid,cancelled,pending&from=2026-01-01');
    expect(response.status).toBe(200);
    const expected = await countsByStatus((q) =>
      q.whereIn('o.status', ['paid', 'pending']).where('o.ordered_at', '>', at(Date.UTC(2026, 0, 1)))
    );
    expect(expected.map((e: { dimensions: { status: string } }) => e.dimensions.status)).toEqual(['paid', 'pending']);
    expect(response.body.items).toEqual(expected);
  });

  test('a field across a relation', async () => {
    const tiers = await knexOf(app)('customers').distinct('tier').orderBy('tier').pluck('tier');
    expect(tiers.length).toBeGreaterThan(1);
    const response = await get(`/_api/in/by-status?tier:in=${encodeURIComponent(inList(tiers.slice(0, 2)))}`);
    expect(response.status).toBe(200);
    const customers = await knexOf(app)('customers').whereIn('tier', tiers.slice(0, 2)).pluck('id');
    expect(response.body.items).toEqual(await countsByStatus((q) => q.whereIn('l.customer_id', customers)));
  });

  test('100 values are accepted, 101 are not', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    expect((await get(`/_api/in/by-status?customer:in=${inList(ids)}`)).status).toBe(200);
    const more = await get(`/_api/in/by-status?customer:in=${inList([...ids, 101])}`);
    expect([more.status, more.body]).toEqual([400, invalid('customer:in has more than 100 values')]);
  });

  test.each([
    ['a bad value', 'status:in=paid,lost', invalid('status:in has an invalid value (number 2)')],
    ['an empty list', 'status:in=', invalid('status:in has no value')],
    [
      'a parameter given twice',
      'status=paid&status=shipped',
      invalid('status is given twice; ask for several values with one status:in=v1,v2,...'),
    ],
    ['an ordered filter has no :in', 'from:in=2026-01-01', { success: false, error: 'Invalid request parameters' }],
  ])('%s is 400', async (_, query, body) => {
    const response = await get(`/_api/in/by-status?${query}`);
    expect([response.status, response.body]).toEqual([400, body]);
  });
});
