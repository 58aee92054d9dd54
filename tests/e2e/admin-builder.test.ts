import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
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

const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

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

test('API keys: the secret is shown once, then only its prefix', async () => {
  await page.goto(`${base}/admin/plugins/data-api/keys`);
  await page.getByRole('button', { name: 'Create an API key' }).click();
  await page.getByLabel('Description').fill('Browser test key');
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
  await choose(page.getByRole('combobox', { name: 'Allowed API keys' }), 'Browser test key');
  await page.keyboard.press('Escape');
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
  await page.goto(`${base}/admin/plugins/data-api/endpoints/new`);
  await page.getByLabel('Name').fill('Clash');
  await page.getByLabel('Path').fill('shop/cheap');
  await choose(page.getByRole('combobox', { name: 'Object' }), 'Product (api::product.product)');
  await page.getByRole('checkbox', { name: /^id \(/ }).click();
  await choose(page.getByRole('combobox', { name: 'Allowed API keys' }), 'Browser test key');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  // The refusal arrives after the save: wait for it, at the path field (the input is marked invalid).
  await page
    .getByText(/is already used by endpoint/)
    .first()
    .waitFor({ timeout: 10_000 });
  await expect(page.getByLabel('Path').getAttribute('aria-invalid')).resolves.toBe('true');
  expect(page.url()).toMatch(/endpoints\/new$/);
});

test('Endpoints: an Aggregate built row by row groups in the database', async () => {
  await page.goto(`${base}/admin/plugins/data-api/endpoints/new`);
  await page.getByLabel('Name').fill('Orders by month');
  await page.getByLabel('Path').fill('stats/by-month');
  await choose(page.getByRole('combobox', { name: 'Type' }), 'Aggregate');
  await choose(page.getByRole('combobox', { name: 'Object' }), 'Order (api::order.order)');
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
  await choose(page.getByRole('combobox', { name: 'Allowed API keys' }), 'Browser test key');
  await page.keyboard.press('Escape');
  await shot('aggregate-builder');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/admin/plugins/data-api/endpoints');

  const response = await app.http().get('/_api/stats/by-month').set('Authorization', `Bearer ${secret}`);
  expect(response.status).toBe(200);
  expect(response.body.meta).toEqual({
    dimensions: [{ variable: 'month', field: 'orderedAt', axis: 'row', dir: 'asc', format: 'month' }],
    measures: [
      { variable: 'orders', op: 'count' },
      { variable: 'revenue', op: 'sum', field: 'total' },
    ],
  });
  const counted = response.body.items.reduce((n: number, i: any) => n + i.measures.orders, 0);
  // Every order is in one group.
  expect(counted).toBe(await app.strapi.db.query('api::order.order').count());
  expect(response.body.items[0].dimensions.month).toMatch(/^\d{4}-\d{2}$/);
});

test('Endpoints: a Create with presets writes what the client sent and what the endpoint sets', async () => {
  await page.goto(`${base}/admin/plugins/data-api/endpoints/new`);
  await page.getByLabel('Name').fill('Place an order');
  await page.getByLabel('Path').fill('shop/orders');
  await choose(page.getByRole('combobox', { name: 'Type' }), 'Create');
  await choose(page.getByRole('combobox', { name: 'Object' }), 'Order (api::order.order)');
  for (const field of ['product', 'quantity']) {
    await page.getByRole('checkbox', { name: new RegExp(`^${field} \\(`) }).click();
  }
  await page.getByRole('button', { name: 'Add a preset' }).click();
  const status = page.getByTestId('preset').nth(0);
  await choose(status.getByRole('combobox', { name: 'Field' }), 'status');
  await status.getByLabel('Value', { exact: true }).fill('pending');
  await page.getByRole('button', { name: 'Add a preset' }).click();
  const orderedAt = page.getByTestId('preset').nth(1);
  await choose(orderedAt.getByRole('combobox', { name: 'Field' }), 'orderedAt');
  await choose(orderedAt.getByRole('combobox', { name: 'Value or variable' }), 'now');
  await choose(page.getByRole('combobox', { name: 'Allowed API keys' }), 'Browser test key');
  await page.keyboard.press('Escape');
  await shot('create-builder');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/admin/plugins/data-api/endpoints');

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
  await readerPage.context().close();
});
