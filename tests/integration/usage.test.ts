import supertest from 'supertest';
import { HOUR_MS, type KeyUsage } from '../../contracts/usage';
import { createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { startSecondInstance } from '../helpers/second-instance';
import { adminWith } from '../helpers/strapi';
import {
  app,
  admin,
  keyA,
  keyB,
  orders,
  products,
  TABLE,
  usage,
  flush,
  range,
  series,
  counts,
  rowCount,
  usageSuite,
} from '../helpers/usage-suite';

usageSuite();

/** Bytes of every answer made so far to a counted request (the body as sent). */
let bytesSent = 0;

/** Calls `path` `times` times with `key` (none: no Authorization), expecting `status` each time. */
const call = async (path: string, key: KeyFixture | null, times: number, status: number, base?: string) => {
  for (let i = 0; i < times; i += 1) {
    const http = base ? supertest(base) : app.http();
    const request = http.get(`/_api/${path}`);
    const response = await (key ? request.set('Authorization', `Bearer ${key.secret}`) : request);
    expect(response.status).toBe(status);
    bytesSent += Buffer.byteLength(response.text);
  }
};

describe('counting', () => {
  test('known calls are answered exactly per endpoint and per key, after one flush', async () => {
    await call('usage/orders', keyA, 5, 200);
    await call('usage/orders?page=0', keyA, 2, 400);
    await call('usage/orders', keyB, 3, 200);
    await call('usage/products', keyB, 4, 200);
    await call('usage/orders', null, 2, 401);
    // Not an endpoint: not counted, nor are its bytes.
    const counted = bytesSent;
    await call('usage/nothing-here', keyA, 3, 404);
    bytesSent = counted;
    expect(await rowCount()).toBe(0);
    await flush();

    const byEndpoint = await series({ groupBy: 'endpoint' });
    expect(byEndpoint.step).toBe('hour');
    expect(byEndpoint.times).toHaveLength(4);
    expect(byEndpoint.totals).toMatchObject(counts(16, { success: 12, clientError: 4 }));
    expect(byEndpoint.totals.errorRate).toBe(0.25);
    expect(byEndpoint.totals.bytes).toBe(bytesSent);
    // Each by its route and its name now.
    expect(byEndpoint.groups.map(({ id, label, name, gone, totals }) => ({ id, label, name, gone, totals }))).toEqual([
      {
        id: orders.id,
        label: 'GET usage/orders',
        name: 'usage/orders',
        gone: false,
        totals: expect.objectContaining(counts(12, { success: 8, clientError: 4 })),
      },
      {
        id: products.id,
        label: 'GET usage/products',
        name: 'usage/products',
        gone: false,
        totals: expect.objectContaining(counts(4, { success: 4 })),
      },
    ]);
    // Every call fell in the current hour: one point holds them, the others are zeros.
    const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const at = byEndpoint.times.indexOf(new Date(now).toISOString());
    expect(byEndpoint.points.map((p) => p.requests)).toEqual(byEndpoint.times.map((_, i) => (i === at ? 16 : 0)));
    expect(byEndpoint.groups[0].points[at]).toEqual(byEndpoint.groups[0].totals);
    const { p50Ms, p95Ms, avgMs } = byEndpoint.totals;
    expect(p50Ms).toBeGreaterThan(0);
    expect(p95Ms).toBeGreaterThanOrEqual(p50Ms!);
    expect(avgMs).toBeGreaterThanOrEqual(0);

    const byKey = await series({ groupBy: 'key' });
    expect(byKey.groups.map(({ id, label, totals }) => ({ id, label, requests: totals.requests }))).toEqual([
      { id: keyA.id, label: 'usage-a', requests: 7 },
      { id: keyB.id, label: 'usage-b', requests: 7 },
      { id: 0, label: null, requests: 2 },
    ]);
    expect(byKey.groups[2].totals).toMatchObject(counts(2, { clientError: 2 }));

    const ofKeyA = await series({ groupBy: 'endpoint', key: keyA.id });
    expect(ofKeyA.groups.map((g) => [g.id, g.totals.requests])).toEqual([[orders.id, 7]]);
    const ofProducts = await series({ groupBy: 'key', endpoint: products.id });
    expect(ofProducts.groups.map((g) => [g.id, g.totals.requests])).toEqual([[keyB.id, 4]]);
  });

  test("a key's last use and busiest endpoints", async () => {
    const response = await admin.get(`/data-api/api-keys/${keyB.id}/usage`);
    expect(response.status).toBe(200);
    const data = response.body.data as KeyUsage;
    expect(data.lastUsedAt).not.toBeNull();
    expect(data.windows.map((w) => w.days)).toEqual([7, 30]);
    for (const window of data.windows) {
      expect(window.totals.requests).toBe(7);
      expect(window.endpoints.map((e) => [e.label, e.totals.requests])).toEqual([
        ['GET usage/products', 4],
        ['GET usage/orders', 3],
      ]);
    }
    expect((await admin.get('/data-api/api-keys/x/usage')).status).toBe(400);
  });

  test('an id of no key is answered as a key without requests: the answer tells no key exists', async () => {
    const unused = await createKey(admin, 'usage unused');
    const reader = await adminWith(app, 'usage-ids@example.com', ['plugin::data-api.usage.read']);
    for (const client of [admin, reader]) {
      const ofUnused = await client.get(`/data-api/api-keys/${unused.id}/usage`);
      const ofNone = await client.get('/data-api/api-keys/999999/usage');
      expect([ofUnused.status, ofNone.status]).toEqual([200, 200]);
      expect(ofNone.body).toEqual(ofUnused.body);
      expect((ofNone.body.data as KeyUsage).lastUsedAt).toBeNull();
    }
  });

  test('keys are named only to admins who may also read keys: ids otherwise, no last use', async () => {
    const reader = await adminWith(app, 'usage-no-keys@example.com', ['plugin::data-api.usage.read']);
    const byKey = await series({ groupBy: 'key' }, reader);
    expect(byKey.groups.map(({ id, label, gone }) => ({ id, label, gone }))).toEqual([
      { id: keyA.id, label: null, gone: false },
      { id: keyB.id, label: null, gone: false },
      { id: 0, label: null, gone: false },
    ]);
    expect(JSON.stringify(byKey)).not.toMatch(/usage-a|usage-b/);
    const ofKeyB = (await reader.get(`/data-api/api-keys/${keyB.id}/usage`)).body.data as KeyUsage;
    expect(ofKeyB.lastUsedAt).toBeNull();
    // Endpoints keep their routes: usage is about them (docs/security.md).
    expect(ofKeyB.windows[0].endpoints.map((e) => e.label)).toEqual(['GET usage/products', 'GET usage/orders']);

    const keysReader = await adminWith(app, 'usage-and-keys@example.com', [
      'plugin::data-api.usage.read',
      'plugin::data-api.keys.read',
    ]);
    expect((await series({ groupBy: 'key' }, keysReader)).groups.map((g) => g.label)).toEqual([
      'usage-a',
      'usage-b',
      null,
    ]);
    const named = (await keysReader.get(`/data-api/api-keys/${keyB.id}/usage`)).body.data as KeyUsage;
    expect(named.lastUsedAt).not.toBeNull();
  });

  test('no database statement per request: only the flush writes, one statement per bucket', async () => {
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    knexOf(app).on('query', listen);
    try {
      await call('usage/products', keyA, 20, 200);
      expect(statements.filter((sql) => sql.includes(TABLE))).toEqual([]);
      await flush();
    } finally {
      knexOf(app).off('query', listen);
    }
    // One bucket (this hour, products, key A); the flush may also have deleted old buckets (once an hour).
    expect(statements.filter((sql) => sql.includes(TABLE) && /^insert/i.test(sql))).toHaveLength(1);
    const byKey = await series({ groupBy: 'key', endpoint: products.id });
    expect(byKey.groups.map((g) => [g.id, g.totals.requests])).toEqual([
      [keyA.id, 20],
      [keyB.id, 4],
    ]);
  });

  test('a deleted endpoint keeps its route as its label', async () => {
    const doomed = await createEndpoint(admin, keyA, {
      path: 'usage/doomed',
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }],
    });
    await call('usage/doomed', keyA, 2, 200);
    await flush();
    expect((await admin.del(`/data-api/endpoints/${doomed.id}`)).status).toBe(200);
    const { groups } = await series({ groupBy: 'endpoint', endpoint: doomed.id });
    // Gone, it keeps the route it last had, and no name.
    expect(groups.map(({ label, name, gone, totals }) => [label, name, gone, totals.requests])).toEqual([
      ['GET usage/doomed', null, true, 2],
    ]);
  });
});

