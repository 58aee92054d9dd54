import { HOUR_MS } from '../../contracts/usage';
import { createEndpoint, knexOf, type KeyFixture } from '../helpers/fixtures';
import { app, admin, keyA, flush, series, counts, usageSuite, TABLE } from '../helpers/usage-suite';

/**
 * Usage: what a rate limit refused is counted apart from the 4xx, for a key and for calls without one
 * (key 0); and an endpoint deleted and imported again keeps its history as one endpoint's.
 */
usageSuite();

/** Calls `path` with `key` (none: no Authorization), expecting `statuses` in order. */
const call = async (path: string, key: KeyFixture | null, statuses: number[]) => {
  for (const status of statuses) {
    const request = app.http().get(`/_api/${path}`);
    const response = await (key ? request.set('Authorization', `Bearer ${key.secret}`) : request);
    expect(response.status).toBe(status);
  }
};

/** A List of orders on `path`, allowed to key A, limited to `requests` an hour when given. */
const list = (path: string, extra: Record<string, unknown> = {}) =>
  createEndpoint(admin, keyA, {
    path,
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }],
    auth: { method: 'api-key', keys: [keyA.id] },
    ...extra,
  });

describe('rate limited', () => {
  test("a limit's refusals are counted apart, not in the 4xx nor the error rate", async () => {
    const limited = await list('usage/limited', { rateLimit: { requests: 2, windowSeconds: 3600 } });
    await call('usage/limited', keyA, [200, 200, 429, 429, 429]);
    // A 401 is still a 4xx (and refused before any limit is spent).
    await call('usage/limited', null, [401]);
    await flush();
    const byKey = await series({ groupBy: 'key', endpoint: limited.id });
    expect(byKey.totals).toMatchObject({ ...counts(6, { success: 2, clientError: 1 }), rateLimited: 3 });
    expect(byKey.totals.errorRate).toBe(0.1667);
    expect(byKey.groups.map((g) => [g.id, g.totals.rateLimited])).toEqual([
      [keyA.id, 3],
      [0, 0],
    ]);
  });

  test('calls without a key, to a public endpoint, are counted under key 0, their refusals apart', async () => {
    const open = await list('usage/open', {
      auth: { method: 'public' },
      rateLimit: { requests: 1, windowSeconds: 3600 },
    });
    await call('usage/open', null, [200, 429, 429]);
    await flush();
    const { groups } = await series({ groupBy: 'key', endpoint: open.id });
    // Key 0 has no label: the panel names it ("No API key (Browser Session or public)").
    expect(groups.map(({ id, label, gone, totals }) => ({ id, label, gone, totals }))).toEqual([
      {
        id: 0,
        label: null,
        gone: false,
        totals: expect.objectContaining({ ...counts(3, { success: 1 }), rateLimited: 2, errorRate: 0 }),
      },
    ]);
  });

  test('a row written without the rateLimited column (an instance not yet upgraded) still reads, with 0', async () => {
    const { attributes } = app.strapi.db.metadata.get('plugin::data-api.usage-bucket');
    const column = (name: string) => (attributes[name] as { columnName?: string }).columnName ?? name;
    const old = { requests: 3, success: 1, clientError: 2, bytes: 30, durationMs: 6, ms5: 3 };
    await knexOf(app)(TABLE).insert({
      [column('hour')]: Math.floor(Date.now() / HOUR_MS),
      [column('endpointId')]: 999_999,
      [column('keyId')]: 0,
      [column('route')]: 'GET usage/old',
      ...Object.fromEntries(Object.entries(old).map(([name, value]) => [column(name), value])),
    });
    const { totals } = await series({ groupBy: 'endpoint', endpoint: 999_999 });
    expect(totals).toMatchObject({ ...counts(3, { success: 1, clientError: 2 }), rateLimited: 0 });
  });
});

describe('history across re-import', () => {
  test('an endpoint deleted and imported again keeps its history as one line', async () => {
    const first = await list('usage/again');
    await call('usage/again', keyA, [200, 200]);
    await flush();
    const file = (await admin.get('/data-api/export')).body.data;
    expect((await admin.del(`/data-api/endpoints/${first.id}`)).status).toBe(200);
    const imported = await admin.post('/data-api/import', { data: file });
    expect(imported.status).toBe(200);
    expect(imported.body.data.endpoints).toMatchObject({ created: 1, updated: 0 });
    const again = (await admin.get('/data-api/endpoints')).body.data.find(
      (e: { path: string }) => e.path === 'usage/again'
    );
    expect(again.id).not.toBe(first.id);
    await call('usage/again', keyA, [200, 200, 200]);
    await flush();

    const lines = (await series({ groupBy: 'endpoint' })).groups.filter((g) => g.label === 'GET usage/again');
    expect(lines.map(({ id, gone, totals }) => [id, gone, totals.requests])).toEqual([[again.id, false, 5]]);
    expect((await series({ groupBy: 'endpoint', endpoint: first.id })).groups).toEqual([]);
    const busiest = (await admin.get(`/data-api/api-keys/${keyA.id}/usage`)).body.data.windows[0].endpoints;
    expect(busiest.filter((e: { label: string }) => e.label === 'GET usage/again')).toMatchObject([
      { id: again.id, totals: { requests: 5 } },
    ]);
  });
});
