import supertest from 'supertest';
import { createEndpoint } from '../helpers/fixtures';
import {
  admin,
  key,
  base,
  PASSWORD,
  LISTED,
  OTHER,
  PUBLIC_ORIGIN,
  UNAUTHORIZED,
  ORIGIN_REFUSED,
  ownedByUser,
  siteAuth,
  knex,
  http,
  userIds,
  statusAndBody,
  tokenOf,
  logIn,
  session,
  withCookie,
  whoAmI,
  myOrders,
  bearer,
  sessionRowOf,
  throttleRows,
  customer,
  count,
  ordersOfUser,
  itemIds,
  sessionSuite,
  createUserDataEndpoints,
} from '../helpers/session-suite';

sessionSuite();

beforeAll(async () => {
  await createUserDataEndpoints();
});

describe('CSRF: the origin check', () => {
  test('a read with the cookie from another site’s page is 403, from the site’s own or a listed one 200', async () => {
    const token = await session(1);
    expect(statusAndBody(await whoAmI(token, OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await myOrders(token, OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await myOrders(token, 'null'))).toEqual(ORIGIN_REFUSED);
    // Without Origin, the Referer's origin counts.
    expect(statusAndBody(await myOrders(token, null).set('Referer', `${OTHER}/page.html`))).toEqual(ORIGIN_REFUSED);
    expect((await myOrders(token, null).set('Referer', `${base}/shop/page.html?x=1`)).status).toBe(200);
    expect((await myOrders(token, base)).status).toBe(200);
    expect((await myOrders(token, LISTED)).status).toBe(200);
    // Neither header: reads are allowed.
    expect((await myOrders(token, null)).status).toBe(200);
    expect((await whoAmI(token, null)).status).toBe(200);
    expect((await withCookie(http().head('/_api/me/orders'), token, null)).status).toBe(200);
  });

  test('a refused write changes nothing', async () => {
    const token = await session(1);
    const rename = (origin: string | null) =>
      withCookie(http().patch('/_api/me/customers/1'), token, origin).send({ name: 'Forged' });
    const before = await customer(1);
    expect(statusAndBody(await rename(OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await rename(null))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await rename(null).set('Referer', `${OTHER}/`))).toEqual(ORIGIN_REFUSED);
    expect(await customer(1)).toEqual(before);

    const customers = await count('customers');
    const create = (origin: string | null) =>
      withCookie(http().post('/_api/me/customers'), token, origin).send({
        name: 'Forged',
        email: 'forged@example.com',
      });
    expect(statusAndBody(await create(OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await create(null))).toEqual(ORIGIN_REFUSED);
    expect(await count('customers')).toBe(customers);

    // From the site's own page (by Referer) or a listed origin, the same write goes through.
    expect((await rename(null).set('Referer', `${base}/account`)).status).toBe(200);
    expect((await customer(1)).name).toBe('Forged');
    const renamed = await withCookie(http().patch('/_api/me/customers/1'), token, LISTED).send({ name: 'Listed' });
    expect(renamed.status).toBe(200);
    expect((await customer(1)).name).toBe('Listed');
  });

  test('logout from another site, or naming no origin, is refused and the session lives on', async () => {
    const token = await session(2);
    expect(statusAndBody(await withCookie(http().delete('/_api/_session'), token, OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await withCookie(http().delete('/_api/_session'), token, null))).toEqual(ORIGIN_REFUSED);
    expect(await sessionRowOf(token)).toBeDefined();
    expect((await whoAmI(token)).status).toBe(200);
  });

  test('a login from another site, or naming no origin, is refused before the password is read', async () => {
    const sessions = await count('data_api_sessions');
    expect(statusAndBody(await logIn('customer1@example.com', PASSWORD, OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await logIn('customer1@example.com', PASSWORD, null))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await logIn('customer1@example.com', 'wrong', OTHER))).toEqual(ORIGIN_REFUSED);
    expect(await count('data_api_sessions')).toBe(sessions);
    expect(await throttleRows()).toEqual([]);
  });

  test('a Delete endpoint: refused from another site or from no page, and only the caller’s own records', async () => {
    await createEndpoint(admin, key, {
      path: 'me/orders',
      type: 'delete',
      object: 'api::order.order',
      parameter: 'required',
      filter: { customer: ownedByUser },
      auth: siteAuth,
    });
    const token = await session(1);
    const [mine, theirs] = [(await ordersOfUser(userIds[1]))[0], (await ordersOfUser(userIds[2]))[0]];
    const remove = (id: number, origin: string | null) =>
      withCookie(http().delete(`/_api/me/orders/${id}`), token, origin);
    const exists = async (id: number) => Boolean(await knex()('orders').where('id', id).first());

    expect(statusAndBody(await remove(mine, OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await remove(mine, null))).toEqual(ORIGIN_REFUSED);
    expect(await exists(mine)).toBe(true);
    expect(statusAndBody(await remove(theirs, base))).toEqual({
      status: 404,
      body: { success: false, error: 'Record not found' },
    });
    expect(await exists(theirs)).toBe(true);
    expect(statusAndBody(await remove(mine, base))).toEqual({ status: 200, body: { success: true } });
    expect(await exists(mine)).toBe(false);
  });

  test('the origin of the public URL is not the site’s own when no public URL is set', async () => {
    expect(statusAndBody(await myOrders(await session(1), PUBLIC_ORIGIN))).toEqual(ORIGIN_REFUSED);
  });

  test('admins are held to the origin check too', async () => {
    const staff = (origin: string) => bearer(http().get('/_api/staff/products').set('Origin', origin), admin.token);
    expect(statusAndBody(await staff(OTHER))).toEqual(ORIGIN_REFUSED);
    expect((await staff(base)).status).toBe(200);
  });

  test('API-key endpoints have no origin check', async () => {
    await createEndpoint(admin, key, {
      path: 'keyed/products',
      type: 'create',
      object: 'api::product.product',
      fields: [{ name: 'title', required: true }],
    });
    const post = (origin: string | null) => {
      const request = bearer(http().post('/_api/keyed/products'), key.secret);
      return (origin ? request.set('Origin', origin) : request).send({ title: `Keyed from ${origin}` });
    };
    expect((await post(OTHER)).status).toBe(201);
    expect((await post(null)).status).toBe(201);
    const titles = await knex()('products')
      .whereIn('title', [`Keyed from ${OTHER}`, 'Keyed from null'])
      .orderBy('title')
      .pluck('title');
    expect(titles).toEqual(['Keyed from null', `Keyed from ${OTHER}`].sort());
  });
});

describe('CORS', () => {
  const keyed = { path: 'keyed/list', type: 'list', object: 'api::product.product', fields: [{ name: 'id' }] };
  const preflight = (path: string, origin: string, method: string) =>
    http()
      .options(path)
      .set('Origin', origin)
      .set('Access-Control-Request-Method', method)
      .set('Access-Control-Request-Headers', 'content-type');
  const cors = (response: supertest.Response) => ({
    status: response.status,
    origin: response.headers['access-control-allow-origin'],
    credentials: response.headers['access-control-allow-credentials'],
  });

  beforeAll(async () => {
    await createEndpoint(admin, key, keyed);
  });

  test('every /_api answer varies on Origin', async () => {
    const token = await session(1);
    const responses = [
      await http().get('/_api/nothing/here').set('Origin', OTHER),
      await http().get('/_api/me/orders'),
      await myOrders(token),
      await myOrders(token, OTHER),
      await bearer(http().get('/_api/keyed/list'), key.secret),
      await preflight('/_api/me/orders', LISTED, 'GET'),
      await preflight('/_api/me/orders', OTHER, 'GET'),
      await http().get('/_api/_session'),
      await preflight('/_api/_session', LISTED, 'POST'),
    ];
    for (const response of responses) {
      expect(response.headers.vary?.split(/\s*,\s*/)).toContain('Origin');
    }
  });

  test('preflight of a session endpoint: a listed origin gets its method with credentials', async () => {
    const response = await preflight('/_api/me/orders', LISTED, 'GET');
    expect(response.status).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': LISTED,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'Authorization, Content-Type, Accept, If-None-Match',
      'access-control-max-age': '600',
    });
    const patch = await preflight('/_api/me/customers/1', LISTED, 'PATCH');
    expect(patch.status).toBe(204);
    expect(patch.headers['access-control-allow-methods']).toBe('PATCH');
    expect(patch.headers['access-control-allow-credentials']).toBe('true');
    // Every origin of the comma-separated list is listed.
    expect(cors(await preflight('/_api/me/orders', 'https://shop.example.com', 'GET'))).toEqual({
      status: 204,
      origin: 'https://shop.example.com',
      credentials: 'true',
    });
  });

  test('preflight of a session endpoint or of /_api/_session from an unlisted origin: 403, no CORS headers', async () => {
    for (const [path, method] of [
      ['/_api/me/orders', 'GET'],
      ['/_api/me/customers', 'POST'],
      ['/_api/_session', 'POST'],
    ]) {
      const response = await preflight(path, OTHER, method);
      expect(statusAndBody(response)).toEqual(ORIGIN_REFUSED);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  test('preflight of an API-key endpoint: any origin with *, a listed one by name with credentials', async () => {
    const any = await preflight('/_api/keyed/list', OTHER, 'GET');
    expect(cors(any)).toEqual({ status: 204, origin: '*', credentials: undefined });
    expect(any.headers['access-control-allow-methods']).toBe('GET');
    expect(any.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Accept, If-None-Match');
    expect(cors(await preflight('/_api/keyed/list', LISTED, 'GET'))).toEqual({
      status: 204,
      origin: LISTED,
      credentials: 'true',
    });
  });

  test('preflight of /_api/_session from a listed origin', async () => {
    const response = await preflight('/_api/_session', LISTED, 'POST');
    expect(cors(response)).toEqual({ status: 204, origin: LISTED, credentials: 'true' });
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, DELETE');
  });

  test('actual requests: credentials for listed origins only, * for API keys, never both', async () => {
    const token = await session(1);
    const listed = await myOrders(token, LISTED);
    expect(cors(listed)).toEqual({ status: 200, origin: LISTED, credentials: 'true' });
    expect(listed.headers['access-control-expose-headers']).toBe(
      'Link, Allow, Retry-After, WWW-Authenticate, ETag, RateLimit, RateLimit-Policy'
    );
    expect(itemIds(listed)).toEqual(await ordersOfUser(userIds[1]));

    const other = await myOrders(token, OTHER);
    expect(cors(other)).toEqual({ status: 403, origin: undefined, credentials: undefined });

    // The site's own page needs no CORS headers.
    expect(cors(await myOrders(token, base))).toEqual({ status: 200, origin: undefined, credentials: undefined });

    const keyedOther = await bearer(http().get('/_api/keyed/list').set('Origin', OTHER), key.secret);
    expect(cors(keyedOther)).toEqual({ status: 200, origin: '*', credentials: undefined });
    expect(keyedOther.headers['access-control-expose-headers']).toBe(
      'Link, Allow, Retry-After, WWW-Authenticate, ETag, RateLimit, RateLimit-Policy'
    );
    const keyedListed = await bearer(http().get('/_api/keyed/list').set('Origin', LISTED), key.secret);
    expect(cors(keyedListed)).toEqual({ status: 200, origin: LISTED, credentials: 'true' });

    for (const response of [listed, other, keyedOther, keyedListed]) {
      expect(
        response.headers['access-control-allow-origin'] === '*' && response.headers['access-control-allow-credentials']
      ).toBeFalsy();
    }
  });

  test('a page on a listed origin logs in, and its cookie then works from there', async () => {
    const response = await logIn('customer2@example.com', PASSWORD, LISTED);
    expect(response.status).toBe(200);
    expect(cors(response)).toEqual({ status: 200, origin: LISTED, credentials: 'true' });
    expect(response.body.user.id).toBe(userIds[2]);
    const token = tokenOf(response)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const who = await whoAmI(token, LISTED);
    expect(cors(who)).toEqual({ status: 200, origin: LISTED, credentials: 'true' });
    expect(who.body.user.email).toBe('customer2@example.com');
    const orders = await myOrders(token, LISTED);
    expect(orders.status).toBe(200);
    expect(itemIds(orders)).toEqual(await ordersOfUser(userIds[2]));

    const logout = await withCookie(http().delete('/_api/_session'), token, LISTED);
    expect(cors(logout)).toEqual({ status: 200, origin: LISTED, credentials: 'true' });
    expect(statusAndBody(await myOrders(token, LISTED))).toEqual(UNAUTHORIZED);
  });
});
