import supertest from 'supertest';
import { createEndpoint } from '../helpers/fixtures';
import {
  app,
  admin,
  base,
  SITE_USER,
  PASSWORD,
  UNAUTHORIZED,
  knex,
  http,
  userIds,
  statusAndBody,
  sessionCookieLine,
  tokenOf,
  hashOf,
  stampOf,
  logIn,
  session,
  whoAmI,
  myOrders,
  sessionRows,
  sessionRowOf,
  setUser,
  count,
  sessionSuite,
  key,
  MAX_AGE_MS,
  withCookie,
  bearer,
  throttleRows,
  ordersOfUser,
  itemIds,
  LISTED,
  OTHER,
  PUBLIC_ORIGIN,
  ORIGIN_REFUSED,
  ownedByUser,
  siteAuth,
  customer,
  createUserDataEndpoints,
  ADMIN_USER,
  MAX_FAILURES,
  MAX_FAILURES_PER_IP,
  v,
} from '../helpers/session-suite';
import { login as adminLogin } from '../helpers/strapi';

sessionSuite();

describe('expiry', () => {
  describe('expiry and revocation', () => {
    test('an expired session is 401 on GET /_api/_session and on session endpoints, and the clean-up drops it', async () => {
      const token = await session(2);
      expect((await myOrders(token)).status).toBe(200);
      await knex()('data_api_sessions')
        .where('token_hash', hashOf(token))
        .update({ expires_at: new Date(Date.now() - 60_000) });
      expect(statusAndBody(await whoAmI(token))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await myOrders(token))).toEqual(UNAUTHORIZED);
      const { id } = await sessionRowOf(token);
      expect((await admin.get('/data-api/sessions')).body.data.map((s: { id: number }) => s.id)).not.toContain(id);

      // Logins remove expired rows at most once a minute, off their own path: the same clean-up, run here.
      await app.strapi.plugin('data-api').service('sessions').removeExpired();
      expect(await sessionRowOf(token)).toBeUndefined();
    });

    test('a changed password ends the sessions opened before it', async () => {
      const token = await session(3);
      expect((await whoAmI(token)).status).toBe(200);
      const users = app.strapi.plugin('users-permissions').service('user');
      await users.edit(userIds[3], { password: 'Changed-Pa55' });
      try {
        expect(statusAndBody(await whoAmI(token))).toEqual(UNAUTHORIZED);
        expect(statusAndBody(await myOrders(token))).toEqual(UNAUTHORIZED);
      } finally {
        await users.edit(userIds[3], { password: PASSWORD });
      }
      // Changed back, the old stamp does not return: the session stays ended until the user logs in again.
      expect(statusAndBody(await whoAmI(token))).toEqual(UNAUTHORIZED);
      expect((await whoAmI(await session(3))).status).toBe(200);
    });

    test('the admin API leaves out the sessions a changed password ended', async () => {
      const ended = await session(3);
      const other = await session(2);
      const listed = async () => (await admin.get('/data-api/sessions')).body.data.map((s: { id: number }) => s.id);
      const [endedId, otherId] = [(await sessionRowOf(ended)).id, (await sessionRowOf(other)).id];
      expect(await listed()).toEqual(expect.arrayContaining([endedId, otherId]));
      const users = app.strapi.plugin('users-permissions').service('user');
      await users.edit(userIds[3], { password: 'Changed-Pa55' });
      try {
        const ids = await listed();
        expect(ids).not.toContain(endedId);
        expect(ids).toContain(otherId);
      } finally {
        await users.edit(userIds[3], { password: PASSWORD });
      }
      expect(await listed()).not.toContain(endedId);
    });

    test('a login past the cap of sessions per user ends that user’s oldest session', async () => {
      const cap = app.strapi.config.get<number>('plugin::data-api.session.maxPerUser');
      expect(cap).toBe(20);
      const sessionsOf = async (n: number) =>
        (await knex()('data_api_sessions').where('user_id', userIds[n]).orderBy('id')).map(
          (row: { token_hash: string }) => row.token_hash
        );
      await knex()('data_api_sessions').where('user_id', userIds[1]).del();
      const others = await sessionsOf(2);
      const tokens = [];
      for (let i = 0; i < cap; i++) tokens.push(await session(1));
      expect(await sessionsOf(1)).toEqual(tokens.map(hashOf));
      expect((await whoAmI(tokens[0])).status).toBe(200);

      const newest = await session(1);
      expect(await sessionsOf(1)).toEqual([...tokens.slice(1), newest].map(hashOf));
      expect(statusAndBody(await whoAmI(tokens[0]))).toEqual(UNAUTHORIZED);
      for (const token of [tokens[1], newest]) expect((await whoAmI(token)).status).toBe(200);
      // Other users' sessions are not touched.
      expect(await sessionsOf(2)).toEqual(others);
    });

    test('the admin API lists live sessions, newest first, without their tokens', async () => {
      const older = await session(2);
      const newer = tokenOf(
        await http()
          .post('/_api/_session')
          .set('Origin', base)
          .set('User-Agent', 'Browser B')
          .send({ identifier: 'customer3', password: PASSWORD })
      )!;
      const response = await admin.get('/data-api/sessions');
      expect(response.status).toBe(200);
      const [first, second] = response.body.data;
      const rows = [await sessionRowOf(newer), await sessionRowOf(older)];
      expect(first).toEqual({
        id: rows[0].id,
        userObject: SITE_USER,
        user: { id: userIds[3], email: 'customer3@example.com', username: 'customer3' },
        ip: expect.stringContaining('127.0.0.1'),
        userAgent: 'Browser B',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(second).toMatchObject({
        id: rows[1].id,
        userObject: SITE_USER,
        user: { id: userIds[2], email: 'customer2@example.com', username: 'customer2' },
        userAgent: 'session-tests',
      });
      const ids = response.body.data.map((s: { id: number }) => s.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      // Every row that still lets its user in: not those a password change ended (a deleted user's stay listed).
      await app.strapi.plugin('data-api').service('sessions').removeExpired();
      const passwords = new Map(
        (await knex()('up_users').select('id', 'password')).map((u: { id: number; password: string }) => [
          Number(u.id),
          u.password,
        ])
      );
      const usable = (await sessionRows()).filter(
        (row: { user_id: number; password_stamp: string }) =>
          !passwords.has(Number(row.user_id)) || row.password_stamp === stampOf(passwords.get(Number(row.user_id))!)
      );
      expect(ids).toEqual(usable.map((row: { id: number }) => row.id).reverse());
      const text = JSON.stringify(response.body);
      for (const token of [older, newer]) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(hashOf(token));
      }
    });

    test('an admin revokes one session: that cookie is 401 at once, the others still work', async () => {
      const doomed = await session(2);
      const other = await session(3);
      const { id } = await sessionRowOf(doomed);
      const response = await admin.del(`/data-api/sessions/${id}`);
      expect(statusAndBody(response)).toEqual({ status: 200, body: { data: { id } } });
      expect(await sessionRowOf(doomed)).toBeUndefined();
      expect(statusAndBody(await whoAmI(doomed))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await myOrders(doomed))).toEqual(UNAUTHORIZED);
      expect((await myOrders(other)).status).toBe(200);

      expect((await admin.del(`/data-api/sessions/${id}`)).status).toBe(404);
      expect((await admin.del('/data-api/sessions/987654')).status).toBe(404);
    });

    test('blocking a user ends the access of its live session at once, unblocking restores it', async () => {
      const token = await session(2);
      try {
        await setUser(2, { blocked: true });
        expect(statusAndBody(await whoAmI(token))).toEqual(UNAUTHORIZED);
        expect(statusAndBody(await myOrders(token))).toEqual(UNAUTHORIZED);
      } finally {
        await setUser(2, { blocked: false });
      }
      expect((await whoAmI(token)).status).toBe(200);
      expect((await myOrders(token)).status).toBe(200);
    });

    test('a blocked user cannot log in: 403, and no session', async () => {
      const before = await count('data_api_sessions');
      try {
        await setUser(3, { blocked: true });
        const response = await logIn('customer3@example.com');
        expect(statusAndBody(response)).toEqual({
          status: 403,
          body: { success: false, error: 'Your account has been blocked by an administrator' },
        });
        expect(sessionCookieLine(response)).toBeUndefined();
        // The password is checked first: a wrong one is still 401.
        expect((await logIn('customer3@example.com', 'wrong-password')).status).toBe(401);
      } finally {
        await setUser(3, { blocked: false });
      }
      expect(await count('data_api_sessions')).toBe(before);
    });

    test('an unconfirmed user, where the site requires confirmation, cannot log in nor use a live session', async () => {
      const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
      const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
      const token = await session(3);
      try {
        await setUser(3, { confirmed: false });
        // Not required: unconfirmed users may log in.
        expect((await whoAmI(token)).status).toBe(200);
        expect((await logIn('customer3')).status).toBe(200);

        await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
        const response = await logIn('customer3');
        expect(statusAndBody(response)).toEqual({
          status: 403,
          body: { success: false, error: 'Your account email is not confirmed' },
        });
        expect(sessionCookieLine(response)).toBeUndefined();
        expect(statusAndBody(await whoAmI(token))).toEqual(UNAUTHORIZED);
        // Confirmed users are not affected.
        expect((await logIn('customer2')).status).toBe(200);
      } finally {
        await store.set({ key: 'advanced', value: advanced });
        await setUser(3, { confirmed: true });
      }
      expect((await whoAmI(token)).status).toBe(200);
    });

    test('deleting a user ends its session; the admin list keeps the row without a user', async () => {
      const role = await app.strapi.db
        .query('plugin::users-permissions.role')
        .findOne({ where: { type: 'authenticated' } });
      const leaving = await app.strapi.plugin('users-permissions').service('user').add({
        username: 'leaving',
        email: 'leaving@example.com',
        password: PASSWORD,
        provider: 'local',
        confirmed: true,
        blocked: false,
        role: role.id,
      });
      const token = tokenOf(await logIn('leaving@example.com'))!;
      expect((await whoAmI(token)).body.user).toMatchObject({ id: leaving.id, username: 'leaving' });
      await app.strapi.db.query(SITE_USER).delete({ where: { id: leaving.id } });
      expect(statusAndBody(await whoAmI(token))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await myOrders(token))).toEqual(UNAUTHORIZED);
      const { id } = await sessionRowOf(token);
      const listed = (await admin.get('/data-api/sessions')).body.data.find((s: { id: number }) => s.id === id);
      expect(listed).toMatchObject({ id, userObject: SITE_USER, user: null });
    });
  });
});