describe('several instances', () => {
  test('buckets written by two instances add up', async () => {
    const before = (await series({ groupBy: 'endpoint', key: keyA.id })).groups.find((g) => g.id === orders.id)!;
    const second = await startSecondInstance();
    try {
      await call('usage/orders', keyA, 4, 200);
      await call('usage/orders', keyA, 3, 200, second.url);
      await flush();
    } finally {
      // Stopping writes what the second instance counted.
      await second.stop();
    }
    const after = (await series({ groupBy: 'endpoint', key: keyA.id })).groups.find((g) => g.id === orders.id)!;
    expect(after.totals.requests - before.totals.requests).toBe(7);
    expect(after.totals.success - before.totals.success).toBe(7);
    // One row per bucket: the second instance's counts were added to the row the first one wrote.
    const rows = await knexOf(app)(TABLE).where({ endpoint_id: orders.id, key_id: keyA.id });
    expect(rows).toHaveLength(1);
  }, 120_000);
});

describe('retention', () => {
  const bucketRow = (hour: number, endpoint: number) => ({
    hour,
    endpoint_id: endpoint,
    key_id: 0,
    route: 'GET usage/old',
    requests: 1,
    success: 1,
  });

  test('buckets older than retentionDays go, at most once an hour unless asked', async () => {
    // The playground keeps 90 days.
    const cutoff = Math.floor(Date.now() / HOUR_MS) - 90 * 24;
    await knexOf(app)(TABLE).insert([bucketRow(cutoff - 1, 990001), bucketRow(cutoff, 990002)]);
    // The suite's flushes already deleted old buckets within the hour: this one leaves them.
    await call('usage/orders', keyB, 1, 200);
    await flush();
    expect(await knexOf(app)(TABLE).whereIn('endpoint_id', [990001, 990002]).pluck('endpoint_id')).toHaveLength(2);
    expect(await usage().recorder.prune()).toBe(1);
    expect(await knexOf(app)(TABLE).whereIn('endpoint_id', [990001, 990002]).pluck('endpoint_id')).toEqual([990002]);
  });
});

