import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { LARGE_TABLE_ROWS } from '../../contracts/index-advice';
import { addProducts, createEndpoint, createKey } from '../helpers/fixtures';
import { adminWith, ADMIN, startApp, type TestApp } from '../helpers/strapi';

/**
 * The owner's whole job in the admin panel, in a real browser: create a key (its secret shown once), build a
 * List endpoint, call it with the key, publish an OpenAPI document and preview it. Screenshots of each page are
 * kept in test-artifacts/admin/.
 */

const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-artifacts', 'admin');
let app: TestApp;
let browser: Browser;
let page: Page;
let base: string;
const pageErrors: string[] = [];

/** A screenshot once dialogs have finished opening (their finite animations). */
const shot = async (name: string) => {
  // Run in the page (the tests are compiled without the DOM's types).
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))`);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
};

const logIn = async (target: Page, email: string, password: string) => {
  await target.goto(`${base}/admin/auth/login`);
  await target.locator('input[name="email"]').fill(email);
  await target.locator('input[name="password"]').fill(password);
  await target.locator('button[type="submit"]').click();
  await target.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 30_000 });
};

/** What `read` gives once it gives `expected` (the UI saves in the background), or its last value after 10 s. */
const eventually = async <T>(read: () => Promise<T>, expected: T) => {
  let value = await read();
  for (let i = 0; i < 50 && value !== expected; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
};

/** Picks `option` in the design system's select labelled (or showing) `label`. */
const choose = async (trigger: ReturnType<Page['locator']>, option: string) => {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: false }).first().click();
};

/** Opens a new endpoint in the builder with its name, path, type, content type and fields. */
const startEndpoint = async (e: { name: string; path: string; type?: string; object: string; fields?: string[] }) => {
  await page.goto(`${base}/admin/plugins/data-api/endpoints/new`);
  await page.getByLabel('Name').fill(e.name);
  await page.getByLabel('Path').fill(e.path);
  if (e.type) await choose(page.getByRole('combobox', { name: 'Type' }), e.type);
  await choose(page.getByRole('combobox', { name: 'Object' }), e.object);
  for (const field of e.fields ?? []) {
    await page.getByRole('checkbox', { name: new RegExp(`^${field} \\(`) }).click();
  }
};

/** Allows the test key, screenshots the builder as `shotName` (scrolled to `focus`) if given, and clicks Save. */
const allowKeyAndSave = async (shotName?: string, focus?: Locator) => {
  await choose(page.getByRole('combobox', { name: 'Allowed API keys' }), 'Browser test key');
  await page.keyboard.press('Escape');
  await focus?.scrollIntoViewIfNeeded();
  if (shotName) await shot(shotName);
  await page.getByRole('button', { name: 'Save' }).click();
};

/** Saves and waits for the endpoints list, where the builder goes after a save the admin API took. */
const saveEndpoint = async (shotName?: string, focus?: Locator) => {
  await allowKeyAndSave(shotName, focus);
  await page.waitForURL('**/admin/plugins/data-api/endpoints');
};

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  app = await startApp();
  const server = app.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await logIn(page, ADMIN.email, ADMIN.password);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

let secret: string;

test('API keys: the secret is shown once, then only its prefix; the name is made from the description', async () => {
  await page.goto(`${base}/admin/plugins/data-api/keys`);
  await page.getByRole('button', { name: 'Create an API key' }).click();
  await page.getByLabel('Description').fill('Browser test key');
  // The name, left empty, will be made from the description: shown as its placeholder.
  await expect(page.getByLabel('Name').getAttribute('placeholder')).resolves.toBe('browser-test-key');
  await shot('keys-create');
  await page.getByRole('dialog').getByRole('button', { name: 'Create an API key' }).click();
  secret = (await page.getByTestId('key-secret').innerText()).trim();
  expect(secret).toMatch(/^dapi_/);
  await expect(page.getByRole('dialog').innerText()).resolves.toMatch(/shown only this once/);
  await shot('keys-secret');
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.locator('tr', { hasText: 'Browser test key' });
  await row.waitFor();
  const text = await row.innerText();
  const stored = await app.strapi.db
    .query('plugin::data-api.api-key')
    .findOne({ where: { description: 'Browser test key' } });
  expect(secret.startsWith(stored.prefix)).toBe(true);
  expect(text).toContain(`${stored.prefix}…`);
  expect(text).toContain('browser-test-key');
  expect(stored.name).toBe('browser-test-key');
  expect(text).not.toContain(secret);
  await shot('keys');
});

test('Endpoints: a List built in the builder answers the key with the rows', async () => {
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
  await page.getByRole('link', { name: 'New endpoint' }).click();
  await page.getByLabel('Name').fill('Cheap products');
  // Live validation of the path, before anything is sent.
  await page.getByLabel('Path').fill('_shop/cheap');
  await page.getByText('must not start with "_"').first().waitFor({ timeout: 10_000 });
  await page.getByLabel('Path').fill('shop/cheap');
  await choose(page.getByRole('combobox', { name: 'Object' }), 'Product (api::product.product)');
  for (const field of ['id', 'title', 'price'])
    await page.getByRole('checkbox', { name: new RegExp(`^${field} \\(`) }).click();
  // The filter: one condition, active = true, built from the conditions editor.
  await page.getByRole('button', { name: 'Add a condition' }).click();
  const condition = page.getByTestId('filter-condition');
  await condition.getByLabel('Field').fill('active');
  await condition.getByLabel('Value', { exact: true }).fill('true');
  await page.getByRole('button', { name: 'Add a sort field' }).click();
  await choose(page.getByRole('combobox', { name: 'Sort field' }), 'price');
  // Without a key the endpoint would refuse every call: valid, but said.
  const noKey = page.getByText('No key is allowed: every call is refused');
  await noKey.waitFor();
  await choose(page.getByRole('combobox', { name: 'Allowed API keys' }), 'Browser test key');
  await page.keyboard.press('Escape');
  await noKey.waitFor({ state: 'detached' });
  await page.getByLabel('Allowed source IPs').fill('not-an-ip');
  await page.getByText('"not-an-ip" is not an IP address').waitFor({ timeout: 10_000 });
  await page.getByLabel('Allowed source IPs').fill('127.0.0.1\n::1');
  await expect(page.getByTestId('try-it').innerText()).resolves.toMatch(
    /curl -s -H "Authorization: Bearer \$KEY" ".*\/_api\/shop\/cheap"/
  );
  await shot('endpoint-builder');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/admin/plugins/data-api/endpoints');
  await page.locator('tr', { hasText: 'GET /_api/shop/cheap' }).waitFor();
  await shot('endpoints');

  const stored = await app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { path: 'shop/cheap' } });
  expect(stored).toMatchObject({
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }, { name: 'title' }, { name: 'price' }],
    sort: [{ field: 'price', dir: 'asc' }],
    allowedIps: ['127.0.0.1', '::1'],
    filter: { $and: [{ active: { $eq: true } }] },
  });
  const response = await app.http().get('/_api/shop/cheap').set('Authorization', `Bearer ${secret}`);
  expect(response.status).toBe(200);
  expect(response.body.total).toBeGreaterThan(0);
  const active = await app.strapi.db.query('api::product.product').count({ where: { active: true } });
  expect(response.body.total).toBe(active);
  const prices = response.body.items.map((i: { price: number }) => i.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test('Endpoints: an error of the admin API shows at the field it concerns', async () => {
  await startEndpoint({ name: 'Clash', path: 'shop/cheap', object: 'Product (api::product.product)', fields: ['id'] });
  await allowKeyAndSave();
  // The refusal arrives after the save: wait for it, at the path field (the input is marked invalid).
  await page
    .getByText(/is already used by endpoint/)
    .first()
    .waitFor({ timeout: 10_000 });
  await expect(page.getByLabel('Path').getAttribute('aria-invalid')).resolves.toBe('true');
  expect(page.url()).toMatch(/endpoints\/new$/);
});

test('Endpoints: an Aggregate built row by row groups in the database', async () => {
  await startEndpoint({
    name: 'Orders by month',
    path: 'stats/by-month',
    type: 'Aggregate',
    object: 'Order (api::order.order)',
  });
  await page.getByRole('button', { name: 'Add a dimension' }).click();
  const dimension = page.getByTestId('aggregate-dimension');
  await dimension.getByLabel('Variable').fill('month');
  await dimension.getByLabel('Field').fill('orderedAt');
  await choose(dimension.getByRole('combobox', { name: 'Date format' }), 'month');
  await page.getByRole('button', { name: 'Add a measure' }).click();
  await page.getByTestId('aggregate-measure').getByLabel('Variable').fill('orders');
  await page.getByRole('button', { name: 'Add a measure' }).click();
  const revenue = page.getByTestId('aggregate-measure').nth(1);
  await revenue.getByLabel('Variable').fill('revenue');
  await choose(revenue.getByRole('combobox', { name: 'Operation' }), 'sum');
  await revenue.getByLabel('Field').fill('total');
  await saveEndpoint('aggregate-builder');

  const response = await app.http().get('/_api/stats/by-month').set('Authorization', `Bearer ${secret}`);
  expect(response.status).toBe(200);
  expect(response.body.meta).toEqual({
    dimensions: [{ variable: 'month', field: 'orderedAt', axis: 'row', dir: 'asc', format: 'month' }],
    measures: [
      { variable: 'orders', op: 'count' },
      { variable: 'revenue', op: 'sum', field: 'total' },
    ],
  });
  const counted = response.body.items.reduce(
    (n: number, i: { measures: { orders: number } }) => n + i.measures.orders,
    0
  );
  // Every order is in one group.
  expect(counted).toBe(await app.strapi.db.query('api::order.order').count());
  expect(response.body.items[0].dimensions.month).toMatch(/^\d{4}-\d{2}$/);
});

test('Endpoints: a Create with presets writes what the client sent and what the endpoint sets', async () => {
  await startEndpoint({
    name: 'Place an order',
    path: 'shop/orders',
    type: 'Create',
    object: 'Order (api::order.order)',
    fields: ['product', 'quantity'],
  });
  await page.getByRole('button', { name: 'Add a preset' }).click();
  const status = page.getByTestId('preset').nth(0);
  await choose(status.getByRole('combobox', { name: 'Field' }), 'status');
  await status.getByLabel('Value', { exact: true }).fill('pending');
  await page.getByRole('button', { name: 'Add a preset' }).click();
  const orderedAt = page.getByTestId('preset').nth(1);
  await choose(orderedAt.getByRole('combobox', { name: 'Field' }), 'orderedAt');
  await choose(orderedAt.getByRole('combobox', { name: 'Value or variable' }), 'now');
  await saveEndpoint('create-builder');

  const before = Date.now();
  const created = await app
    .http()
    .post('/_api/shop/orders')
    .set('Authorization', `Bearer ${secret}`)
    .send({ product: 3, quantity: 2 });
  expect(created.status).toBe(201);
  const order = await app.strapi.db.query('api::order.order').findOne({ where: { id: created.body.id } });
  expect(order).toMatchObject({ quantity: 2, status: 'pending' });
  expect(new Date(order.orderedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  const refused = await app
    .http()
    .post('/_api/shop/orders')
    .set('Authorization', `Bearer ${secret}`)
    .send({ product: 3, quantity: 2, status: 'paid' });
  expect(refused.status).toBe(400);
});

test('Endpoints: tasks built in the form run after the write, and an error rolls it back', async () => {
  await startEndpoint({
    name: 'Reserve a product',
    path: 'shop/reserve',
    type: 'Create',
    object: 'Order (api::order.order)',
    fields: ['product', 'quantity'],
  });
  // 1. Raise an error when the written record has quantity > 100.
  await page.getByRole('button', { name: 'Add a task' }).click();
  const guard = page.getByTestId('task').nth(0);
  await guard.getByLabel('Error message (answered with 400)').fill('Too many at once');
  await guard.getByRole('checkbox', { name: 'Only when a condition holds' }).click();
  await guard.getByRole('button', { name: 'Add a condition' }).click();
  const tooMany = guard.getByTestId('filter-condition');
  await tooMany.getByLabel('Field').fill('quantity');
  await choose(tooMany.getByRole('combobox', { name: 'Operator' }), '$gt');
  await tooMany.getByLabel('Value', { exact: true }).fill('100');
  // 2. Mark the ordered product as reserved.
  await page.getByRole('button', { name: 'Add a task' }).click();
  const reserve = page.getByTestId('task').nth(1);
  await choose(reserve.getByRole('combobox', { name: 'Action' }), 'Update records');
  await choose(reserve.getByRole('combobox', { name: 'Object' }), 'Product (api::product.product)');
  // Until it has a condition, an update changes every record of its type: the form says so.
  await reserve.getByTestId('task-everything').waitFor();
  await reserve.getByRole('button', { name: 'Add a condition' }).click();
  const which = reserve.getByTestId('filter-condition');
  await which.getByLabel('Field').fill('id');
  await choose(which.getByRole('combobox', { name: 'Value or variable' }), 'input.product');
  expect(await reserve.getByTestId('task-everything').count()).toBe(0);
  await reserve.getByRole('button', { name: 'Add a value' }).click();
  const value = reserve.getByTestId('preset');
  await choose(value.getByRole('combobox', { name: 'Field' }), 'category');
  await value.getByLabel('Value', { exact: true }).fill('reserved');
  await saveEndpoint('tasks-builder', guard);

  const orders = app.strapi.db.query('api::order.order');
  const product = () => app.strapi.db.query('api::product.product').findOne({ where: { id: 7 } });
  const category = (await product()).category;
  expect(category).not.toBe('reserved');
  const count = await orders.count();
  const call = (quantity: number) =>
    app.http().post('/_api/shop/reserve').set('Authorization', `Bearer ${secret}`).send({ product: 7, quantity });

  const refused = await call(200);
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ success: false, error: 'Too many at once' });
  expect(await orders.count()).toBe(count);
  expect((await product()).category).toBe(category);

  const created = await call(2);
  expect(created.status).toBe(201);
  expect(await orders.count()).toBe(count + 1);
  expect((await product()).category).toBe('reserved');

  const stored = async () =>
    (await app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { path: 'shop/reserve' } })).tasks;
  const tasks = [
    {
      action: 'raise-error',
      message: 'Too many at once',
      when: { match: { $and: [{ quantity: { $gt: 100 } }] } },
    },
    {
      action: 'update-records',
      object: 'api::product.product',
      filter: { $and: [{ id: { $eq: { $var: 'input.product' } } }] },
      values: { category: 'reserved' },
    },
  ];
  expect(await stored()).toEqual(tasks);

  // The stored tasks open in the form again, in order, and saving them again changes nothing.
  await page.locator('tr', { hasText: 'POST /_api/shop/reserve' }).getByRole('link', { name: 'Edit' }).click();
  await page.getByTestId('task').nth(1).waitFor();
  expect(await page.getByTestId('task').count()).toBe(2);
  expect(await page.getByTestId('task').nth(1).getByRole('combobox', { name: 'Action' }).textContent()).toContain(
    'Update records'
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/admin/plugins/data-api/endpoints');
  expect(await stored()).toEqual(tasks);
});

test('Endpoints: switch one off from the list, and on again', async () => {
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
  const row = page.locator('tr', { hasText: 'GET /_api/shop/cheap' });
  const status = async () => (await app.http().get('/_api/shop/cheap').set('Authorization', `Bearer ${secret}`)).status;
  await row.getByRole('switch').click();
  await expect(eventually(status, 404)).resolves.toBe(404);
  await row.getByRole('switch').click();
  await expect(eventually(status, 200)).resolves.toBe(200);
});

test('OpenAPI documents: create a public one and preview it', async () => {
  await page.goto(`${base}/admin/plugins/data-api/documents`);
  await page.getByRole('button', { name: 'New document' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Browser API');
  await choose(dialog.getByRole('combobox', { name: 'Endpoints' }), 'GET /_api/shop/cheap');
  await page.keyboard.press('Escape');
  await dialog.getByRole('checkbox', { name: 'Public' }).click();
  await dialog.getByText('/_api/_openapi/browser_api.json').first().waitFor({ timeout: 10_000 });
  await shot('document-editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.locator('tr', { hasText: 'Browser API' });
  await row.waitFor();
  expect((await app.http().get('/_api/_openapi/browser_api.json')).status).toBe(200);
  await shot('documents');
  await row.getByRole('link', { name: 'Preview' }).click();
  await page.locator('.swagger-ui .opblock-summary').first().waitFor({ timeout: 30_000 });
  await expect(page.locator('.swagger-ui .opblock-summary').first().innerText()).resolves.toMatch(
    /\/_api\/shop\/cheap/
  );
  await shot('document-preview');
  expect(pageErrors).toEqual([]);
});

test('Import/export: the file names keys by name; a key it names that is missing is created, its secret shown once', async () => {
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(file.keys).toContainEqual({
    name: 'browser-test-key',
    description: 'Browser test key',
    rateLimit: null,
    preview: false,
  });
  expect(JSON.stringify(file)).not.toContain(secret);
  const list = file.endpoints.find((e: { path: string }) => e.path === 'shop/cheap');
  expect(list.auth).toEqual({ method: 'api-key', keys: ['browser-test-key'] });

  // As a file from another environment would: the List now names a key this one does not have.
  list.auth.keys = ['partner'];
  file.keys.push({ name: 'partner', description: 'Partner key' });
  await page.getByTestId('import-file').setInputFiles({
    name: 'config.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('key-secret').waitFor();
  const partner = (await dialog.getByTestId('key-secret').innerText()).trim();
  expect(partner).toMatch(/^dapi_/);
  expect(await dialog.getByTestId('import-summary').innerText()).toContain('Keys: 1 found here, 1 created.');
  // The keys of this site the file named are listed, so the owner can check they are the ones meant.
  expect(await dialog.getByTestId('import-keys-found').innerText()).toContain('browser-test-key (Browser test key)');
  await shot('import-result');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const call = (key: string) => app.http().get('/_api/shop/cheap').set('Authorization', `Bearer ${key}`);
  await expect(eventually(async () => (await call(partner)).status, 200)).resolves.toBe(200);
  expect((await call(secret)).status).toBe(403);
  const keys = await app.strapi.db.query('plugin::data-api.api-key').findMany({ where: { name: 'partner' } });
  expect(keys).toMatchObject([{ description: 'Partner key' }]);
  expect(JSON.stringify(keys[0])).not.toContain(partner);
});

test('RBAC: an admin who may only read sees no button that changes anything', async () => {
  const reader = await adminWith(app, 'reader-ui@example.com', [
    'plugin::data-api.endpoints.read',
    'plugin::data-api.keys.read',
    'plugin::data-api.documents.read',
  ]);
  expect(reader.token).toBeTruthy();
  const readerPage = await (await browser.newContext()).newPage();
  await logIn(readerPage, 'reader-ui@example.com', 'Passw0rd!x');
  await readerPage.goto(`${base}/admin/plugins/data-api/endpoints`);
  await readerPage.locator('tr', { hasText: 'GET /_api/shop/cheap' }).waitFor();
  expect(await readerPage.getByRole('link', { name: 'New endpoint' }).count()).toBe(0);
  expect(await readerPage.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  await expect(
    readerPage.locator('tr', { hasText: 'GET /_api/shop/cheap' }).getByRole('switch').isDisabled()
  ).resolves.toBe(true);
  await readerPage.goto(`${base}/admin/plugins/data-api/keys`);
  await readerPage.locator('tr', { hasText: 'Browser test key' }).waitFor();
  expect(await readerPage.getByRole('button', { name: 'Create an API key' }).count()).toBe(0);
  expect(await readerPage.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
  await readerPage.screenshot({ path: path.join(ARTIFACTS, 'reader-keys.png'), fullPage: true });
  // The menu entry is there for a reader...
  await readerPage.getByRole('link', { name: 'Data API' }).first().waitFor();
  await readerPage.context().close();

  // ...and not for an admin without any of the plugin's rights, whom the admin API refuses too.
  const outsider = await adminWith(app, 'outsider-ui@example.com', []);
  expect((await outsider.get('/data-api/endpoints')).status).toBe(403);
  const outsiderPage = await (await browser.newContext()).newPage();
  await logIn(outsiderPage, 'outsider-ui@example.com', 'Passw0rd!x');
  await outsiderPage.getByRole('link', { name: 'Content Manager' }).first().waitFor();
  expect(await outsiderPage.getByRole('link', { name: 'Data API' }).count()).toBe(0);
  await outsiderPage.context().close();
});

test('Endpoints: one whose author lost a Content Manager right shows as suspended, with the reason', async () => {
  const MANAGE = ['plugin::data-api.endpoints.read', 'plugin::data-api.endpoints.manage'];
  const readTitles = {
    action: 'plugin::content-manager.explorer.read',
    subject: 'api::product.product',
    properties: { fields: ['title'] },
  };
  const author = await adminWith(app, 'author-ui@example.com', [...MANAGE, readTitles]);
  const key = await createKey(await app.admin(), 'Suspension test key');
  await createEndpoint(author, key, {
    path: 'shop/titles',
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'title' }],
  });
  const status = async () =>
    (await app.http().get('/_api/shop/titles').set('Authorization', `Bearer ${key.secret}`)).status;
  expect(await status()).toBe(200);
  // The super admin takes the read right away in Settings > Roles.
  const revoked = await (
    await app.admin()
  ).put(`/admin/roles/${author.roleId}/permissions`, {
    permissions: MANAGE.map((action) => ({ action, subject: null, properties: {}, conditions: [] })),
  });
  expect(revoked.status).toBe(200);
  await expect(eventually(status, 404)).resolves.toBe(404);
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
  const row = page.locator('tr', { hasText: 'GET /_api/shop/titles' });
  await row.getByText('Suspended', { exact: true }).waitFor();
  await expect(row.innerText()).resolves.toContain('may no longer read api::product.product');
  await shot('endpoints-suspended');
});

test('Endpoints: a List of a Draft & Publish type can read the drafts', async () => {
  await startEndpoint({
    name: 'Article drafts',
    path: 'articles/drafts',
    object: 'Article (api::article.article)',
    fields: ['id', 'title'],
  });
  await choose(page.getByRole('combobox', { name: 'Entries read' }), 'Drafts');
  await saveEndpoint();

  const response = await app.http().get('/_api/articles/drafts').set('Authorization', `Bearer ${secret}`);
  expect(response.status).toBe(200);
  const drafts = await app.strapi.db.query('api::article.article').count({ where: { publishedAt: null } });
  expect(drafts).toBeGreaterThan(0);
  expect(response.body.total).toBe(drafts);
});

test('Endpoints: a single type offers List, Aggregate and Modify, and its Modify takes no number', async () => {
  await startEndpoint({
    name: 'Site tagline',
    path: 'site/tagline',
    type: 'Modify',
    object: 'Site (api::site.site)',
    fields: ['tagline'],
  });
  await page.getByRole('combobox', { name: 'Type' }).click();
  const types = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  expect(types).toEqual(['List', 'Aggregate', 'Modify']);
  expect(await page.getByRole('combobox', { name: 'Numeric parameter' }).isDisabled()).toBe(true);
  await saveEndpoint();

  const response = await app
    .http()
    .patch('/_api/site/tagline')
    .set('Authorization', `Bearer ${secret}`)
    .send({ tagline: 'Set in the builder' });
  expect(response.status).toBe(200);
  expect(await app.strapi.db.query('api::site.site').findOne({})).toMatchObject({ tagline: 'Set in the builder' });
});

test('Endpoints: a List on a large table without an index for its filter and sort shows the CREATE INDEX', async () => {
  const admin = await app.admin();
  const key = await createKey(admin, 'index advice');
  const endpoint = await createEndpoint(admin, key, {
    path: 'products/by-category',
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }, { name: 'title' }],
    filter: { category: { $eq: 'tools' } },
    sort: [{ field: 'releasedAt', dir: 'desc' }],
  });
  await addProducts(app, LARGE_TABLE_ROWS + 100);
  await page.goto(`${base}/admin/plugins/data-api/endpoints/${endpoint.id}`);
  const alert = page.getByTestId('index-advice');
  await alert.waitFor();
  await expect(alert.innerText()).resolves.toMatch(/products has about [\d,.\s]+ rows and no index/);
  const sql = (await page.getByTestId('index-advice-sql').innerText()).trim();
  expect(sql).toMatch(
    /^CREATE INDEX .data_api_products_category_released_at. ON .products. \(.category., .released_at.\);$/
  );
  await alert.scrollIntoViewIfNeeded();
  await shot('builder-index-advice');
});

test('Rate limits: set on an endpoint in the builder and on a key from the key page; past it, 429', async () => {
  await startEndpoint({
    name: 'Limited products',
    path: 'shop/limited',
    object: 'Product (api::product.product)',
    fields: ['id'],
  });
  await page.getByLabel('Limit requests').click();
  await page.getByLabel('Requests', { exact: true }).fill('2');
  await page.getByLabel('Per window (seconds)').fill('60');
  const summary = page.getByTestId('rateLimit-summary');
  await expect(summary.innerText()).resolves.toMatch(/At most 2 requests every 60 s/);
  await saveEndpoint('endpoint-rate-limit', summary);
  const stored = await app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { path: 'shop/limited' } });
  expect(stored.rateLimit).toEqual({ requests: 2, windowSeconds: 60, burst: 0 });
  const call = () => app.http().get('/_api/shop/limited').set('Authorization', `Bearer ${secret}`);
  expect([(await call()).status, (await call()).status, (await call()).status]).toEqual([200, 200, 429]);

  await page.goto(`${base}/admin/plugins/data-api/keys`);
  await page.getByRole('button', { name: 'Edit the key browser-test-key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Limit requests').click();
  await dialog.getByLabel('Requests', { exact: true }).fill('100');
  await dialog.getByLabel('Per window (seconds)').fill('3600');
  await dialog.getByLabel('Burst').fill('10');
  await expect(dialog.getByTestId('key-rate-limit-summary').innerText()).resolves.toMatch(/and 10 more/);
  await shot('key-rate-limit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('tr', { hasText: 'browser-test-key' }).getByText('100 / 3600 s (+10)').waitFor();
  const key = await app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { name: 'browser-test-key' } });
  expect(key.rateLimit).toEqual({ requests: 100, windowSeconds: 3600, burst: 10 });
  expect(pageErrors).toEqual([]);
});

test('Public endpoints: the builder asks for a rate limit and warns of private-looking fields; the list marks them', async () => {
  await startEndpoint({
    name: 'Public customers',
    path: 'site/customers',
    object: 'Customer (api::customer.customer)',
    fields: ['id', 'name', 'email'],
  });
  await choose(page.getByRole('combobox', { name: 'Authentication method' }), 'Public (anyone, no key)');
  const warning = page.getByTestId('public-private-fields');
  await expect(warning.innerText()).resolves.toMatch(/Anyone can read these fields, which look private: email\./);
  // Without a rate limit it cannot be saved: the builder says why before asking the server.
  await page.getByText('a public endpoint needs a rate limit').first().waitFor();
  await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
  await page.getByLabel('Limit requests').click();
  await expect(page.getByTestId('try-it').innerText()).resolves.toMatch(/^curl -s ".*\/_api\/site\/customers"$/);
  await warning.scrollIntoViewIfNeeded();
  await shot('endpoint-public');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/admin/plugins/data-api/endpoints');
  const row = page.locator('tr', { hasText: 'GET /_api/site/customers' });
  await row.getByTestId('public-badge').waitFor();
  await expect(row.getByTestId('public-badge').textContent()).resolves.toBe('Public');
  await shot('endpoints-public');
  const stored = await app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { path: 'site/customers' } });
  expect(stored).toMatchObject({ auth: { method: 'public' }, rateLimit: { requests: 60, windowSeconds: 60 } });
  const response = await app.http().get('/_api/site/customers');
  expect(response.status).toBe(200);
  expect(response.body.items[0]).toEqual({
    id: expect.any(Number),
    name: expect.any(String),
    email: expect.any(String),
  });
  expect(pageErrors).toEqual([]);
});
