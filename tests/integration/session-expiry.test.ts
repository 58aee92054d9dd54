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
} from '../helpers/session-suite';

sessionSuite();

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