describe('the admin API', () => {
  /** A valid query with `changes`. */
  const valid = (changes: Record<string, string>) => ({ ...range(), groupBy: 'endpoint', ...changes });
  test.each([
    ['no range', { groupBy: 'endpoint' }, /from/],
    ['a range backwards', valid({ from: new Date(Date.now() + 9 * HOUR_MS).toISOString() }), /before/],
    ['a range too long', valid({ from: '2020-01-01T00:00:00Z', to: '2021-03-01T00:00:00Z' }), /at most 400 days/],
    ['a date that is not ISO', valid({ from: 'yesterday' }), /from/],
    ['a date before 1970', valid({ from: '1969-12-31T00:00:00Z' }), /before 1970/],
    ['an unknown grouping', valid({ groupBy: 'hour' }), /groupBy/],
    ['an id that is not a number', valid({ endpoint: '1 or 1=1' }), /endpoint/],
    ['a negative key', valid({ key: '-1' }), /key/],
    ['an id past 32 bits', valid({ key: '99999999999' }), /key/],
    ['an unknown parameter', valid({ limit: '5' }), /limit/],
  ])('refuses %s (400)', async (_name, query, message) => {
    const response = await admin.get('/data-api/usage').query(query);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(message);
  });

  test('refuses a parameter given twice (400)', async () => {
    const response = await admin.get(
      `/data-api/usage?groupBy=key&groupBy=endpoint&from=${range().from}&to=${range().to}`
    );
    expect(response.status).toBe(400);
  });

  test('a long range is answered per UTC day', async () => {
    const { step, times, totals } = await series({
      from: new Date(Date.now() - 29 * 24 * HOUR_MS).toISOString(),
      to: new Date().toISOString(),
      groupBy: 'endpoint',
    });
    expect(step).toBe('day');
    expect(times.length).toBeGreaterThanOrEqual(30);
    expect(times.every((t) => t.endsWith('T00:00:00.000Z'))).toBe(true);
    const hourly = await series({ groupBy: 'endpoint' });
    expect(totals.requests).toBe(hourly.totals.requests);
  });

  test('reading usage needs usage.read (403 without it)', async () => {
    const keysOnly = await adminWith(app, 'keys-only@example.com', ['plugin::data-api.keys.read']);
    expect((await keysOnly.get('/data-api/usage').query({ ...range(), groupBy: 'key' })).status).toBe(403);
    expect((await keysOnly.get(`/data-api/api-keys/${keyA.id}/usage`)).status).toBe(403);
    const reader = await adminWith(app, 'usage-reader@example.com', ['plugin::data-api.usage.read']);
    expect((await series({ groupBy: 'key' }, reader)).totals.requests).toBeGreaterThan(0);
    expect((await reader.get(`/data-api/api-keys/${keyA.id}/usage`)).status).toBe(200);
  });
});
