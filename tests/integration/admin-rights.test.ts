import { definitionOf, type StoredEndpoint } from '../../contracts/definition';
import { ADMIN, adminWith, permissionOf, type Grant } from '../helpers/strapi';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * The endpoint right is no data-access right of its own: an admin who is not a super admin
 * defines, imports and keeps serving only endpoints their own Content Manager permissions allow, and admin-user
 * session endpoints answer an admin only with those rights.
 */

const { app, admin, key } = keyedSuite({ description: 'rights' });

const PRODUCT = 'api::product.product';
const CUSTOMER = 'api::customer.customer';
const SITE_USER = 'plugin::users-permissions.user';
const ENDPOINT = 'plugin::data-api.endpoint';
const MANAGE = ['plugin::data-api.endpoints.read', 'plugin::data-api.endpoints.manage'];
const NOT_FOUND = { status: 404, body: { success: false, error: 'Not found' } };
const FORBIDDEN = { status: 403, body: { success: false, error: 'Forbidden' } };

/** A Content Manager permission on `subject`, for `fields` (all fields when omitted). */
const cm = (verb: string, subject: string, fields?: string[], conditions: string[] = []): Grant => ({
  action: `plugin::content-manager.explorer.${verb}`,
  subject,
  properties: fields ? { fields } : {},
  conditions,
});

const adminSession = { method: 'session', userObject: 'admin::user' };
const productList = (path: string, fields: string[], extra: Record<string, unknown> = {}) => ({
  name: path,
  path,
  type: 'list',
  object: PRODUCT,
  fields: fields.map((name) => ({ name })),
  auth: { method: 'api-key', keys: [key.id] },
  ...extra,
});
const siteUsers = (path: string) => ({
  name: path,
  path,
  type: 'list',
  object: SITE_USER,
  fields: [{ name: 'id' }, { name: 'email' }, { name: 'blocked' }, { name: 'role' }],
  auth: adminSession,
});

const count = () => app.strapi.db.query(ENDPOINT).count();
const statusAndBody = (response: { status: number; body: unknown }) => ({
  status: response.status,
  body: response.body,
});
const withKey = (path: string) => app.http().get(`/_api/${path}`).set('Authorization', `Bearer ${key.secret}`);
const asAdmin = (path: string, token: string) =>
  app.http().get(`/_api/${path}`).set('Authorization', `Bearer ${token}`);
/** Replaces the permissions of `roleId` through the admin API, as the super admin does in the panel. */
const setRole = async (roleId: number, grants: Grant[]) => {
  const response = await admin.put(`/admin/roles/${roleId}/permissions`, { permissions: grants.map(permissionOf) });
  expect(response.status).toBe(200);
};
const listed = async (id: number) => {
  const response = await admin.get('/data-api/endpoints');
  expect(response.status).toBe(200);
  return response.body.data.find((e: { id: number }) => e.id === id);
};

