import { login as adminLogin } from '../helpers/strapi';
import {
  app,
  admin,
  key,
  base,
  SITE_USER,
  ADMIN_USER,
  PASSWORD,
  UNAUTHORIZED,
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
  customer,
  count,
  ordersOfUser,
  itemIds,
  sessionSuite,
  createUserDataEndpoints,
} from '../helpers/session-suite';

sessionSuite();

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
    expect(statusAndBody(await bearer(http().get('/_api/_session').set('Origin', base), token))).toEqual(UNAUTHORIZED);
  });
});
