import type { Context } from 'koa';
import { definitionSchema } from '../../contracts/definition';
import { listHandler } from '../../server/src/handlers/list';
import type { ReadDeps } from '../../server/src/handlers/types';
import { NO_LOCALES } from '../../server/src/query/locale';
import type { Model } from '../../server/src/query/model';
import { scalar } from '../helpers/models';

/** The List handler with a fake executor: shows how query-string values reach the SQL. */
const order: Model = {
  uid: 'api::order.order',
  table: 'orders',
  draftAndPublish: false,
  hasLifecycles: false,
  localized: false,
  complexFields: false,
  single: false,
  morphLinks: [],
  fields: new Map(
    [
      scalar('id', 'integer'),
      scalar('status', 'enumeration', 'status', { enum: ['pending', 'paid'] }),
      scalar('orderedAt', 'datetime', 'ordered_at'),
      // A field may share its name with a filter variable: query values live in their own namespace.
      scalar('now', 'integer'),
    ].map((f) => [f.name, f])
  ),
};

const run = async (querystring: string, model: Model = order) => {
  const calls: Array<{ sql: string; bindings: unknown[] }> = [];
  const counts: Array<{ sql: string; bindings: unknown[] }> = [];
  const executor = {
    all: async (sql: string, bindings: unknown[]) => {
      counts.push({ sql, bindings });
      return [{ n: 150 }];
    },
    arrays: async (sql: string, bindings: unknown[]) => {
      calls.push({ sql, bindings });
      return [[7, 'paid', Date.UTC(2026, 0, 2), 3], ...new Array(100).fill([8, 'paid', Date.UTC(2026, 0, 3), 4])];
    },
  };
  // Counts every time: the cache itself is tested in totals.test.ts.
  const totals = { total: (_sql: string, _bindings: unknown[], count: () => Promise<number>) => count() };
  const definition = {
    ...definitionSchema.parse({
      name: 'Orders',
      path: 'orders',
      type: 'list',
      object: model.uid,
      fields: [{ name: 'id' }, { name: 'status' }, { name: 'orderedAt' }, { name: 'now' }],
      auth: { method: 'api-key', keys: [1] },
    }),
    status: 'published' as const, // as the engine hands it over: the version read
  };
  const handle = listHandler(
    definition,
    model,
    {
      dialect: 'sqlite',
      executor,
      modelOf: () => null,
      publicUrl: 'https://shop.example',
      locales: NO_LOCALES,
      maxRelatedPerAnswer: 20_000,
      files: {} as ReadDeps['files'],
      totals,
    },
    1
  );
  const headers: Record<string, string> = {};
  const ctx = {
    querystring,
    path: '/_api/orders',
    set: (k: string, v: string) => (headers[k] = v),
  } as unknown as Context;
  await handle(ctx, {});
  return { calls, counts, body: ctx.body as Record<string, unknown>, headers };
};

const PAGE = (where: string) =>
  `SELECT t0."id" AS c0, t0."status" AS c1, t0."ordered_at" AS c2, t0."now" AS c3 FROM "orders" t0 WHERE ${where} ` +
  'ORDER BY t0."id" ASC LIMIT 101 OFFSET ?';
const COUNT = (where: string) => `SELECT COUNT(*) AS n FROM "orders" t0 WHERE ${where}`;

const DEEP_PAGE = (where: string) =>
  'SELECT t0."id" AS c0, t0."status" AS c1, t0."ordered_at" AS c2, t0."now" AS c3 FROM "orders" t0 ' +
  `JOIN (SELECT t0."id" FROM "orders" t0 WHERE ${where} ORDER BY t0."id" ASC LIMIT 101 OFFSET ?) pg ` +
  'ON pg."id" = t0."id" ORDER BY t0."id" ASC';

test('a page is one statement for the rows (and one row more) and the count of the same filter', async () => {
  const { calls, counts, body } = await run('status=paid&page=2');
  // Past page 1 the skipped rows are found by id alone; only the page's rows are read in full.
  expect(calls).toEqual([{ sql: DEEP_PAGE('1=1 AND t0."status" = ?'), bindings: ['paid', 100] }]);
  expect(counts).toEqual([{ sql: COUNT('1=1 AND t0."status" = ?'), bindings: ['paid'] }]);
  expect(body.total).toBe(150);
  expect(body.items).toHaveLength(100);
});

test('without any condition the count has no WHERE (SQLite counts an index then, not the rows)', async () => {
  const { counts } = await run('');
  expect(counts).toEqual([{ sql: 'SELECT COUNT(*) AS n FROM "orders" t0', bindings: [] }]);
});

test('the page carries items and keyset links', async () => {
  const { body, headers } = await run('status=paid');
  expect((body.items as unknown[])[0]).toEqual({
    id: 7,
    status: 'paid',
    orderedAt: '2026-01-02T00:00:00.000Z',
    now: 3,
  });
  expect(body._links).toEqual({ next: { href: 'https://shop.example/_api/orders?status=paid&after=8' } });
  expect(headers.Link).toBe('<https://shop.example/_api/orders?status=paid&after=8>; rel="next"');
});

test('a keyset page counts the listing it walks: its filters without the cursor', async () => {
  const { calls, counts } = await run('status=paid&after=500');
  expect(calls).toEqual([{ sql: PAGE('1=1 AND t0."id" > ? AND t0."status" = ?'), bindings: [500, 'paid', 0] }]);
  expect(counts).toEqual([{ sql: COUNT('1=1 AND t0."status" = ?'), bindings: ['paid'] }]);
});

test("a client's own id:gt is a filter: counted, and kept beside the cursor", async () => {
  const { calls, counts, body } = await run('id:gt=500&after=600');
  expect(calls).toEqual([{ sql: PAGE('1=1 AND t0."id" > ? AND t0."id" > ?'), bindings: [600, 500, 0] }]);
  expect(counts).toEqual([{ sql: COUNT('1=1 AND t0."id" > ?'), bindings: [500] }]);
  expect(body._links).toEqual({ next: { href: 'https://shop.example/_api/orders?id:gt=500&after=8' } });
});

test('on Draft & Publish the cursor compares the record id the page joins and sorts by (its draft row)', async () => {
  const { calls } = await run('after=500', { ...order, draftAndPublish: true });
  // An index range on the joined draft's id, as the page's order: no lookup of each row's draft.
  expect(calls[0].sql).toContain(
    'JOIN "orders" dr ON dr."document_id" = t0."document_id" AND dr."published_at" IS NULL'
  );
  expect(calls[0].sql).toContain('WHERE t0."published_at" IS NOT NULL AND 1=1 AND dr."id" > ? ORDER BY dr."id" ASC');
  expect(calls[0].bindings).toEqual([500, 0]);
});

test('a datetime query filter binds the parsed instant instead of failing closed', async () => {
  const { calls } = await run('orderedAt:gt=2026-01-01T00:00:00Z');
  const instant = Date.UTC(2026, 0, 1);
  expect(calls).toEqual([{ sql: PAGE('1=1 AND t0."ordered_at" > ?'), bindings: [instant, 0] }]);
});

test('a field named like a variable is filtered by its own value, in key order', async () => {
  const { calls } = await run('status=paid&now=5');
  expect(calls).toEqual([{ sql: PAGE('1=1 AND t0."now" = ? AND t0."status" = ?'), bindings: [5, 'paid', 0] }]);
});
