import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createEndpoint, createKey, knexOf, type KeyFixture } from './fixtures';
import { startApp, type AdminClient, type TestApp } from './strapi';
import { keySecret } from './secrets';

/**
 * What the Browser Session suites share (docs/sessions.md): `/_api/_session` logs site users in and out, Browser
 * Session endpoints answer only their kind of logged-in user and hand it to `user.*` variables, and the origin
 * check and CORS keep other sites' pages out. The server listens on 127.0.0.1, so the site's own pages have a real
 * origin to send. `app`, `admin`, `key` and `base` are the running suite's, set by `boot`.
 */
export let app: TestApp;
export let admin: AdminClient;
export let key: KeyFixture;
export let base: string;

export const SITE_USER = 'plugin::users-permissions.user';
export const ADMIN_USER = 'admin::user';
const COOKIE = 'data_api_session';
export const PASSWORD = 'Customer123!';
export const LISTED = 'http://localhost:4000';
export const OTHER = 'https://elsewhere.example';
export const PUBLIC_ORIGIN = 'https://public.example.org';
export const MAX_AGE_MS = 2 * 3600_000;
export const MAX_FAILURES = 3;
export const MAX_FAILURES_PER_IP = 6;
export const ENV = {
  DATA_API_CORS_ORIGINS: `${LISTED},https://shop.example.com`,
  DATA_API_SESSION_MAX_AGE_MS: String(MAX_AGE_MS),
  DATA_API_LOGIN_MAX_FAILURES: String(MAX_FAILURES),
  DATA_API_LOGIN_MAX_FAILURES_PER_IP: String(MAX_FAILURES_PER_IP),
};

export const UNAUTHORIZED = { status: 401, body: { success: false, error: 'Unauthorized' } };
export const ORIGIN_REFUSED = { status: 403, body: { success: false, error: 'Origin not allowed' } };

export const v = (name: string) => ({ $var: name });
export const ownedByUser = { user: { id: { $eq: v('user.id') } } };
export const siteAuth = { method: 'session', userObject: SITE_USER };
export const adminAuth = { method: 'session', userObject: ADMIN_USER };

export const knex = () => knexOf(app);
export const http = () => supertest(base);
/** The user id of `customer<n>` (the `user` of customer n). */
export const userIds: Record<number, number> = {};

export const statusAndBody = (response: { status: number; body: unknown }) => ({
  status: response.status,
  body: response.body,
});
export const setCookies = (response: supertest.Response): string[] =>
  ([] as string[]).concat((response.headers['set-cookie'] as unknown as string[] | undefined) ?? []);
export const sessionCookieLine = (response: supertest.Response) =>
  setCookies(response).find((c) => c.startsWith(`${COOKIE}=`));
export const tokenOf = (response: supertest.Response) =>
  /^data_api_session=([^;]*)/.exec(sessionCookieLine(response) ?? '')?.[1];
export const hashOf = (token: string) => createHmac('sha256', keySecret()).update(`session:${token}`).digest('hex');
/** The stamp a session keeps of its user's password hash. */
export const stampOf = (hash: string) => createHmac('sha256', keySecret()).update(`password:${hash}`).digest('hex');

/** `POST /_api/_session` from a page of `origin` (the site's own by default). */
export const logIn = (identifier: string, password = PASSWORD, origin: string | null = base) => {
  const request = http().post('/_api/_session').set('User-Agent', 'session-tests');
  if (origin) request.set('Origin', origin);
  return request.send({ identifier, password });
};

/** Logs `customer<n>` in and returns the session token of its cookie. */
export const session = async (n: number) => {
  const response = await logIn(`customer${n}@example.com`);
  expect(response.status).toBe(200);
  return tokenOf(response)!;
};

/** A request sent by a browser holding `token`, from a page of `origin` (null: no Origin header). */
export const withCookie = (request: supertest.Test, token: string, origin: string | null = base) => {
  request.set('Cookie', `${COOKIE}=${token}`);
  return origin ? request.set('Origin', origin) : request;
};
export const whoAmI = (token: string, origin: string | null = base) =>
  withCookie(http().get('/_api/_session'), token, origin);
export const myOrders = (token: string, origin: string | null = base) =>
  withCookie(http().get('/_api/me/orders'), token, origin);
export const bearer = (request: supertest.Test, token: string) => request.set('Authorization', `Bearer ${token}`);