describe('login', () => {
  describe('login and logout', () => {
    test('a site user logs in with e-mail and password: 200 with the user, and an httpOnly SameSite=Lax cookie', async () => {
      const before = Date.now();
      const response = await logIn('customer1@example.com');
      const after = Date.now();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        userObject: SITE_USER,
        user: { id: userIds[1], username: 'customer1', email: 'customer1@example.com', role: 'authenticated' },
        expiresAt: expect.any(String),
      });
      const expiresAt = Date.parse(response.body.expiresAt);
      expect(new Date(expiresAt).toISOString()).toBe(response.body.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + MAX_AGE_MS);
      expect(expiresAt).toBeLessThanOrEqual(after + MAX_AGE_MS);

      // Over plain HTTP: no Secure.
      const line = sessionCookieLine(response)!;
      expect(line).toMatch(/^data_api_session=[A-Za-z0-9_-]{43}; path=\/; expires=[^;]+; samesite=lax; httponly$/);
      const cookieExpires = Date.parse(/expires=([^;]+)/.exec(line)![1]);
      expect(Math.abs(cookieExpires - expiresAt)).toBeLessThan(5000);

      // The session is stored, with only the token's HMAC.
      const token = tokenOf(response)!;
      const row = await sessionRowOf(token);
      expect(row).toMatchObject({ user_object: SITE_USER, user_id: userIds[1], user_agent: 'session-tests' });
      expect(row.ip).toContain('127.0.0.1');
      expect(JSON.stringify(await sessionRows())).not.toContain(token);
    });

    test('GET /_api/_session tells who is logged in, with the same expiry', async () => {
      const response = await logIn('customer2@example.com');
      const token = tokenOf(response)!;
      const who = await whoAmI(token);
      expect(statusAndBody(who)).toEqual({ status: 200, body: response.body });
      // HEAD answers the same status without a body.
      const head = await withCookie(http().head('/_api/_session'), token);
      expect(head.status).toBe(200);
      expect(head.text ?? '').toBe('');
    });

    test('the identifier may be the e-mail in any case, or the username', async () => {
      for (const identifier of ['CUSTOMER3@Example.COM', 'customer3']) {
        const response = await logIn(identifier);
        expect(response.status).toBe(200);
        expect(response.body.user).toEqual({
          id: userIds[3],
          username: 'customer3',
          email: 'customer3@example.com',
          role: 'authenticated',
        });
        expect(tokenOf(response)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }
    });

    test('a wrong password or an unknown user is 401, with no cookie and no session', async () => {
      const before = await count('data_api_sessions');
      for (const [identifier, password] of [
        ['customer1@example.com', 'Customer123?'],
        ['customer1', 'not-the-password'],
        ['nobody@example.com', PASSWORD],
      ]) {
        const response = await logIn(identifier, password);
        expect(statusAndBody(response)).toEqual({
          status: 401,
          body: { success: false, error: 'Invalid identifier or password' },
        });
        expect(sessionCookieLine(response)).toBeUndefined();
      }
      expect(await count('data_api_sessions')).toBe(before);
    });

    test.each([
      ['a missing password', { identifier: 'customer1@example.com' }],
      ['an extra property', { identifier: 'customer1@example.com', password: PASSWORD, remember: true }],
      ['a number as identifier', { identifier: 1, password: PASSWORD }],
      ['an empty identifier', { identifier: '', password: PASSWORD }],
      ['an array', [{ identifier: 'customer1@example.com', password: PASSWORD }]],
    ])('a body with %s is 400, and counts as no failure', async (_label, body) => {
      const response = await http()
        .post('/_api/_session')
        .set('Origin', base)
        .send(body as object);
      expect(statusAndBody(response)).toEqual({
        status: 400,
        body: { success: false, error: 'Request body must be {"identifier": string, "password": string}' },
      });
      expect(sessionCookieLine(response)).toBeUndefined();
      expect(await throttleRows()).toEqual([]);
    });

    test('a body that is not declared JSON is 415', async () => {
      const response = await http()
        .post('/_api/_session')
        .set('Origin', base)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(`identifier=customer1%40example.com&password=${encodeURIComponent(PASSWORD)}`);
      expect(statusAndBody(response)).toEqual({
        status: 415,
        body: { success: false, error: 'Request body must be JSON (Content-Type: application/json)' },
      });
      expect(sessionCookieLine(response)).toBeUndefined();
    });

    test('without a valid cookie GET /_api/_session is 401', async () => {
      expect(statusAndBody(await http().get('/_api/_session').set('Origin', base))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await whoAmI('not-a-session-token'))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await whoAmI('A'.repeat(43)))).toEqual(UNAUTHORIZED);
    });

    test('where the site turned off identifier and password logins, the login is 403', async () => {
      const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
      const grant = (await store.get({ key: 'grant' })) as Record<string, Record<string, unknown>>;
      try {
        await store.set({ key: 'grant', value: { ...grant, email: { ...grant.email, enabled: false } } });
        const response = await logIn('customer1@example.com');
        expect(statusAndBody(response)).toEqual({
          status: 403,
          body: { success: false, error: 'Login with an identifier and password is disabled' },
        });
        expect(sessionCookieLine(response)).toBeUndefined();
      } finally {
        await store.set({ key: 'grant', value: grant });
      }
      expect((await logIn('customer1@example.com')).status).toBe(200);
    });

    test('another method is 405 with Allow', async () => {
      const response = await http().put('/_api/_session').set('Origin', base).send({});
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST, DELETE, OPTIONS');
      expect(response.body).toEqual({ success: false, error: 'Method not allowed' });
    });

    test('a new login replaces the session the browser had', async () => {
      const first = await session(1);
      const response = await withCookie(http().post('/_api/_session'), first).send({
        identifier: 'customer1',
        password: PASSWORD,
      });
      expect(response.status).toBe(200);
      const second = tokenOf(response)!;
      expect(second).not.toBe(first);
      expect(await sessionRowOf(first)).toBeUndefined();
      expect(await sessionRowOf(second)).toBeDefined();
      expect(statusAndBody(await whoAmI(first))).toEqual(UNAUTHORIZED);
      expect((await whoAmI(second)).status).toBe(200);
    });

    test('logout clears the cookie and ends the session: the old cookie is 401 everywhere', async () => {
      const token = await session(1);
      expect((await myOrders(token)).status).toBe(200);
      const response = await withCookie(http().delete('/_api/_session'), token);
      expect(statusAndBody(response)).toEqual({ status: 200, body: { success: true } });
      expect(sessionCookieLine(response)).toMatch(
        /^data_api_session=; path=\/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; httponly$/
      );
      expect(await sessionRowOf(token)).toBeUndefined();
      expect(statusAndBody(await whoAmI(token))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await myOrders(token))).toEqual(UNAUTHORIZED);
      // Logging out again, or with no session at all, is harmless.
      const ok = { status: 200, body: { success: true } };
      expect(statusAndBody(await withCookie(http().delete('/_api/_session'), token))).toEqual(ok);
      expect(statusAndBody(await http().delete('/_api/_session').set('Origin', base))).toEqual(ok);
    });
  });
  describe('other users-permissions credentials', () => {
    test('the JWT of /api/auth/local as Authorization: Bearer', async () => {
      const auth = await http()
        .post('/api/auth/local')
        .send({ identifier: 'customer2@example.com', password: PASSWORD });
      expect(auth.status).toBe(200);
      const jwt = auth.body.jwt as string;
      const who = await bearer(http().get('/_api/_session').set('Origin', base), jwt);
      expect(statusAndBody(who)).toEqual({
        status: 200,
        body: {
          success: true,
          userObject: SITE_USER,
          user: { id: userIds[2], username: 'customer2', email: 'customer2@example.com', role: 'authenticated' },
          expiresAt: null,
        },
      });
      const orders = await bearer(http().get('/_api/me/orders').set('Origin', base), jwt);
      expect(orders.status).toBe(200);
      expect(itemIds(orders)).toEqual(await ordersOfUser(userIds[2]));

      // Blocking the user ends this too.
      try {
        await setUser(2, { blocked: true });
        expect(statusAndBody(await bearer(http().get('/_api/me/orders').set('Origin', base), jwt))).toEqual(
          UNAUTHORIZED
        );
      } finally {
        await setUser(2, { blocked: false });
      }
    });

    test('a changed password ends the JWTs issued before it, by any path; a JWT issued after works', async () => {
      const jwtOf = async (password: string) => {
        const auth = await http().post('/api/auth/local').send({ identifier: 'customer2@example.com', password });
        expect(auth.status).toBe(200);
        return auth.body.jwt as string;
      };
      const orders = (jwt: string) => bearer(http().get('/_api/me/orders').set('Origin', base), jwt);
      const who = (jwt: string) => bearer(http().get('/_api/_session').set('Origin', base), jwt);
      // A token's issue time has whole seconds: one issued in the same second as the change still works.
      const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
      const { document_id: documentId } = await knex()('up_users').where('id', userIds[2]).first('document_id');
      const users = app.strapi.plugin('users-permissions').service('user');
      const old = await jwtOf(PASSWORD);
      expect((await orders(old)).status).toBe(200);
      try {
        await nextSecond();
        const changed = await bearer(http().post('/api/auth/change-password'), old).send({
          currentPassword: PASSWORD,
          password: 'Changed-Pa55',
          passwordConfirmation: 'Changed-Pa55',
        });
        expect(changed.status).toBe(200);
        expect(statusAndBody(await orders(old))).toEqual(UNAUTHORIZED);
        expect(statusAndBody(await who(old))).toEqual(UNAUTHORIZED);
        const renewed = changed.body.jwt as string;
        expect((await orders(renewed)).status).toBe(200);

        // The admin panel's Content Manager (the Document Service underneath).
        await nextSecond();
        const edited = await admin.put(`/content-manager/collection-types/${SITE_USER}/${documentId}`, {
          password: 'Other-Pa55',
        });
        expect(edited.status).toBe(200);
        expect(statusAndBody(await orders(renewed))).toEqual(UNAUTHORIZED);
        const latest = await jwtOf('Other-Pa55');
        expect((await orders(latest)).status).toBe(200);
        expect((await who(latest)).body.user).toMatchObject({ id: userIds[2] });

        // Any other edit of the user leaves its tokens alone.
        await nextSecond();
        await users.edit(userIds[2], { username: 'customer2' });
        expect((await orders(latest)).status).toBe(200);
      } finally {
        await users.edit(userIds[2], { password: PASSWORD });
      }
    });

    test('an API key, or a token that is no user’s, is not a user', async () => {
      const orders = () => http().get('/_api/me/orders').set('Origin', base);
      expect(statusAndBody(await bearer(orders(), key.secret))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await bearer(orders(), 'eyJhbGciOiJIUzI1NiJ9.e30.x'))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await orders())).toEqual(UNAUTHORIZED);
    });
  });
});

