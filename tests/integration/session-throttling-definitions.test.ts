import supertest from 'supertest';
import {
  app,
  admin,
  key,
  SITE_USER,
  ADMIN_USER,
  PASSWORD,
  MAX_FAILURES,
  MAX_FAILURES_PER_IP,
  v,
  ownedByUser,
  statusAndBody,
  sessionCookieLine,
  logIn,
  throttleRows,
  setUser,
  count,
  sessionSuite,
} from '../helpers/session-suite';

sessionSuite();

describe('throttling', () => {
  const expectThrottled = (response: supertest.Response) => {
    expect(statusAndBody(response)).toEqual({
      status: 429,
      body: { success: false, error: 'Too many failed logins: try again later' },
    });
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookieLine(response)).toBeUndefined();
  };

  test(`after ${MAX_FAILURES} wrong passwords an identifier waits, even with the right one; others still log in`, async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await logIn('customer2@example.com', `wrong-${i}`)).status).toBe(401);
    }
    const sessionsBefore = await count('data_api_sessions');
    expectThrottled(await logIn('customer2@example.com'));
    // The same account named in another case, or by its username, is the same counter.
    expectThrottled(await logIn('Customer2@EXAMPLE.com'));
    expectThrottled(await logIn('customer2'));
    expect(await count('data_api_sessions')).toBe(sessionsBefore);
    expect((await logIn('customer3@example.com')).status).toBe(200);

    // The counters are in the database, keyed by HMACs: the address's and the account's. Refused attempts and
    // the good login of customer3 gave their counts back.
    const rows = await throttleRows();
    expect(rows.map((r: { failures: number }) => Number(r.failures))).toEqual([MAX_FAILURES, MAX_FAILURES]);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toMatch(/customer2|127\.0\.0\.1/);
  });

  test('parallel wrong passwords get no more password checks than the limit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => logIn('customer2@example.com', `parallel-${i}`))
    );
    const statuses = responses.map((r) => r.status);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - checked);
    // Only the checked attempts stay counted, on the address and on the account alike.
    expect((await throttleRows()).map((r: { failures: number }) => Number(r.failures))).toEqual([checked, checked]);
  });

  test('a successful login clears its identifier’s count', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < MAX_FAILURES - 1; i++) {
        expect((await logIn('customer3@example.com', 'wrong')).status).toBe(401);
      }
      expect((await logIn('customer3@example.com')).status).toBe(200);
    }
    expect((await logIn('customer3@example.com', 'wrong')).status).toBe(401);
    expect((await logIn('customer3@example.com')).status).toBe(200);
  });

  test(`after ${MAX_FAILURES_PER_IP} failures from one address every login from it waits; a success does not reset that`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_IP - 1; i++) {
      expect((await logIn(`nobody-${i}@example.com`, 'wrong')).status).toBe(401);
    }
    expect((await logIn('customer1@example.com')).status).toBe(200);
    expect((await logIn('someone-else@example.com', 'wrong')).status).toBe(401);
    expectThrottled(await logIn('customer1@example.com'));
    expectThrottled(await logIn('customer2'));
    // The address's counter is the largest: every failure (the good login and refused attempts gave theirs back).
    const counts = (await throttleRows()).map((r: { failures: number }) => Number(r.failures));
    expect(Math.max(...counts)).toBe(MAX_FAILURES_PER_IP);
  });

  test('addresses of one IPv6 /64 share one per-address budget; another /64 has its own', async () => {
    // Behind a trusted proxy, the client's address comes from X-Forwarded-For.
    const koa = app.strapi.server.app;
    koa.proxy = true;
    const from = (ip: string, identifier: string, password = PASSWORD) =>
      logIn(identifier, password).set('X-Forwarded-For', ip);
    try {
      for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
        const ip = i % 2 ? '2001:db8:1:2::a' : `2001:db8:1:2:${i + 1}::b`;
        expect((await from(ip, `nobody-${i}@example.com`, 'wrong')).status).toBe(401);
      }
      expectThrottled(await from('2001:db8:1:2:ffff::1', 'customer1@example.com'));
      expect((await from('2001:db8:1:3::a', 'customer1@example.com')).status).toBe(200);
    } finally {
      koa.proxy = false;
    }
  });

  test('blocked and unconfirmed answers are not failures', async () => {
    const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
    try {
      await setUser(2, { blocked: true });
      for (let i = 0; i <= MAX_FAILURES; i++) expect((await logIn('customer2')).status).toBe(403);
      await setUser(2, { blocked: false, confirmed: false });
      await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
      for (let i = 0; i <= MAX_FAILURES; i++) expect((await logIn('customer2')).status).toBe(403);
      // Each attempt was counted, then given back.
      for (const row of await throttleRows()) expect(Number(row.failures)).toBe(0);
    } finally {
      await store.set({ key: 'advanced', value: advanced });
      await setUser(2, { blocked: false, confirmed: true });
    }
    expect((await logIn('customer2')).status).toBe(200);
  });
});
describe('definitions', () => {
  const definition = {
    name: 'Session orders',
    path: 'defs/orders',
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }],
  };

  test('the admin API accepts Browser Session authentication for both user objects', async () => {
    for (const userObject of [SITE_USER, ADMIN_USER]) {
      const response = await admin.post('/data-api/endpoints', {
        data: {
          ...definition,
          path: `defs/${userObject === ADMIN_USER ? 'admin' : 'site'}`,
          auth: { method: 'session', userObject },
        },
      });
      expect(response.status).toBe(201);
      expect(response.body.data.auth).toEqual({ method: 'session', userObject });
      const stored = await admin.get(`/data-api/endpoints/${response.body.data.id}`);
      expect(stored.body.data.auth).toEqual({ method: 'session', userObject });
    }
    const unknown = await admin.post('/data-api/endpoints', {
      data: { ...definition, path: 'defs/unknown', auth: { method: 'session', userObject: 'api::customer.customer' } },
    });
    expect(unknown.status).toBe(400);
  });

  test.each([
    ['user.id in a filter', { filter: { customer: ownedByUser } }],
    ['user.email in a filter', { object: 'api::customer.customer', filter: { email: { $eq: v('user.email') } } }],
    ['user.role in a filter', { filter: { note: { $eq: v('user.role') } } }],
    [
      'user.id in a preset',
      {
        type: 'create',
        object: 'api::customer.customer',
        fields: [{ name: 'name' }],
        presets: { user: v('user.id') },
      },
    ],
  ])('%s on an API-key endpoint is refused with 400', async (_label, change) => {
    const response = await admin.post('/data-api/endpoints', {
      data: { ...definition, path: 'defs/keyed', auth: { method: 'api-key', keys: [key.id] }, ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/needs Browser Session authentication/);
  });
});
