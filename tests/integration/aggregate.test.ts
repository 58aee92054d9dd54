import {
  app,
  CUSTOMER,
  get,
  endpoint,
  type Customer,
  FORMATS,
  type Format,
  formatted,
  op,
  expectedItems,
  orders,
  customers,
  tier,
  revenue,
  count,
  aggregateSuite,
  month,
  isoWeek,
  admin,
  key,
  ORDER,
  type Order,
  keepTop,
} from '../helpers/aggregate-suite';
import { knexOf } from '../helpers/fixtures';

aggregateSuite();

describe('dates', () => {
  describe('date formats, in UTC', () => {
    const ALL: Format[] = ['year', 'quarter', 'month', 'week', 'day', 'hour'];

    test.each(ALL)('%s of a datetime (orderedAt), ascending', async (format) => {
      await endpoint({
        path: `agg/format/${format}`,
        aggregate: {
          dimensions: [{ variable: 'period', field: 'orderedAt', format }],
          measures: [
            { variable: 'orders', op: 'count' },
            { variable: 'revenue', op: 'sum', field: 'total' },
            { variable: 'units', op: 'sum', field: 'quantity' },
          ],
        },
      });
      const response = await get(`/_api/agg/format/${format}`);
      expect(response.status).toBe(200);
      const expected = expectedItems(
        orders,
        [{ variable: 'period', value: (o) => formatted(format)(o.orderedAt) }],
        [count, revenue, { variable: 'units', compute: op.sum((o) => o.quantity) }]
      );
      expect(expected[expected.length - 1].dimensions.period).toBeNull();
      expect(response.body.items).toEqual(expected);
      expect(response.body.total).toBe(expected.length);
      expect(response.body.meta.dimensions).toEqual([
        { variable: 'period', field: 'orderedAt', axis: 'row', dir: 'asc', format },
      ]);
    });

    test.each(ALL)('%s of a datetime, descending: empty first', async (format) => {
      await endpoint({
        path: `agg/format-desc/${format}`,
        aggregate: {
          dimensions: [{ variable: 'period', field: 'orderedAt', format, dir: 'desc' }],
          measures: [{ variable: 'first', op: 'min', field: 'orderedAt' }],
        },
      });
      const response = await get(`/_api/agg/format-desc/${format}`);
      expect(response.status).toBe(200);
      const expected = expectedItems(
        orders,
        [{ variable: 'period', dir: 'desc', value: (o) => formatted(format)(o.orderedAt) }],
        [{ variable: 'first', compute: op.minMoment((o) => o.orderedAt) }]
      );
      expect(expected[0].dimensions.period).toBeNull();
      expect(response.body.items).toEqual(expected);
    });

    test('the formats are the documented strings', async () => {
      const response = await get('/_api/agg/format/week');
      const weeks = response.body.items.map((i: { dimensions: { period: string | null } }) => i.dimensions.period);
      expect(weeks).toContain('2025-W01');
      expect(weeks).toContain('2026-W01');
      for (const [format, pattern] of [
        ['year', /^\d{4}$/],
        ['quarter', /^\d{4}-Q[1-4]$/],
        ['month', /^\d{4}-(0[1-9]|1[0-2])$/],
        ['week', /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/],
        ['day', /^\d{4}-\d{2}-\d{2}$/],
        ['hour', /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3])$/],
      ] as const) {
        const items = (await get(`/_api/agg/format/${format}`)).body.items;
        for (const item of items.slice(0, -1)) expect(item.dimensions.period).toMatch(pattern);
      }
    });

    test.each(['year', 'quarter', 'month', 'week', 'day'] as Format[])(
      '%s of a date field (customer signupDate)',
      async (format) => {
        await endpoint({
          path: `agg/signup/${format}`,
          object: CUSTOMER,
          aggregate: {
            dimensions: [{ variable: 'period', field: 'signupDate', format }],
            measures: [
              { variable: 'customers', op: 'count' },
              { variable: 'credit', op: 'sum', field: 'credit' },
            ],
          },
        });
        const response = await get(`/_api/agg/signup/${format}`);
        expect(response.status).toBe(200);
        const expected = expectedItems<Customer>(
          customers,
          [
            {
              variable: 'period',
              value: (c) => (c.signupDate ? FORMATS[format](new Date(`${c.signupDate}T00:00:00Z`)) : null),
            },
          ],
          [
            { variable: 'customers', compute: op.count() },
            { variable: 'credit', compute: op.sumCents((c) => c.credit) },
          ]
        );
        expect(expected.length).toBeGreaterThan(1);
        expect(response.body.items).toEqual(expected);
      }
    );

    test('row dimensions come first in the order, then column ones, each in its direction', async () => {
      await endpoint({
        path: 'agg/grid',
        aggregate: {
          dimensions: [
            { variable: 'tier', field: 'customer.tier', axis: 'column' },
            { variable: 'quarter', field: 'orderedAt', format: 'quarter', axis: 'row', dir: 'desc' },
            { variable: 'status', field: 'status', axis: 'column', dir: 'desc' },
            { variable: 'year', field: 'orderedAt', format: 'year' },
          ],
          measures: [
            { variable: 'orders', op: 'count' },
            { variable: 'revenue', op: 'sum', field: 'total' },
          ],
        },
      });
      const response = await get('/_api/agg/grid');
      expect(response.status).toBe(200);
      const expected = expectedItems(
        orders,
        [
          { variable: 'quarter', dir: 'desc', value: (o) => formatted('quarter')(o.orderedAt) },
          { variable: 'year', value: (o) => formatted('year')(o.orderedAt) },
          tier,
          { variable: 'status', dir: 'desc', value: (o) => o.status },
        ],
        [count, revenue]
      );
      expect(response.body.items).toEqual(expected);
      expect(response.body.total).toBe(expected.length);
      const meta = [...response.body.meta.dimensions].sort((a, b) => (a.variable < b.variable ? -1 : 1));
      expect(meta).toEqual([
        { variable: 'quarter', field: 'orderedAt', axis: 'row', dir: 'desc', format: 'quarter' },
        { variable: 'status', field: 'status', axis: 'column', dir: 'desc' },
        { variable: 'tier', field: 'customer.tier', axis: 'column', dir: 'asc' },
        { variable: 'year', field: 'orderedAt', axis: 'row', dir: 'asc', format: 'year' },
      ]);
    });
  });

  describe('Draft & Publish', () => {
    test('aggregates published rows only', async () => {
      await endpoint({
        path: 'agg/articles',
        object: 'api::article.article',
        aggregate: { dimensions: [{ variable: 'title', field: 'title' }] },
      });
      await endpoint({ path: 'agg/articles/count', object: 'api::article.article', aggregate: {} });
      const rows = await knexOf(app)('articles').select('title', 'published_at');
      const published = rows.filter((r: { published_at: unknown }) => r.published_at !== null);
      expect(published.length).toBeGreaterThan(0);
      expect(published.length).toBeLessThan(rows.length);
      const response = await get('/_api/agg/articles');
      expect(response.status).toBe(200);
      expect(response.body.items).toEqual(
        expectedItems(
          published as Array<{ title: string }>,
          [{ variable: 'title', value: (r) => r.title }],
          [{ variable: 'count', compute: op.count() }]
        )
      );
      expect((await get('/_api/agg/articles/count')).body.items).toEqual([
        { dimensions: {}, measures: { count: published.length } },
      ]);
    });
  });
});

describe('filters', () => {
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
});

describe('measures', () => {
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
});

describe('limits', () => {
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

      await endpoint({
        path: 'agg/four',
        aggregate: { dimensions: [{ variable: 's', field: 'status' }], maxItems: 4 },
      });
      await endpoint({
        path: 'agg/three',
        aggregate: { dimensions: [{ variable: 's', field: 'status' }], maxItems: 3 },
      });
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
});
