import {
  CUSTOMER,
  get,
  endpoint,
  type Customer,
  isoWeek,
  op,
  expectedItems,
  orders,
  customers,
  tier,
  revenue,
  count,
  aggregateSuite,
} from '../helpers/aggregate-suite';

aggregateSuite();

describe('the test data', () => {
  test('the expectations are computed in UTC, and the seed makes that matter', () => {
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(-330);
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
    // Orders late in a UTC day fall on the next day in Kolkata: a server that formats in local time fails.
    const late = orders.filter(
      (o) => o.orderedAt && o.orderedAt.getUTCHours() * 60 + o.orderedAt.getUTCMinutes() >= 1110
    );
    expect(late.length).toBeGreaterThan(50);
    expect(orders.filter((o) => o.orderedAt === null)).toHaveLength(2);
    expect(orders.filter((o) => o.customer === null)).toHaveLength(2);
    expect(orders.length).toBeGreaterThan(2000);
  });

  test("the test's own ISO weeks follow ISO 8601", () => {
    const week = (iso: string) => isoWeek(new Date(iso));
    expect(week('2024-12-29T23:59:00Z')).toBe('2024-W52');
    expect(week('2024-12-30T00:00:00Z')).toBe('2025-W01');
    expect(week('2025-01-05T12:00:00Z')).toBe('2025-W01');
    expect(week('2025-12-28T12:00:00Z')).toBe('2025-W52');
    expect(week('2025-12-29T00:00:00Z')).toBe('2026-W01');
    expect(week('2026-01-01T00:00:00Z')).toBe('2026-W01');
    expect(week('2021-01-03T00:00:00Z')).toBe('2020-W53');
    expect(week('2026-03-05T14:00:00Z')).toBe('2026-W10');
    // The seeded orders span a week whose ISO year is not the calendar year.
    expect(
      orders.some(
        (o) => o.orderedAt && o.orderedAt.toISOString() >= '2025-12-29' && o.orderedAt.getUTCFullYear() === 2025
      )
    ).toBe(true);
  });
});

