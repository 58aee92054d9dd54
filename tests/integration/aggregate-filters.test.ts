import {
  app,
  CUSTOMER,
  get,
  endpoint,
  formatted,
  op,
  expectedItems,
  orders,
  customers,
  tier,
  month,
  revenue,
  count,
  aggregateSuite,
} from '../helpers/aggregate-suite';

aggregateSuite();

describe('filters', () => {
  test('the base filter with the path parameter', async () => {
    await endpoint({
      path: 'agg/customer-months',
      parameter: 'required',
      filter: { $and: [{ customer: { id: { $eq: { $var: 'param' } } } }, { status: { $ne: 'cancelled' } }] },
      aggregate: {
        dimensions: [{ variable: 'month', field: 'orderedAt', format: 'month' }],
        measures: [
          { variable: 'orders', op: 'count' },
          { variable: 'revenue', op: 'sum', field: 'total' },
          { variable: 'statuses', op: 'text', field: 'status' },
          { variable: 'cheapest', op: 'min', field: 'total' },
          { variable: 'last', op: 'max', field: 'orderedAt' },
        ],
      },
    });
    for (const id of [1, 7, 23]) {
      const response = await get(`/_api/agg/customer-months/${id}`);
      expect(response.status).toBe(200);
      const rows = orders.filter((o) => o.customer === id && o.status !== 'cancelled');
      const expected = expectedItems(
        rows,
        [month],
        [
          count,
          revenue,
          { variable: 'statuses', compute: op.text((o) => o.status) },
          { variable: 'cheapest', compute: op.min((o) => o.total) },
          { variable: 'last', compute: op.maxMoment((o) => o.orderedAt) },
        ]
      );
      expect(expected.length).toBeGreaterThan(3);
      expect(response.body.items).toEqual(expected);
      expect(response.body.total).toBe(expected.length);
    }
    const nobody = await get('/_api/agg/customer-months/999999');
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ items: [], total: 0 });
  });

  test('now and today in the base filter', async () => {
    await endpoint({
      path: 'agg/until-now',
      filter: { orderedAt: { $lt: { $var: 'now' } } },
      aggregate: {
        dimensions: [{ variable: 'year', field: 'orderedAt', format: 'year' }],
        measures: [{ variable: 'orders', op: 'count' }],
      },
    });
    await endpoint({
      path: 'agg/signed-up',
      object: CUSTOMER,
      filter: { signupDate: { $lte: { $var: 'today' } } },
      aggregate: { measures: [{ variable: 'customers', op: 'count' }] },
    });
    const past = orders.filter((o) => o.orderedAt && o.orderedAt.getTime() < Date.now());
    expect(past.length).toBe(orders.length - 3);
    const response = await get('/_api/agg/until-now');
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual(
      expectedItems(past, [{ variable: 'year', value: (o) => formatted('year')(o.orderedAt) }], [count])
    );
    const today = new Date().toISOString().slice(0, 10);
    const signed = customers.filter((c) => c.signupDate !== null && c.signupDate <= today);
    expect(signed.length).toBe(customers.length - 1);
    const customersResponse = await get('/_api/agg/signed-up');
    expect(customersResponse.status).toBe(200);
    expect(customersResponse.body.items).toEqual([{ dimensions: {}, measures: { customers: signed.length } }]);
  });

  describe('query filters', () => {
    beforeAll(async () => {
      await endpoint({
        path: 'agg/filtered',
        aggregate: {
          dimensions: [
            { variable: 'month', field: 'orderedAt', format: 'month' },
            { variable: 'tier', field: 'customer.tier', axis: 'column' },
          ],
          measures: [
            { variable: 'orders', op: 'count' },
            { variable: 'revenue', op: 'sum', field: 'total' },
          ],
          queryFilters: [
            { param: 'status', field: 'status', op: 'eq' },
            { param: 'from', field: 'orderedAt', op: 'gt' },
            { param: 'to', field: 'orderedAt', op: 'lt' },
            { param: 'tier', field: 'customer.tier', op: 'eq' },
            { param: 'qty', field: 'quantity', op: 'gt' },
            { param: 'customer', field: 'customer', op: 'eq' },
          ],
        },
      });
      await endpoint({
        path: 'agg/paid',
        filter: { status: 'paid' },
        aggregate: {
          dimensions: [{ variable: 'status', field: 'status' }],
          queryFilters: [{ param: 'status', field: 'status', op: 'eq' }],
        },
      });
    });

    const dims = [month, { ...tier }];
    const measures = [count, revenue];

    test('?status=paid&from=2026-01-01 narrows to paid orders after 2026-01-01T00:00Z', async () => {
      const response = await get('/_api/agg/filtered?status=paid&from=2026-01-01');
      expect(response.status).toBe(200);
      const from = Date.UTC(2026, 0, 1);
      const rows = orders.filter((o) => o.status === 'paid' && o.orderedAt && o.orderedAt.getTime() > from);
      const expected = expectedItems(rows, dims, measures);
      expect(expected.length).toBeGreaterThan(6);
      expect(response.body.items).toEqual(expected);
    });

    test('a relation field, an integer, a datetime upper bound and a relation id', async () => {
      const response = await get('/_api/agg/filtered?tier=pro&qty=5&to=2025-06-01T12:30:00Z');
      expect(response.status).toBe(200);
      const to = Date.UTC(2025, 5, 1, 12, 30);
      const rows = orders.filter(
        (o) => o.tier === 'pro' && (o.quantity ?? 0) > 5 && o.orderedAt && o.orderedAt.getTime() < to
      );
      expect(response.body.items).toEqual(expectedItems(rows, dims, measures));
      const one = await get('/_api/agg/filtered?customer=9');
      expect(one.status).toBe(200);
      expect(one.body.items).toEqual(
        expectedItems(
          orders.filter((o) => o.customer === 9),
          dims,
          measures
        )
      );
    });

    test('query filters never widen the base filter', async () => {
      const paid = orders.filter((o) => o.status === 'paid').length;
      expect((await get('/_api/agg/paid')).body.items).toEqual([
        { dimensions: { status: 'paid' }, measures: { count: paid } },
      ]);
      expect((await get('/_api/agg/paid?status=paid')).body.items).toEqual([
        { dimensions: { status: 'paid' }, measures: { count: paid } },
      ]);
      const pending = await get('/_api/agg/paid?status=pending');
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({ items: [], total: 0 });
    });

    test.each([
      ['a value outside the enumeration', '/_api/agg/filtered?status=lost'],
      ['an invalid datetime', '/_api/agg/filtered?from=yesterday'],
      ['an impossible date', '/_api/agg/filtered?from=2026-02-30'],
      ['a decimal for an integer', '/_api/agg/filtered?qty=1.5'],
      ['text for a relation id', '/_api/agg/filtered?customer=abc'],
      ['an unknown parameter', '/_api/agg/filtered?note=x'],
      ['a field name that is no parameter', '/_api/agg/filtered?orderedAt=2026-01-01'],
      ['an operator suffix', '/_api/agg/filtered?from:gt=2026-01-01'],
      ['page', '/_api/agg/filtered?page=1'],
      ['page on an endpoint without query filters', '/_api/agg/until-now?page=2'],
      ['a repeated parameter', '/_api/agg/filtered?from=2026-01-01&from=2026-02-01'],
    ])('%s is 400 Invalid request parameters', async (_label, url) => {
      const response = await get(url);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Invalid request parameters' });
    });
  });
});

describe('access', () => {
  test('no key is 401; a caller outside the allowed IPs is 403', async () => {
    await endpoint({ path: 'agg/guarded', aggregate: {} });
    const response = await app.http().get('/_api/agg/guarded');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, error: 'Unauthorized' });
    await endpoint({ path: 'agg/office', allowedIps: ['203.0.113.0/24'], aggregate: {} });
    const outside = await get('/_api/agg/office');
    expect(outside.status).toBe(403);
    expect(outside.body.success).toBe(false);
  });
});
