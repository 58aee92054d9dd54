import type { AdminClient, TestApp } from './strapi';

export interface KeyFixture {
  id: number;
  secret: string;
}

/** A call of `/_api` with an API key; the app and key are read at call time (suites set them in beforeAll). */
export const callWithKey =
  (app: () => TestApp, key: () => KeyFixture) =>
  (method: 'get' | 'post' | 'patch' | 'delete', url: string, body?: unknown) => {
    const request = app().http()[method](url).set('Authorization', `Bearer ${key().secret}`);
    return body === undefined ? request : request.send(body as object);
  };

/** Creates an API key; without `name`, the server makes one from the description. */
export const createKey = async (admin: AdminClient, description = 'tests', name?: string): Promise<KeyFixture> => {
  const response = await admin.post('/data-api/api-keys', { data: { description, ...(name ? { name } : {}) } });
  if (response.status !== 201) throw new Error(`key refused: ${JSON.stringify(response.body)}`);
  return { id: response.body.data.id, secret: response.body.data.secret };
};

/** Creates an endpoint through the admin API (API-key auth with `key` unless the definition says otherwise). */
export const createEndpoint = async (admin: AdminClient, key: KeyFixture, definition: Record<string, unknown>) => {
  const response = await admin.post('/data-api/endpoints', {
    data: { name: String(definition.path), auth: { method: 'api-key', keys: [key.id] }, ...definition },
  });
  if (response.status !== 201) throw new Error(`endpoint refused: ${JSON.stringify(response.body)}`);
  return response.body.data as { id: number } & Record<string, unknown>;
};

export const knexOf = (app: TestApp) => app.strapi.db.connection;

/** `count` more products (each its own document id and sku), in multi-row INSERTs: a table made large fast. */
export const addProducts = async (app: TestApp, count: number) => {
  // SQLite holds Strapi's datetimes as milliseconds.
  const sqlite = (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite';
  const at = (ms: number) => (sqlite ? ms : new Date(ms));
  const now = at(Date.now());
  const rows = Array.from({ length: count }, (_, i) => ({
    document_id: `bulk${String(i).padStart(20, '0')}`,
    title: `Bulk ${i}`,
    sku: `BULK-${i}`,
    price: 10,
    stock: 1,
    category: `category ${i % 40}`,
    active: true,
    released_at: at(Date.UTC(2020, 0, 1) + i * 3_600_000),
    created_at: now,
    updated_at: now,
    published_at: now,
  }));
  await knexOf(app).batchInsert('products', rows, 500);
};

/** A full-access token of Strapi's own REST API (`/api/...`), to compare its answers with the plugin's. */
export const createRestToken = async (app: TestApp): Promise<string> =>
  (
    await app.strapi
      .service('admin::api-token')
      .create({ name: 'rest', description: '', type: 'full-access', kind: 'content-api', lifespan: null })
  ).accessKey;
