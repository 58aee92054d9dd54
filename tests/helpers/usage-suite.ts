import { HOUR_MS, type UsageCounts, type UsageSeries } from '../../contracts/usage';
import { createEndpoint, createKey, knexOf, type KeyFixture } from './fixtures';
import { startApp, type AdminClient, type TestApp } from './strapi';

/**
 * Usage statistics (docs/usage.md): a known set of calls, with known statuses, across endpoints and keys, is
 * counted in memory, written by a flush, and answered by the admin API exactly; nothing is written per request.
 */

export let app: TestApp;
export let admin: AdminClient;
export let keyA: KeyFixture;
export let keyB: KeyFixture;
export let orders: { id: number };
export let products: { id: number };
export const TABLE = 'data_api_usage';
export const usage = () =>
  app.strapi.plugin('data-api').service('usage') as {
    recorder: { flush: () => Promise<void>; prune: () => Promise<number> };
  };
export const flush = () => usage().recorder.flush();

/** A range around now: the hour of these calls is in it. */
export const range = () => ({
  from: new Date(Date.now() - 2 * HOUR_MS).toISOString(),
  to: new Date(Date.now() + HOUR_MS).toISOString(),
});

export const series = async (query: Record<string, string | number>, client = admin) => {
  const response = await client.get('/data-api/usage').query({ ...range(), ...query });
  expect(response.status).toBe(200);
  return response.body.data as UsageSeries;
};

export const counts = (
  requests: number,
  classes: Partial<Pick<UsageCounts, 'success' | 'redirect' | 'clientError' | 'serverError'>>
) => ({
  requests,
  success: 0,
  redirect: 0,
  clientError: 0,
  serverError: 0,
  ...classes,
});

export const rowCount = async () => Number((await knexOf(app)(TABLE).count({ n: '*' }))[0].n);

/**
 * The set-up of every usage suite: the app with a flush timer too slow to fire (only the tests flush: the
 * timer would write at moments they do not choose), its super admin's client, keys A and B and two Lists both
 * allow (`orders`, `products`); after the suite, the app stopped.
 */
export const usageSuite = () => {
  beforeAll(async () => {
    // Only the tests flush: the timer would write at moments they do not choose.
    app = await startApp({ DATA_API_USAGE_FLUSH_MS: '600000' });
    admin = await app.admin();
    keyA = await createKey(admin, 'usage a');
    keyB = await createKey(admin, 'usage b');
    const auth = { method: 'api-key', keys: [keyA.id, keyB.id] };
    orders = await createEndpoint(admin, keyA, {
      path: 'usage/orders',
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }, { name: 'total' }],
      auth,
    });
    products = await createEndpoint(admin, keyA, {
      path: 'usage/products',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }, { name: 'title' }],
      auth,
    });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });
};
