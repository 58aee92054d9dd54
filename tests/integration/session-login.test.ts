import {
  app,
  admin,
  key,
  base,
  SITE_USER,
  PASSWORD,
  MAX_AGE_MS,
  UNAUTHORIZED,
  knex,
  http,
  userIds,
  statusAndBody,
  sessionCookieLine,
  tokenOf,
  logIn,
  session,
  withCookie,
  whoAmI,
  myOrders,
  bearer,
  sessionRows,
  sessionRowOf,
  throttleRows,
  setUser,
  count,
  ordersOfUser,
  itemIds,
  sessionSuite,
} from '../helpers/session-suite';

sessionSuite();

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
    const auth = await http().post('/api/auth/local').send({ identifier: 'customer2@example.com', password: PASSWORD });
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
      expect(statusAndBody(await bearer(http().get('/_api/me/orders').set('Origin', base), jwt))).toEqual(UNAUTHORIZED);
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
