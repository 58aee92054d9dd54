import { createEndpoint, createKey, knexOf } from '../helpers/fixtures';
import { expectTooMany, listening, PATIENT_STORE, policyOf, remainingOf, statusCounts } from '../helpers/rate-limits';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * Rate limits counted in the site's own database (`rateLimit.store: 'database'`, on SQLite, PostgreSQL and
 * MariaDB alike): in a table named by the prefix, through Strapi's pool, exact under concurrent requests.
 */
const TABLE = 'rl_tests';
const WINDOW = 60;

const { app, admin, key } = keyedSuite({
  env: { DATA_API_RATE_LIMIT_STORE: 'database', DATA_API_RATE_LIMIT_PREFIX: TABLE, ...PATIENT_STORE },
  description: 'main',
});

let http: Awaited<ReturnType<typeof listening>>;
const get = (url: string, secret = key.secret) => http().get(url).set('Authorization', `Bearer ${secret}`);
const rows = () => knexOf(app)(TABLE).select('key', 'points', 'expire');
let paths = 0;
const limitedList = async (rateLimit: unknown) => {
  const path = `db-limited/e${(paths += 1)}`;
  const endpoint = await createEndpoint(admin, key, {
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }],
    path,
    rateLimit,
  });
  return { id: endpoint.id, url: `/_api/${path}` };
};

beforeAll(async () => {
  http = await listening(app);
}, 120_000);

test('N requests pass, the next is 429; the count is a row of the table named by the prefix', async () => {
  const { id, url } = await limitedList({ requests: 3, windowSeconds: WINDOW });
  const responses = [];
  for (let i = 0; i < 4; i += 1) responses.push(await get(url));
  expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  expect(policyOf(responses[0])).toEqual({ endpoint: { q: 3, w: WINDOW } });
  expect(responses.map((r) => remainingOf(r).endpoint.r)).toEqual([2, 1, 0, 0]);
  expectTooMany(responses[3], WINDOW);
  const counted = (await rows()).filter((r: { key: string }) => r.key.startsWith(`e${id}:`));
  expect(counted).toEqual([{ key: `e${id}:3:${WINDOW}:k${key.id}`, points: 4, expire: expect.anything() }]);
  // The window ends within its length from now, as Retry-After says.
  const endsIn = Number(counted[0].expire) - Date.now();
  expect(endsIn).toBeGreaterThan(0);
  expect(endsIn).toBeLessThanOrEqual(WINDOW * 1000);
});

test('concurrent requests get exactly N successes, and the burst exactly its own', async () => {
  const { url } = await limitedList({ requests: 5, windowSeconds: WINDOW, burst: 2 });
  const responses = await Promise.all(Array.from({ length: 15 }, () => get(url)));
  expect(statusCounts(responses)).toEqual({ 200: 7, 429: 8 });
  for (const response of responses.filter((r) => r.status === 429)) expectTooMany(response, WINDOW);
});

test("a key's own limit spans its endpoints", async () => {
  const limited = await createKey(admin, 'limited');
  expect(
    (
      await admin.put(`/data-api/api-keys/${limited.id}`, {
        data: { rateLimit: { requests: 2, windowSeconds: WINDOW } },
      })
    ).status
  ).toBe(200);
  const urls = [];
  for (const n of [1, 2]) {
    const path = `db-limited/key${n}`;
    await createEndpoint(admin, limited, {
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'id' }],
      path,
    });
    urls.push(`/_api/${path}`);
  }
  expect((await get(urls[0], limited.secret)).status).toBe(200);
  expect((await get(urls[1], limited.secret)).status).toBe(200);
  expectTooMany(await get(urls[0], limited.secret), WINDOW);
  expect((await rows()).find((r: { key: string }) => r.key === `k:2:${WINDOW}:k${limited.id}`)?.points).toBe(3);
});