export const sessionRows = () => knex()('data_api_sessions').orderBy('id');
export const sessionRowOf = (token: string) => knex()('data_api_sessions').where('token_hash', hashOf(token)).first();
export const throttleRows = () => knex()('data_api_login_throttles').orderBy('id');
export const setUser = (n: number, values: Record<string, unknown>) =>
  knex()('up_users').where('id', userIds[n]).update(values);
export const customer = (id: number) => knex()('customers').where('id', id).first();
export const count = async (table: string) => Number((await knex()(table).count({ n: '*' }))[0].n);

/** Ids of the orders of the customer whose user is `userId`, read with Strapi's own query engine. */
export const ordersOfUser = async (userId: number) =>
  (
    await app.strapi.db
      .query('api::order.order')
      .findMany({ where: { customer: { user: { id: userId } } }, select: ['id'], orderBy: { id: 'asc' } })
  ).map((row) => row.id as number);

export const itemIds = (response: supertest.Response) =>
  (response.body.items as Array<{ id: number }>).map((i) => i.id);

/** Boots the playground with `env`, listening on 127.0.0.1, with the endpoints the tests call. */
const boot = async (env: Record<string, string>) => {
  app = await startApp(env);
  const server = app.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await app.admin();
  key = await createKey(admin, 'sessions');
  for (const n of [1, 2, 3]) {
    userIds[n] = Number((await knex()('up_users').where('username', `customer${n}`).first('id')).id);
  }
  await createEndpoint(admin, key, {
    path: 'me/orders',
    type: 'list',
    object: 'api::order.order',
    filter: { customer: ownedByUser },
    fields: [{ name: 'id' }],
    sort: [{ field: 'id', dir: 'asc' }],
    auth: siteAuth,
  });
  await createEndpoint(admin, key, {
    path: 'me/customers',
    type: 'modify',
    object: 'api::customer.customer',
    parameter: 'required',
    fields: [{ name: 'name' }],
    filter: ownedByUser,
    auth: siteAuth,
  });
};

/**
 * The set-up of every session suite: before its tests, the playground booted with `env` (`app`, `admin`, `key`
 * and `base` then set); before each test, no failed logins counted (all tests come from 127.0.0.1); after them,
 * the app stopped.
 */
export const sessionSuite = (env: Record<string, string> = ENV) => {
  beforeAll(async () => {
    await boot(env);
  });
  afterAll(async () => {
    await app?.stop();
  });
  beforeEach(async () => {
    await knex()('data_api_login_throttles').del();
  });
};

/**
 * The endpoints of users' own data (a List by \`user.email\`, Lists of products by role or username for site users
 * and for admins, Creates of customers and orders bound to \`user.id\`): the per-user data tests read and write
 * through them, the origin checks refuse calls to them. Made once per app, whichever part asks first.
 */
let userDataEndpoints: Promise<void> | undefined;
export const createUserDataEndpoints = () => (userDataEndpoints ??= userDataEndpointsMade());

const userDataEndpointsMade = async () => {
  const roleOrUsername = { $or: [{ category: { $eq: v('user.role') } }, { title: { $eq: v('user.username') } }] };
  await createEndpoint(admin, key, {
    path: 'me/customer',
    type: 'list',
    object: 'api::customer.customer',
    filter: { email: { $eq: v('user.email') } },
    fields: [{ name: 'id' }, { name: 'email' }],
    auth: siteAuth,
  });
  const products = {
    type: 'list',
    object: 'api::product.product',
    filter: roleOrUsername,
    fields: [{ name: 'id' }, { name: 'title' }],
    sort: [{ field: 'id', dir: 'asc' }],
  };
  await createEndpoint(admin, key, { ...products, path: 'me/products', auth: siteAuth });
  await createEndpoint(admin, key, { ...products, path: 'staff/products', auth: adminAuth });
  await createEndpoint(admin, key, {
    path: 'me/customers',
    type: 'create',
    object: 'api::customer.customer',
    fields: [
      { name: 'name', required: true },
      { name: 'email', required: true },
    ],
    presets: { user: v('user.id') },
    filter: ownedByUser,
    auth: siteAuth,
  });
  await createEndpoint(admin, key, {
    path: 'me/orders',
    type: 'create',
    object: 'api::order.order',
    fields: [{ name: 'customer' }, { name: 'product' }, { name: 'quantity', required: true }],
    tasks: [
      {
        action: 'raise-error',
        when: { not: { match: { customer: ownedByUser } } },
        message: 'Orders are placed for your own customer account',
      },
    ],
    auth: siteAuth,
  });
};