describe('measures', () => {
  test('every op by status matches the seeded rows (10 measures, the maximum)', async () => {
    await endpoint({
      path: 'agg/ops',
      aggregate: {
        dimensions: [{ variable: 'status', field: 'status' }],
        measures: [
          { variable: 'orders', op: 'count' },
          { variable: 'customers', op: 'count_distinct', field: 'customer' },
          { variable: 'revenue', op: 'sum', field: 'total' },
          { variable: 'average', op: 'avg', field: 'total' },
          { variable: 'cheapest', op: 'min', field: 'total' },
          { variable: 'dearest', op: 'max', field: 'total' },
          { variable: 'first', op: 'min', field: 'orderedAt' },
          { variable: 'last', op: 'max', field: 'orderedAt' },
          { variable: 'units', op: 'sum', field: 'quantity' },
          { variable: 'perOrder', op: 'avg', field: 'quantity' },
        ],
      },
    });
    const response = await get('/_api/agg/ops');
    expect(response.status).toBe(200);
    const expected = expectedItems(
      orders,
      [{ variable: 'status', value: (o) => o.status }],
      [
        count,
        { variable: 'customers', compute: op.countDistinct((o) => o.customer) },
        revenue,
        { variable: 'average', compute: op.avg((o) => o.total) },
        { variable: 'cheapest', compute: op.min((o) => o.total) },
        { variable: 'dearest', compute: op.max((o) => o.total) },
        { variable: 'first', compute: op.minMoment((o) => o.orderedAt) },
        { variable: 'last', compute: op.maxMoment((o) => o.orderedAt) },
        { variable: 'units', compute: op.sum((o) => o.quantity) },
        { variable: 'perOrder', compute: op.avg((o) => o.quantity) },
      ]
    );
    expect(expected).toHaveLength(4);
    expect(response.body.items).toEqual(expected);
    expect(response.body.total).toBe(4);
    expect(response.body.meta).toEqual({
      dimensions: [{ variable: 'status', field: 'status', axis: 'row', dir: 'asc' }],
      measures: [
        { variable: 'orders', op: 'count' },
        { variable: 'customers', op: 'count_distinct', field: 'customer' },
        { variable: 'revenue', op: 'sum', field: 'total' },
        { variable: 'average', op: 'avg', field: 'total' },
        { variable: 'cheapest', op: 'min', field: 'total' },
        { variable: 'dearest', op: 'max', field: 'total' },
        { variable: 'first', op: 'min', field: 'orderedAt' },
        { variable: 'last', op: 'max', field: 'orderedAt' },
        { variable: 'units', op: 'sum', field: 'quantity' },
        { variable: 'perOrder', op: 'avg', field: 'quantity' },
      ],
    });
    for (const item of response.body.items) {
      for (const name of ['orders', 'customers', 'revenue', 'average', 'cheapest', 'dearest', 'units', 'perOrder']) {
        expect(typeof item.measures[name]).toBe('number');
      }
      expect(item.measures.first).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  test('text, count_distinct and sums through a many-to-one relation (customer.tier), empty first descending', async () => {
    await endpoint({
      path: 'agg/tiers',
      aggregate: {
        dimensions: [{ variable: 'tier', field: 'customer.tier', dir: 'desc' }],
        measures: [
          { variable: 'statuses', op: 'text', field: 'status' },
          { variable: 'orders', op: 'count' },
          { variable: 'revenue', op: 'sum', field: 'total' },
          { variable: 'customers', op: 'count_distinct', field: 'customer' },
          { variable: 'cheapest', op: 'min', field: 'total' },
        ],
      },
    });
    const response = await get('/_api/agg/tiers');
    expect(response.status).toBe(200);
    const expected = expectedItems(
      orders,
      [{ ...tier, dir: 'desc' }],
      [
        { variable: 'statuses', compute: op.text((o) => o.status) },
        count,
        revenue,
        { variable: 'customers', compute: op.countDistinct((o) => o.customer) },
        { variable: 'cheapest', compute: op.min((o) => o.total) },
      ]
    );
    expect(expected.map((i) => i.dimensions.tier)).toEqual([null, 'pro', 'free', 'enterprise']);
    expect(response.body.items).toEqual(expected);
    expect(response.body.items[1].measures.statuses).toBe('cancelled, paid, pending, shipped');
    expect(response.body.items[0].measures.customers).toBe(0);
  });

  test('text of status per tier lists only the statuses present (base filter)', async () => {
    await endpoint({
      path: 'agg/statuses',
      filter: { status: { $in: ['paid', 'pending'] } },
      aggregate: {
        dimensions: [{ variable: 'tier', field: 'customer.tier' }],
        measures: [{ variable: 'statuses', op: 'text', field: 'status' }],
      },
    });
    const response = await get('/_api/agg/statuses');
    expect(response.status).toBe(200);
    const rows = orders.filter((o) => o.status === 'paid' || o.status === 'pending');
    expect(response.body.items).toEqual(
      expectedItems(rows, [tier], [{ variable: 'statuses', compute: op.text((o) => o.status) }])
    );
  });

  test('a relation itself as the dimension gives the related id; empty last ascending', async () => {
    await endpoint({
      path: 'agg/by-customer',
      aggregate: {
        dimensions: [{ variable: 'customer', field: 'customer' }],
        measures: [
          { variable: 'orders', op: 'count' },
          { variable: 'revenue', op: 'sum', field: 'total' },
          { variable: 'last', op: 'max', field: 'orderedAt' },
          { variable: 'units', op: 'avg', field: 'quantity' },
        ],
      },
    });
    const response = await get('/_api/agg/by-customer');
    expect(response.status).toBe(200);
    const expected = expectedItems(
      orders,
      [{ variable: 'customer', value: (o) => o.customer }],
      [
        count,
        revenue,
        { variable: 'last', compute: op.maxMoment((o) => o.orderedAt) },
        { variable: 'units', compute: op.avg((o) => o.quantity) },
      ]
    );
    expect(expected.length).toBeGreaterThan(40);
    expect(expected[expected.length - 1].dimensions.customer).toBeNull();
    expect(response.body.items).toEqual(expected);
    expect(response.body.total).toBe(expected.length);
  });

  test('without measures a single count named count; without dimensions a single group', async () => {
    await endpoint({ path: 'agg/count-all', aggregate: {} });
    const response = await get('/_api/agg/count-all');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [{ dimensions: {}, measures: { count: orders.length } }],
      total: 1,
      meta: { dimensions: [], measures: [{ variable: 'count', op: 'count' }] },
    });
  });

  test('numbers of decimal fields on another type: sum, avg, min, max of customer credit by tier', async () => {
    await endpoint({
      path: 'agg/credit',
      object: CUSTOMER,
      aggregate: {
        dimensions: [{ variable: 'tier', field: 'tier' }],
        measures: [
          { variable: 'credit', op: 'sum', field: 'credit' },
          { variable: 'average', op: 'avg', field: 'credit' },
          { variable: 'lowest', op: 'min', field: 'credit' },
          { variable: 'highest', op: 'max', field: 'credit' },
          { variable: 'customers', op: 'count' },
        ],
      },
    });
    const response = await get('/_api/agg/credit');
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual(
      expectedItems<Customer>(
        customers,
        [{ variable: 'tier', value: (c) => c.tier }],
        [
          { variable: 'credit', compute: op.sumCents((c) => c.credit) },
          { variable: 'average', compute: op.avg((c) => c.credit) },
          { variable: 'lowest', compute: op.min((c) => c.credit) },
          { variable: 'highest', compute: op.max((c) => c.credit) },
          { variable: 'customers', compute: op.count() },
        ]
      )
    );
  });
});
