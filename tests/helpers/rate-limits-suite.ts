import { createEndpoint, createKey, type KeyFixture } from './fixtures';
import { startApp, type AdminClient, type TestApp } from './strapi';

/**
 * What the suites of rate limits on the memory store share (docs/rate-limits.md): per endpoint and caller, burst,
 * a key's own limit across its endpoints, session endpoints per user (per source address when no one is logged
 * in), file downloads against the caller their URL was issued to, changes through the admin API, and what is
 * refused. Every test has endpoints (and a key) of its own, so budgets never carry over between tests.
 */
export const SITE = 'http://localhost:4000';
const PASSWORD = 'Customer123!';
export const WINDOW = 60;

export let app: TestApp;
export let admin: AdminClient;
export let key: KeyFixture;

export const products = { type: 'list', object: 'api::product.product', fields: [{ name: 'id' }] };
export const get = (url: string, secret = key.secret) => app.http().get(url).set('Authorization', `Bearer ${secret}`);
/** `n` requests one after another (their order matters: the headers count down). */
export const inTurn = async <T>(n: number, request: () => Promise<T>) => {
  const responses = [];
  for (let i = 0; i < n; i += 1) responses.push(await request());
  return responses;
};
let paths = 0;
/** A new number for a path (or name) of the suite's own, so no two tests share an endpoint or a key. */
export const nextPath = () => (paths += 1);
/** A List endpoint of `keys` (the suite's key by default) with its own path. */
export const limitedList = async (rateLimit: unknown, keys: KeyFixture[] = [key]) => {
  const path = `limited/e${(paths += 1)}`;
  const endpoint = await createEndpoint(admin, key, {
    ...products,
    path,
    auth: { method: 'api-key', keys: keys.map((k) => k.id) },
    ...(rateLimit ? { rateLimit } : {}),
  });
  return { id: endpoint.id, url: `/_api/${path}` };
};
export const keyWithLimit = async (rateLimit: unknown) => {
  const created = await createKey(admin, `limited ${(paths += 1)}`);
  const response = await admin.put(`/data-api/api-keys/${created.id}`, { data: { rateLimit } });
  expect(response.status).toBe(200);
  return created;
};

/** A site user's session cookie, logged in from `ip`. */
export const cookieOf = async (ip: string, identifier = 'customer1@example.com') => {
  const login = await app
    .http()
    .post('/_api/_session')
    .set('Origin', SITE)
    .set('X-Forwarded-For', ip)
    .send({ identifier, password: PASSWORD });
  expect(login.status).toBe(200);
  return ([] as string[]).concat(login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
};

/**
 * The set-up of every rate limit suite: the app booted behind a trusted proxy, with the site's origin listed
 * for CORS, its super admin's client and a key; after the suite, the app stopped.
 */
export const rateLimitsSuite = () => {
  beforeAll(async () => {
    // Behind a trusted proxy the source address comes from X-Forwarded-For: the tests play several clients.
    app = await startApp({ TRUST_PROXY: 'true', DATA_API_CORS_ORIGINS: SITE });
    admin = await app.admin();
    key = await createKey(admin, 'main');
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });
};
