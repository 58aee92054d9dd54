import type { Core } from '@strapi/strapi';
import { createStrapi } from '@strapi/strapi';
import supertest from 'supertest';
import { createFreshDatabase, PLAYGROUND } from './database';

export const ADMIN = { email: 'admin@example.com', password: 'Admin12345!' };

export interface TestApp {
  strapi: Core.Strapi;
  http: () => supertest.Agent;
  /** An admin API client logged in as the playground's super admin. */
  admin: () => Promise<AdminClient>;
  stop: () => Promise<void>;
}

export interface AdminClient {
  token: string;
  get: (path: string) => supertest.Test;
  post: (path: string, body: unknown) => supertest.Test;
  put: (path: string, body: unknown) => supertest.Test;
  del: (path: string) => supertest.Test;
}

export const adminClient = (http: () => supertest.Agent, token: string): AdminClient => {
  const auth = (test: supertest.Test) => test.set('Authorization', `Bearer ${token}`);
  return {
    token,
    get: (path) => auth(http().get(path)),
    post: (path, body) =>
      auth(
        http()
          .post(path)
          .send(body as object)
      ),
    put: (path, body) =>
      auth(
        http()
          .put(path)
          .send(body as object)
      ),
    del: (path) => auth(http().delete(path)),
  };
};

export const login = async (http: () => supertest.Agent, email: string, password: string) => {
  const response = await http().post('/admin/login').send({ email, password });
  if (response.status !== 200)
    throw new Error(`admin login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.token as string;
};

/**
 * Waits until no query runs. Strapi's Document Service announces a write (`entry.create`, with a deep populate)
 * after the transaction commits, un-awaited: stopping the app meanwhile would cut that query short.
 */
const settle = async (strapi: Core.Strapi) => {
  const pool = (strapi.db.connection as unknown as { client: { pool: Tarn } }).client.pool;
  let quiet = 0;
  for (let i = 0; i < 250 && quiet < 3; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    quiet = pool.numUsed() + pool.numPendingAcquires() === 0 ? quiet + 1 : 0;
  }
};
type Tarn = { numUsed(): number; numPendingAcquires(): number };

/**
 * Boots the playground in-process on a database of its own with the demo seed, as the tests' Strapi: a copy of
 * the run's template, or with `seedHere` an empty one seeded by this boot, for a suite whose seed must go through
 * its own config (its upload provider stores the seed's images).
 */
export const startApp = async (env: Record<string, string> = {}, { seedHere = false } = {}): Promise<TestApp> => {
  const database = await createFreshDatabase({ empty: seedHere });
  Object.assign(process.env, {
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'error',
    ...database.env,
    ...env,
  });
  const strapi = await createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND }).load();
  // Strapi skips a plugin whose build is missing without a word: every suite would test nothing.
  if (!strapi.plugin('data-api')) throw new Error('the data-api plugin is not loaded: build it (npm run build)');
  strapi.server.mount();
  const server = strapi.server.httpServer;
  const http = () => supertest.agent(server);
  let adminToken: string | null = null;
  return {
    strapi,
    http,
    admin: async () => adminClient(http, (adminToken ??= await login(http, ADMIN.email, ADMIN.password))),
    stop: async () => {
      await settle(strapi);
      await strapi.destroy();
      await database.drop();
    },
  };
};

/** A permission of an admin role: an action alone (no subject), or in full (Content Manager rights). */
export type Grant =
  | string
  | { action: string; subject?: string | null; properties?: Record<string, unknown>; conditions?: string[] };

export const permissionOf = (grant: Grant) =>
  typeof grant === 'string'
    ? { action: grant, subject: null, properties: {}, conditions: [] }
    : { subject: null, properties: {}, conditions: [], ...grant };

/** An admin API client for a new admin whose only role (`roleId`) holds exactly `grants`. */
export const adminWith = async (app: TestApp, email: string, grants: Grant[]) => {
  const role = await app.strapi.service('admin::role').create({ name: `role ${email}`, description: 'test' });
  if (grants.length) await app.strapi.service('admin::role').assignPermissions(role.id, grants.map(permissionOf));
  const user = await app.strapi
    .service('admin::user')
    .create({ email, firstname: 'T', lastname: 'T', password: 'Passw0rd!x', isActive: true, roles: [role.id] });
  const client = adminClient(app.http, await login(app.http, email, 'Passw0rd!x'));
  return Object.assign(client, { roleId: role.id as number, userId: user.id as number });
};
