import supertest from 'supertest';
import {
  app,
  admin,
  base,
  SITE_USER,
  PASSWORD,
  OTHER,
  PUBLIC_ORIGIN,
  ENV,
  UNAUTHORIZED,
  ORIGIN_REFUSED,
  knex,
  http,
  userIds,
  statusAndBody,
  setCookies,
  session,
  withCookie,
  myOrders,
  bearer,
  customer,
  ordersOfUser,
  itemIds,
  sessionSuite,
} from '../helpers/session-suite';

sessionSuite({ ...ENV, UP_JWT_MANAGEMENT: 'refresh', UP_REFRESH_COOKIE: 'true', PUBLIC_URL: PUBLIC_ORIGIN });

describe('users-permissions refresh cookie (refresh mode, its own boot)', () => {
  const REFRESH_COOKIE = 'strapi_up_refresh';
  let refreshCookie: string;
  let accessToken: string;

  beforeAll(async () => {
    const auth = await http().post('/api/auth/local').send({ identifier: 'customer1@example.com', password: PASSWORD });
    expect(auth.status).toBe(200);
    expect(auth.body.refreshToken).toBeUndefined();
    accessToken = auth.body.jwt;
    const line = setCookies(auth).find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    expect(line).toMatch(/httponly/i);
    refreshCookie = /^strapi_up_refresh=([^;]+)/.exec(line!)![1];
  });

  const withRefresh = (request: supertest.Test, origin: string | null = base) => {
    request.set('Cookie', `${REFRESH_COOKIE}=${refreshCookie}`);
    return origin ? request.set('Origin', origin) : request;
  };

  test('the refresh cookie of /api/auth/local identifies the site user', async () => {
    const who = await withRefresh(http().get('/_api/_session'));
    expect(statusAndBody(who)).toEqual({
      status: 200,
      body: {
        success: true,
        userObject: SITE_USER,
        user: { id: userIds[1], username: 'customer1', email: 'customer1@example.com', role: 'authenticated' },
        expiresAt: null,
      },
    });
    const orders = await withRefresh(http().get('/_api/me/orders'));
    expect(orders.status).toBe(200);
    expect(itemIds(orders)).toEqual(await ordersOfUser(userIds[1]));
  });

  test('with a public URL set, its origin is the site’s own too', async () => {
    const token = await session(3);
    for (const origin of [PUBLIC_ORIGIN, base]) {
      expect(
        (await withCookie(http().patch('/_api/me/customers/3'), token, origin).send({ name: origin })).status
      ).toBe(200);
      expect((await customer(3)).name).toBe(origin);
    }
    const before = await customer(3);
    for (const origin of [`${PUBLIC_ORIGIN}:8443`, PUBLIC_ORIGIN.replace('https:', 'http:')]) {
      expect(
        statusAndBody(await withCookie(http().patch('/_api/me/customers/3'), token, origin).send({ name: 'Forged' }))
      ).toEqual(ORIGIN_REFUSED);
    }
    expect(await customer(3)).toEqual(before);
  });

  test('the origin check holds for it', async () => {
    expect(statusAndBody(await withRefresh(http().get('/_api/me/orders'), OTHER))).toEqual(ORIGIN_REFUSED);
    expect(statusAndBody(await withRefresh(http().get('/_api/me/orders'), 'https://tampered.example'))).toEqual(
      ORIGIN_REFUSED
    );
  });

  test('the access token works as Bearer; the plugin’s own login works in refresh mode too', async () => {
    const orders = await bearer(http().get('/_api/me/orders').set('Origin', base), accessToken);
    expect(orders.status).toBe(200);
    expect(itemIds(orders)).toEqual(await ordersOfUser(userIds[1]));
    const token = await session(2);
    const mine = await myOrders(token);
    expect(itemIds(mine)).toEqual(await ordersOfUser(userIds[2]));
  });

  test('a password changed in the admin panel ends the refresh cookie and access token issued before it', async () => {
    const auth = await http().post('/api/auth/local').send({ identifier: 'customer3@example.com', password: PASSWORD });
    expect(auth.status).toBe(200);
    const cookie = /^strapi_up_refresh=([^;]+)/.exec(
      setCookies(auth).find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!
    )![1];
    const withIt = (request: supertest.Test) =>
      request.set('Cookie', `${REFRESH_COOKIE}=${cookie}`).set('Origin', base);
    expect((await withIt(http().get('/_api/me/orders'))).status).toBe(200);
    expect((await bearer(http().get('/_api/me/orders').set('Origin', base), auth.body.jwt)).status).toBe(200);
    const { document_id: documentId } = await knex()('up_users').where('id', userIds[3]).first('document_id');
    await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
    const users = app.strapi.plugin('users-permissions').service('user');
    try {
      const edited = await admin.put(`/content-manager/collection-types/${SITE_USER}/${documentId}`, {
        password: 'Changed-Pa55',
      });
      expect(edited.status).toBe(200);
      expect(statusAndBody(await withIt(http().get('/_api/me/orders')))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await bearer(http().get('/_api/me/orders').set('Origin', base), auth.body.jwt))).toEqual(
        UNAUTHORIZED
      );
      // Nor can the old refresh token mint a new access token, which would carry a new issue time.
      const refreshed = await withIt(http().post('/api/auth/refresh')).send({});
      expect(refreshed.status).toBe(401);
      expect(refreshed.body.jwt).toBeUndefined();
    } finally {
      await users.edit(userIds[3], { password: PASSWORD });
    }
  });

  test('after users-permissions logs out, the refresh cookie is no one', async () => {
    const logout = await bearer(withRefresh(http().post('/api/auth/logout'), null), accessToken).send({});
    expect(logout.status).toBe(200);
    expect(statusAndBody(await withRefresh(http().get('/_api/_session')))).toEqual(UNAUTHORIZED);
    expect(statusAndBody(await withRefresh(http().get('/_api/me/orders')))).toEqual(UNAUTHORIZED);
  });
});
