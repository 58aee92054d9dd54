import { createEndpoint, createKey, type KeyFixture } from './fixtures';
import { startApp, type AdminClient, type TestApp } from './strapi';

/**
 * What the suites of public read endpoints share (docs/endpoints.md#authentication): List and
 * Aggregate answered to anyone, without a key or a session, counted per source address, from any origin without
 * credentials. Every test has endpoints of its own, so budgets never carry over between tests.
 */
export const SITE = 'http://localhost:4000';
export const OTHER_SITE = 'https://elsewhere.example.net';
export const METRICS_TOKEN = 'metrics-token-for-the-public-tests-0123456789';
export const WINDOW = 60;
export const PUBLIC = { method: 'public' };
/** The least `maxAnswerBytes` the config allows: an answer past it is a 400. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export let app: TestApp;
export let admin: AdminClient;
export let key: KeyFixture;
let paths = 0;
/** A new number for a path (or title) of the suite's own, so no two tests share an endpoint. */
export const nextPath = () => (paths += 1);

export const products = {
  type: 'list',
  object: 'api::product.product',
  fields: [{ name: 'id' }, { name: 'title' }],
  sort: [{ field: 'id', dir: 'asc' }],
};
/** A public List of products with its own path and a limit of `requests` per window. */
export const publicList = async (requests = 100, extra: Record<string, unknown> = {}) => {
  const path = `public/e${(paths += 1)}`;
  const endpoint = await createEndpoint(admin, key, {
    ...products,
    path,
    auth: PUBLIC,
    rateLimit: { requests, windowSeconds: WINDOW },
    ...extra,
  });
  return { id: endpoint.id, path, url: `/_api/${path}` };
};
/** A call from `ip` (the app trusts X-Forwarded-For, so the tests play several clients). */
export const from = (ip: string, url: string) => app.http().get(url).set('X-Forwarded-For', ip);
/** Saving `definition` as a new endpoint: its status and body. */
export const save = async (definition: Record<string, unknown>) => {
  const response = await admin.post('/data-api/endpoints', {
    data: { name: 'refused', path: `public/refused${(paths += 1)}`, ...definition },
  });
  return { status: response.status, body: response.body };
};

/**
 * The set-up of every suite of public endpoints: the app booted behind a trusted proxy, with the site's origin
 * listed, a metrics token and the least `maxAnswerBytes`, its super admin's client and a key; after the suite,
 * the app stopped and its environment cleared.
 */
export const publicSuite = () => {
  beforeAll(async () => {
    app = await startApp({
      TRUST_PROXY: 'true',
      DATA_API_CORS_ORIGINS: SITE,
      DATA_API_METRICS_TOKEN: METRICS_TOKEN,
      DATA_API_MAX_ANSWER_BYTES: String(MAX_ANSWER_BYTES),
    });
    admin = await app.admin();
    key = await createKey(admin, 'public suite');
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    for (const name of ['TRUST_PROXY', 'DATA_API_CORS_ORIGINS', 'DATA_API_METRICS_TOKEN', 'DATA_API_MAX_ANSWER_BYTES'])
      delete process.env[name];
  });
};
