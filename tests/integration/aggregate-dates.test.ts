import { knexOf } from '../helpers/fixtures';
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
} from '../helpers/aggregate-suite';

aggregateSuite();

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
