import { knexOf } from '../helpers/fixtures';
import {
  app,
  admin,
  key,
  ORDER,
  CUSTOMER,
  get,
  endpoint,
  type Order,
  formatted,
  op,
  expectedItems,
  keepTop,
  orders,
  tier,
  month,
  revenue,
  count,
  aggregateSuite,
} from '../helpers/aggregate-suite';

aggregateSuite();

describe('sort measure and limit', () => {
  beforeAll(async () => {
    await endpoint({
      path: 'agg/top-months',
      aggregate: {
        dimensions: [
          { variable: 'month', field: 'orderedAt', format: 'month' },
          { variable: 'tier', field: 'customer.tier', axis: 'column' },
        ],
        measures: [
          { variable: 'revenue', op: 'sum', field: 'total' },
          { variable: 'orders', op: 'count' },
        ],
        sortMeasure: { variable: 'revenue', dir: 'desc' },
        limit: 3,
        queryFilters: [{ param: 'status', field: 'status', op: 'eq' }],
      },
    });
  });

  const sumCents = (rows: Order[]) => op.sumCents<Order>((o) => o.total)(rows) ?? 0;

  test('month x tier, sum of total, limit 3: the 3 months of most revenue with every tier of them', async () => {
    const response = await get('/_api/agg/top-months');
    expect(response.status).toBe(200);
    const top = keepTop(orders, month, sumCents, 'desc', 3);
    expect(top.kept.size).toBe(3);
    const expected = expectedItems(top.rows, [month, tier], [revenue, count]);
    expect(response.body.items).toEqual(expected);
    expect(response.body.total).toBe(expected.length);
    const months = new Set(response.body.items.map((i: { dimensions: { month: string } }) => i.dimensions.month));
    expect([...months].sort()).toEqual([...top.kept].sort());
  });

  test('with a query filter, the ranking uses the filtered rows too', async () => {
    const response = await get('/_api/agg/top-months?status=shipped');
    expect(response.status).toBe(200);
    const shipped = orders.filter((o) => o.status === 'shipped');
    const top = keepTop(shipped, month, sumCents, 'desc', 3);
    expect(response.body.items).toEqual(expectedItems(top.rows, [month, tier], [revenue, count]));
  });

  test('ascending by count keeps the smallest groups, an empty value among them; ties by the value', async () => {
    await endpoint({
      path: 'agg/bottom-months',
      aggregate: {
        dimensions: [
          { variable: 'month', field: 'orderedAt', format: 'month', dir: 'desc' },
          { variable: 'status', field: 'status', axis: 'column' },
        ],
        measures: [{ variable: 'orders', op: 'count' }],
        sortMeasure: { variable: 'orders', dir: 'asc' },
        limit: 2,
      },
    });
    const response = await get('/_api/agg/bottom-months');
    expect(response.status).toBe(200);
    const top = keepTop(orders, month, (rows) => rows.length, 'asc', 2);
    expect(top.kept.has(null)).toBe(true);
    const expected = expectedItems(
      top.rows,
      [
        { ...month, dir: 'desc' },
        { variable: 'status', value: (o) => o.status },
      ],
      [count]
    );
    expect(response.body.items).toEqual(expected);

    // Ties: the two no-date orders and the future order each make a group of one status: count 1 for all three
    // (paid, shipped and pending); the primary dimension is the status, ranked by count ascending, limit 2.
    await endpoint({
      path: 'agg/ties',
      filter: { $or: [{ orderedAt: { $null: true } }, { orderedAt: { $gt: { $var: 'now' } } }] },
      aggregate: {
        dimensions: [{ variable: 'status', field: 'status', dir: 'desc' }],
        measures: [{ variable: 'orders', op: 'count' }],
        sortMeasure: { variable: 'orders', dir: 'asc' },
        limit: 2,
      },
    });
    const ties = await get('/_api/agg/ties');
    expect(ties.status).toBe(200);
    expect(ties.body.items).toEqual([
      { dimensions: { status: 'pending' }, measures: { orders: 1 } },
      { dimensions: { status: 'paid' }, measures: { orders: 1 } },
    ]);
  });
});