describe('origins', () => {
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
          response.headers['access-control-allow-origin'] === '*' &&
            response.headers['access-control-allow-credentials']
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
});

describe('throttling and definitions', () => {
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
        data: {
          ...definition,
          path: 'defs/unknown',
          auth: { method: 'session', userObject: 'api::customer.customer' },
        },
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
});

describe('user data', () => {
  describe('per-user data', () => {
    const PRODUCT = 'api::product.product';
    const productIds: Record<string, number> = {};

    beforeAll(async () => {
      for (const [name, data] of Object.entries({
        members: { title: 'Members only', category: 'authenticated' },
        staff: { title: 'Staff only', category: 'strapi-super-admin' },
        customer2: { title: 'customer2', category: 'personal' },
      })) {
        productIds[name] = (await app.strapi.documents(PRODUCT).create({ data })).id as number;
      }
      await createUserDataEndpoints();
    });

    test('user.id: each user lists exactly the orders of its own customer', async () => {
      const [one, two] = [await session(1), await session(2)];
      const expected = [await ordersOfUser(userIds[1]), await ordersOfUser(userIds[2])];
      expect(expected[0].length).toBeGreaterThan(0);
      expect(expected[1].length).toBeGreaterThan(0);
      expect(expected[0].length).toBeLessThanOrEqual(100);
      expect(expected[1].length).toBeLessThanOrEqual(100);
      expect(expected[0].filter((id) => expected[1].includes(id))).toEqual([]);

      for (const [token, ids] of [
        [one, expected[0]],
        [two, expected[1]],
      ] as const) {
        const response = await myOrders(token);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ page: 1, total: ids.length });
        expect(itemIds(response)).toEqual(ids);
      }
      // The same, from the database's links: customer n's orders.
      const linked = await knex()('orders_customer_lnk').where('customer_id', 1).orderBy('order_id').pluck('order_id');
      expect(linked.map(Number)).toEqual(expected[0]);
    });

    test('user.email: the customer with the user’s e-mail', async () => {
      const response = await withCookie(http().get('/_api/me/customer'), await session(3));
      expect(response.status).toBe(200);
      expect(response.body.items).toEqual([{ id: 3, email: 'customer3@example.com' }]);
    });

    test('user.role and user.username: a site user sees the members’ rows and its own, an admin the staff’s', async () => {
      const get = (token: string) => withCookie(http().get('/_api/me/products'), token);
      expect(itemIds(await get(await session(1)))).toEqual([productIds.members]);
      expect(itemIds(await get(await session(2)))).toEqual([productIds.members, productIds.customer2]);
      const staff = await bearer(http().get('/_api/staff/products').set('Origin', base), admin.token);
      expect(staff.status).toBe(200);
      expect(staff.body.items).toEqual([{ id: productIds.staff, title: 'Staff only' }]);
    });

    test('user.role is read at every request: a role change applies to a live session at once', async () => {
      const token = await session(3);
      const get = () => withCookie(http().get('/_api/me/products'), token);
      expect(itemIds(await get())).toEqual([productIds.members]);
      const roles = app.strapi.db.query('plugin::users-permissions.role');
      const [publicRole, authenticated] = [
        await roles.findOne({ where: { type: 'public' } }),
        await roles.findOne({ where: { type: 'authenticated' } }),
      ];
      const users = app.strapi.db.query(SITE_USER);
      try {
        await users.update({ where: { id: userIds[3] }, data: { role: publicRole.id } });
        expect((await whoAmI(token)).body.user.role).toBe('public');
        expect(itemIds(await get())).toEqual([]);
      } finally {
        await users.update({ where: { id: userIds[3] }, data: { role: authenticated.id } });
      }
      expect(itemIds(await get())).toEqual([productIds.members]);
    });

    test('a preset from user.id links the created record to the caller', async () => {
      const role = await app.strapi.db
        .query('plugin::users-permissions.role')
        .findOne({ where: { type: 'authenticated' } });
      const newcomer = await app.strapi.plugin('users-permissions').service('user').add({
        username: 'newcomer',
        email: 'newcomer@example.com',
        password: PASSWORD,
        provider: 'local',
        confirmed: true,
        blocked: false,
        role: role.id,
      });
      const token = tokenOf(await logIn('newcomer'))!;
      const response = await withCookie(http().post('/_api/me/customers'), token).send({
        name: 'New Comer',
        email: 'newcomer@example.com',
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, object: 'api::customer.customer', id: expect.any(Number) });
      const created = await app.strapi.db
        .query('api::customer.customer')
        .findOne({ where: { id: response.body.id }, populate: ['user'] });
      expect(created).toMatchObject({ name: 'New Comer', email: 'newcomer@example.com', user: { id: newcomer.id } });
      const links = await knex()('customers_user_lnk').where('customer_id', response.body.id);
      expect(links.map((l: { user_id: number }) => Number(l.user_id))).toEqual([newcomer.id]);

      // The preset is not the caller's to choose.
      const before = await count('customers');
      const chosen = await withCookie(http().post('/_api/me/customers'), token).send({
        name: 'Someone',
        email: 'someone@example.com',
        user: userIds[1],
      });
      expect(chosen.status).toBe(400);
      expect(chosen.body.success).toBe(false);
      expect(await count('customers')).toBe(before);
    });

    test('a filter on user.id: a user modifies its own customer, and gets 404 for another’s', async () => {
      const token = await session(1);
      const response = await withCookie(http().patch('/_api/me/customers/1'), token).send({ name: 'Renamed One' });
      expect(statusAndBody(response)).toEqual({ status: 200, body: { success: true } });
      expect((await customer(1)).name).toBe('Renamed One');

      const before = await customer(2);
      const refused = await withCookie(http().patch('/_api/me/customers/2'), token).send({ name: 'Hijacked' });
      expect(statusAndBody(refused)).toEqual({ status: 404, body: { success: false, error: 'Record not found' } });
      expect(await customer(2)).toEqual(before);
    });

    test('a task condition on user.id: orders only for the caller’s own customer', async () => {
      const token = await session(1);
      const response = await withCookie(http().post('/_api/me/orders'), token).send({
        customer: 1,
        product: 3,
        quantity: 2,
      });
      expect(response.status).toBe(201);
      const link = await knex()('orders_customer_lnk').where('order_id', response.body.id).first();
      expect(Number(link.customer_id)).toBe(1);

      const before = await count('orders');
      const refused = await withCookie(http().post('/_api/me/orders'), token).send({
        customer: 2,
        product: 3,
        quantity: 2,
      });
      expect(statusAndBody(refused)).toEqual({
        status: 400,
        body: { success: false, error: 'Orders are placed for your own customer account' },
      });
      expect(await count('orders')).toBe(before);
    });
  });

  describe('admin users', () => {
    test('GET /_api/_session with the admin panel’s access token: the admin, with no expiry', async () => {
      const row = await app.strapi.db.query(ADMIN_USER).findOne({ where: { email: 'admin@example.com' } });
      const response = await bearer(http().get('/_api/_session').set('Origin', base), admin.token);
      expect(statusAndBody(response)).toEqual({
        status: 200,
        body: {
          success: true,
          userObject: ADMIN_USER,
          user: { id: row.id, username: row.username ?? null, email: 'admin@example.com', role: 'strapi-super-admin' },
          expiresAt: null,
        },
      });
    });

    test('an admin::user endpoint answers admins only; a users-permissions endpoint does not answer admins', async () => {
      const staff = () => http().get('/_api/staff/products').set('Origin', base);
      expect((await bearer(staff(), admin.token)).status).toBe(200);
      expect(statusAndBody(await staff())).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await withCookie(staff(), await session(1)))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await bearer(staff(), key.secret))).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await bearer(staff(), 'not.a.token'))).toEqual(UNAUTHORIZED);

      expect(statusAndBody(await bearer(http().get('/_api/me/orders').set('Origin', base), admin.token))).toEqual(
        UNAUTHORIZED
      );
    });

    test('another admin gets its own role in user.role, and a deactivated admin is 401', async () => {
      const editor = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
      const created = await app.strapi.service('admin::user').create({
        email: 'editor@example.com',
        firstname: 'E',
        lastname: 'D',
        password: 'Editor12345!',
        isActive: true,
        roles: [editor.id],
      });
      const token = await adminLogin(app.http, 'editor@example.com', 'Editor12345!');
      const who = await bearer(http().get('/_api/_session').set('Origin', base), token);
      expect(who.status).toBe(200);
      expect(who.body.user).toMatchObject({ id: created.id, email: 'editor@example.com', role: 'strapi-editor' });
      const staff = () => bearer(http().get('/_api/staff/products').set('Origin', base), token);
      expect(statusAndBody(await staff())).toMatchObject({ status: 200, body: { items: [] } });

      await app.strapi.db.query(ADMIN_USER).update({ where: { id: created.id }, data: { isActive: false } });
      expect(statusAndBody(await staff())).toEqual(UNAUTHORIZED);
      expect(statusAndBody(await bearer(http().get('/_api/_session').set('Origin', base), token))).toEqual(
        UNAUTHORIZED
      );
    });
  });
});