describe('saving an endpoint needs the Content Manager rights it uses', () => {
  test('an admin without Content Manager rights can define no endpoint over site users or products', async () => {
    const restricted = await adminWith(app, 'no-cm@example.com', MANAGE);
    const before = await count();
    const users = await restricted.post('/data-api/endpoints', { data: siteUsers('takeover/users') });
    expect(users.status).toBe(400);
    expect(users.body.error.message).toContain(
      `fields: you may not read ${SITE_USER}.email (Content Manager permission missing)`
    );
    expect(users.body.error.message).toContain(`you may not read ${SITE_USER}.blocked`);
    const products = await restricted.post('/data-api/endpoints', {
      data: productList('no-cm/products', ['id', 'title']),
    });
    expect(products.status).toBe(400);
    expect(products.body.error.message).toContain(`fields: you may not read ${PRODUCT}.title`);
    expect(await count()).toBe(before);
  });

  test('read on title and price allows a List of them, served; a field beyond them is refused', async () => {
    const reader = await adminWith(app, 'reader@example.com', [...MANAGE, cm('read', PRODUCT, ['title', 'price'])]);
    const created = await reader.post('/data-api/endpoints', {
      data: productList('reader/products', ['id', 'title', 'price'], { sort: [{ field: 'price', dir: 'desc' }] }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.suspended).toBeNull();
    const row = await app.strapi.db.query(ENDPOINT).findOne({ where: { id: created.body.data.id } });
    expect(row.authorId).toBe(reader.userId);
    const served = await withKey('reader/products');
    expect(served.status).toBe(200);
    expect(Object.keys(served.body.items[0]).sort()).toEqual(['id', 'price', 'title']);

    const id = created.body.data.id;
    const withSku = await reader.put(`/data-api/endpoints/${id}`, {
      data: productList('reader/products', ['id', 'title', 'price', 'sku']),
    });
    expect(withSku.status).toBe(400);
    expect(withSku.body.error.message).toBe(
      `fields: you may not read ${PRODUCT}.sku (Content Manager permission missing)`
    );
    const filtered = await reader.put(`/data-api/endpoints/${id}`, {
      data: productList('reader/products', ['id', 'title'], { filter: { stock: { $gt: 0 } } }),
    });
    expect(filtered.status).toBe(400);
    expect(filtered.body.error.message).toContain(`filter: you may not read ${PRODUCT}.stock`);
    expect((await withKey('reader/products')).status).toBe(200);
  });

  test('a Create needs the create right on every accepted field', async () => {
    const reader = await adminWith(app, 'reader-only@example.com', [...MANAGE, cm('read', PRODUCT)]);
    const definition = {
      name: 'New products',
      path: 'rights/new-products',
      type: 'create',
      object: PRODUCT,
      fields: [{ name: 'title', required: true }, { name: 'price' }],
      auth: { method: 'api-key', keys: [key.id] },
    };
    const refused = await reader.post('/data-api/endpoints', { data: definition });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain(`fields: you may not create ${PRODUCT}.title`);

    const creator = await adminWith(app, 'creator@example.com', [...MANAGE, cm('create', PRODUCT, ['title', 'price'])]);
    const created = await creator.post('/data-api/endpoints', { data: definition });
    expect(created.status).toBe(201);
    const preset = await creator.put(`/data-api/endpoints/${created.body.data.id}`, {
      data: { ...definition, presets: { stock: 5 } },
    });
    expect(preset.status).toBe(400);
    expect(preset.body.error.message).toContain(`presets: you may not create ${PRODUCT}.stock`);
  });

  test('a permission with a condition ("is creator") is not enough: an endpoint reaches every row', async () => {
    const own = await adminWith(app, 'own-only@example.com', [
      ...MANAGE,
      cm('read', PRODUCT, ['title'], ['admin::is-creator']),
    ]);
    const response = await own.post('/data-api/endpoints', { data: productList('own/products', ['id', 'title']) });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(
      `fields: you may not read ${PRODUCT}.title (only with a condition; an endpoint reaches every record)`
    );
  });

  test('an admin without the rights may switch an endpoint off (it exposes nothing), but not on again', async () => {
    const created = await admin.post('/data-api/endpoints', { data: siteUsers('staff/switch') });
    expect(created.status).toBe(201);
    const switcher = await adminWith(app, 'switcher@example.com', MANAGE);
    const definition = definitionOf(created.body.data as StoredEndpoint);
    const off = await switcher.put(`/data-api/endpoints/${created.body.data.id}`, {
      data: { ...definition, enabled: false },
    });
    expect(off.status).toBe(200);
    const row = await app.strapi.db.query(ENDPOINT).findOne({ where: { id: created.body.data.id } });
    expect(row.enabled).toBe(false);
    // Still the super admin's endpoint: switching off made no one its author.
    const owner = await app.strapi.db.query('admin::user').findOne({ where: { email: ADMIN.email } });
    expect(row.authorId).toBe(owner.id);
    const on = await switcher.put(`/data-api/endpoints/${created.body.data.id}`, { data: definition });
    expect(on.status).toBe(400);
    // Switching off while changing anything else is a save like any other.
    const changed = await switcher.put(`/data-api/endpoints/${created.body.data.id}`, {
      data: { ...definition, name: 'renamed', enabled: false },
    });
    expect(changed.status).toBe(400);
  });

  test('a super admin defines any endpoint, as before', async () => {
    const response = await admin.post('/data-api/endpoints', { data: siteUsers('staff/users') });
    expect(response.status).toBe(201);
    expect(response.body.data.suspended).toBeNull();
  });
});

describe('import', () => {
  test('an import by an admin is checked against their rights: nothing is written when one endpoint is refused', async () => {
    const importer = await adminWith(app, 'importer@example.com', [
      ...MANAGE,
      'plugin::data-api.transfer.manage',
      cm('read', PRODUCT, ['title']),
    ]);
    const file = (endpoints: unknown[]) => ({
      data: { format: 'strapi-plugin-data-api/1', keys: [], endpoints, documents: [] },
    });
    const products = { ...productList('imported/products', ['id', 'title']), auth: adminSession };
    const before = await count();
    const refused = await importer.post('/data-api/import', file([products, siteUsers('imported/users')]));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain(
      `endpoints[1].fields: you may not read ${SITE_USER}.email (Content Manager permission missing) (endpoint imported/users)`
    );
    expect(refused.body.error.message).not.toContain('endpoints[0]');
    expect(await count()).toBe(before);

    const accepted = await importer.post('/data-api/import', file([products]));
    expect(accepted.status).toBe(200);
    const row = await app.strapi.db.query(ENDPOINT).findOne({ where: { path: 'imported/products' } });
    expect(row.authorId).toBe(importer.userId);
  });
});

describe('rights checked again when they change', () => {
  test('an endpoint whose author lost a right stops serving and says why; restoring the right serves it again', async () => {
    const granted = [...MANAGE, cm('read', PRODUCT, ['title', 'price'])];
    const author = await adminWith(app, 'author@example.com', granted);
    const created = await author.post('/data-api/endpoints', {
      data: productList('authored/products', ['id', 'title', 'price']),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await withKey('authored/products')).status).toBe(200);

    await setRole(author.roleId, [...MANAGE, cm('read', PRODUCT, ['title'])]);
    const suspended = await listed(id);
    expect(suspended.suspended).toBe(
      `its author (admin user ${author.userId}) may no longer read ${PRODUCT}.price (Content Manager permission missing)`
    );
    expect((await admin.get(`/data-api/endpoints/${id}`)).body.data.suspended).toBe(suspended.suspended);
    expect(statusAndBody(await withKey('authored/products'))).toEqual(NOT_FOUND);

    await setRole(author.roleId, granted);
    expect((await listed(id)).suspended).toBeNull();
    expect((await withKey('authored/products')).status).toBe(200);

    const deactivated = await admin.put(`/admin/users/${author.userId}`, { isActive: false });
    expect(deactivated.status).toBe(200);
    expect((await listed(id)).suspended).toBe(`its author (admin user ${author.userId}) is deactivated or blocked`);
    expect(statusAndBody(await withKey('authored/products'))).toEqual(NOT_FOUND);
  });

  test('an endpoint made by code (no author) keeps serving', async () => {
    const row = await app.strapi
      .plugin('data-api')
      .service('endpoints')
      .create(productList('code/products', ['id', 'sku']));
    expect((await app.strapi.db.query(ENDPOINT).findOne({ where: { id: row.id } })).authorId).toBeNull();
    expect((await withKey('code/products')).status).toBe(200);
    expect((await listed(row.id)).suspended).toBeNull();
  });
});

describe('admin-user session endpoints run with the calling admin’s rights', () => {
  test('an admin without read on the type gets 403; with it, or as a super admin, 200', async () => {
    const created = await admin.post('/data-api/endpoints', {
      data: {
        name: 'Staff customers',
        path: 'staff/customers',
        type: 'list',
        object: CUSTOMER,
        fields: [{ name: 'id' }, { name: 'name' }, { name: 'email' }],
        auth: adminSession,
      },
    });
    expect(created.status).toBe(201);
    expect((await asAdmin('staff/customers', admin.token)).status).toBe(200);

    const staff = await adminWith(app, 'staff@example.com', [cm('read', PRODUCT)]);
    expect(statusAndBody(await asAdmin('staff/customers', staff.token))).toEqual(FORBIDDEN);
    await setRole(staff.roleId, [cm('read', CUSTOMER, ['name'])]);
    expect(statusAndBody(await asAdmin('staff/customers', staff.token))).toEqual(FORBIDDEN);
    await setRole(staff.roleId, [cm('read', CUSTOMER, ['name', 'email'])]);
    const allowed = await asAdmin('staff/customers', staff.token);
    expect(allowed.status).toBe(200);
    expect(allowed.body.items.length).toBeGreaterThan(0);
  });
});