describe('admin API checks', () => {
  const base = () => ({
    path: 'agg/refused',
    name: 'refused',
    type: 'aggregate',
    object: ORDER,
    auth: { method: 'api-key', keys: [key.id] },
  });
  const dims = (n: number, axis: 'row' | 'column') =>
    Array.from({ length: n }, (_, i) => ({ variable: `${axis}${i}`, field: 'status', axis }));
  const counts = (n: number) => Array.from({ length: n }, (_, i) => ({ variable: `m${i}`, op: 'count' }));

  test('5 dimensions per axis and 10 measures are accepted', async () => {
    const response = await admin.post('/data-api/endpoints', {
      data: {
        ...base(),
        path: 'agg/widest',
        aggregate: { dimensions: [...dims(5, 'row'), ...dims(5, 'column')], measures: counts(10) },
      },
    });
    expect(response.status).toBe(201);
    const run = await get('/_api/agg/widest');
    expect(run.status).toBe(200);
    expect(run.body.total).toBe(4);
  });

  test.each([
    ['6 dimensions on the row axis', { dimensions: dims(6, 'row') }, /5 dimensions/],
    ['6 dimensions on the column axis', { dimensions: dims(6, 'column') }, /5 dimensions/],
    ['11 measures', { measures: counts(11) }, /10 measures/],
    ['sum of a text field', { measures: [{ variable: 's', op: 'sum', field: 'status' }] }, /sum.*number/],
    ['avg of a datetime', { measures: [{ variable: 'a', op: 'avg', field: 'orderedAt' }] }, /avg.*number/],
    ['text of a number field', { measures: [{ variable: 't', op: 'text', field: 'total' }] }, /text.*text field/],
    ['sum without a field', { measures: [{ variable: 's', op: 'sum' }] }, /sum.*field/],
    [
      'a format on a non-date field',
      { dimensions: [{ variable: 'd', field: 'status', format: 'month' }] },
      /format.*month/,
    ],
    [
      'a to-many relation through a relation',
      { dimensions: [{ variable: 'd', field: 'customer.orders' }] },
      /customer\.orders/,
    ],
    ['a two-hop path', { dimensions: [{ variable: 'd', field: 'customer.user.email' }] }, /customer\.user\.email/],
    ['an unknown field', { dimensions: [{ variable: 'd', field: 'nope' }] }, /nope/],
    [
      'an unknown field behind a relation',
      { measures: [{ variable: 'm', op: 'max', field: 'customer.nope' }] },
      /nope/,
    ],
    [
      'a sort measure naming no measure',
      { measures: [{ variable: 'n', op: 'count' }], sortMeasure: { variable: 'other', dir: 'desc' }, limit: 3 },
      /sortMeasure/,
    ],
    ['a limit without a sort measure', { dimensions: dims(1, 'row'), limit: 3 }, /sortMeasure/],
    [
      'a variable used twice',
      { dimensions: [{ variable: 'x', field: 'status' }], measures: [{ variable: 'x', op: 'count' }] },
      /"x"/,
    ],
    ['a query filter on an unknown field', { queryFilters: [{ param: 'p', field: 'nope', op: 'eq' }] }, /nope/],
  ])('%s is refused with 400 naming the problem', async (_label, aggregate, message) => {
    const response = await admin.post('/data-api/endpoints', { data: { ...base(), aggregate } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(message);
  });

  test.each([
    [
      'a to-many relation of the type itself',
      CUSTOMER,
      { dimensions: [{ variable: 'd', field: 'orders' }] },
      /orders.*to-many/,
    ],
    [
      'hour on a date field',
      CUSTOMER,
      { dimensions: [{ variable: 'd', field: 'signupDate', format: 'hour' }] },
      /hour.*date/,
    ],
  ])('%s is refused with 400 naming the problem', async (_label, object, aggregate, message) => {
    const response = await admin.post('/data-api/endpoints', { data: { ...base(), object, aggregate } });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(message);
  });
});

// Last: these add rows.
describe('max items', () => {
  test('over maxItems is 400 saying the cap; at the cap it answers', async () => {
    await endpoint({
      path: 'agg/days',
      aggregate: {
        dimensions: [{ variable: 'day', field: 'orderedAt', format: 'day' }],
        maxItems: 100,
        queryFilters: [{ param: 'from', field: 'orderedAt', op: 'gt' }],
      },
    });
    const response = await get('/_api/agg/days');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Too many groups: this aggregate answers at most 100 items (maxItems); narrow it with its filters',
    });
    const narrowed = await get('/_api/agg/days?from=2026-03-01');
    expect(narrowed.status).toBe(200);
    const from = Date.UTC(2026, 2, 1);
    expect(narrowed.body.items).toEqual(
      expectedItems(
        orders.filter((o) => o.orderedAt && o.orderedAt.getTime() > from),
        [{ variable: 'day', value: (o) => formatted('day')(o.orderedAt) }],
        [{ variable: 'count', compute: op.count() }]
      )
    );

    await endpoint({ path: 'agg/four', aggregate: { dimensions: [{ variable: 's', field: 'status' }], maxItems: 4 } });
    await endpoint({ path: 'agg/three', aggregate: { dimensions: [{ variable: 's', field: 'status' }], maxItems: 3 } });
    expect((await get('/_api/agg/four')).body.total).toBe(4);
    const three = await get('/_api/agg/three');
    expect(three.status).toBe(400);
    expect(three.body.error).toBe(
      'Too many groups: this aggregate answers at most 3 items (maxItems); narrow it with its filters'
    );
  });

  test('without maxItems the cap is 10000', async () => {
    const knex = knexOf(app);
    const existing = orders.length;
    const rows = Array.from({ length: 10001 - existing }, (_, i) => ({
      document_id: `aggcap${i}`.padEnd(24, 'x'),
      quantity: 1,
      status: 'paid',
    }));
    for (let i = 0; i < rows.length; i += 500) await knex('orders').insert(rows.slice(i, i + 500));
    await endpoint({
      path: 'agg/ids',
      aggregate: {
        dimensions: [{ variable: 'id', field: 'id' }],
        queryFilters: [{ param: 'below', field: 'id', op: 'lt' }],
      },
    });
    const ids: number[] = (await knex('orders').orderBy('id').pluck('id')).map(Number);
    expect(ids).toHaveLength(10001);
    const over = await get('/_api/agg/ids');
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      success: false,
      error: 'Too many groups: this aggregate answers at most 10000 items (maxItems); narrow it with its filters',
    });
    const at = await get(`/_api/agg/ids?below=${ids[10000]}`);
    expect(at.status).toBe(200);
    expect(at.body.total).toBe(10000);
    expect(at.body.items[9999]).toEqual({ dimensions: { id: ids[9999] }, measures: { count: 1 } });
  });
});
