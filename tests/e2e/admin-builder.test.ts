import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from '../helpers/admin-browser';
import { adminWith, type TestApp } from '../helpers/strapi';
import { builderSteps, eventually, logIn, openAdminSuite, SAVED_ENDPOINT, type AdminSuite } from './admin-steps';

/**
 * The owner's whole job in the admin panel, in a real browser: create a key (its secret shown once), build a
 * List endpoint, call it with the key, switch it off and on, publish an OpenAPI document and preview it, export
 * and import the configuration; an admin who may only read changes nothing. Screenshots of each page are kept in
 * test-artifacts/admin/.
 */

let suite: AdminSuite;
let app: TestApp;
let browser: Browser;
let page: Page;
let base: string;
let pageErrors: string[];
const { shot, choose, startEndpoint, allowKeyAndSave } = builderSteps(() => suite);

beforeAll(async () => {
  suite = await openAdminSuite();
  ({ app, browser, page, base, pageErrors } = suite);
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
  // The name, left empty, will be made from the description: its hint says so.
  await page.getByRole('dialog').getByText('Left empty, it will be browser-test-key.').waitFor();
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
  const admin = await app.admin();
  const drafts = await admin.post('/data-api/api-keys', { data: { description: 'Draft mode', preview: true } });
  expect(drafts.status).toBe(201);
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
  await page.getByRole('link', { name: 'New endpoint' }).click();
  await page.getByLabel('Name').fill('Cheap products');
  // Live validation of the path, before anything is sent.
  await page.getByLabel('Path').fill('_shop/cheap');
  await page.getByText('must not start with "_"').first().waitFor({ timeout: 10_000 });
  await page.getByLabel('Path').fill('shop/cheap');
  await choose(page.getByRole('combobox', { name: 'Content type' }), 'Product (api::product.product)');
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
  // The picker tells the keys marked for preview, which read the drafts of an endpoint whose status is the request's.
  const badge = (name: string) => page.getByRole('option', { name, exact: false }).getByTestId('preview-badge');
  await expect(badge('draft-mode: Draft mode').textContent()).resolves.toBe('Preview');
  await expect(badge('browser-test-key: Browser test key').count()).resolves.toBe(0);
  await shot('builder-key-picker');
  await page.keyboard.press('Escape');
  await admin.del(`/data-api/api-keys/${drafts.body.data.id}`);
  await noKey.waitFor({ state: 'detached' });
  await page.getByLabel('Allowed source IPs').fill('not-an-ip');
  await page.getByText('“not-an-ip” is not an IP address').waitFor({ timeout: 10_000 });
  await page.getByLabel('Allowed source IPs').fill('127.0.0.1\n::1');
  await expect(page.getByTestId('try-it').innerText()).resolves.toMatch(
    /curl -s -H "Authorization: Bearer \$KEY" ".*\/_api\/shop\/cheap"/
  );
  await shot('endpoint-builder');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(SAVED_ENDPOINT);
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
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
  // Said at the path field as it is typed (the input is marked invalid), in words; the save is refused all the same.
  await page
    .getByText(/The endpoint “Cheap products” already answers GET \/_api\/shop\/cheap/)
    .first()
    .waitFor({ timeout: 10_000 });
  await expect(page.getByLabel('Path').getAttribute('aria-invalid')).resolves.toBe('true');
  expect(page.url()).toMatch(/endpoints\/new$/);
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

test('Try it: the query filters a List takes, and Send with a pasted key answers as the endpoint does', async () => {
  const stored = await app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { path: 'shop/cheap' } });
  const open = async (theme: 'light' | 'dark', width: number) => {
    await page.setViewportSize({ width, height: 1400 });
    await page.evaluate(`localStorage.setItem('STRAPI_THEME', '${theme}')`);
    await page.goto(`${base}/admin/plugins/data-api/endpoints/${stored.id}`);
    await page.getByTestId('try-send').waitFor();
  };
  const send = async (key: string) => {
    await page.getByLabel('API key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    return page.getByTestId('try-status').innerText();
  };
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
  await open('light', 1280);
  // Under Fields, the syntax with a sample on the List's own fields; in Try it, the URL with it.
  await expect(page.getByTestId('query-filters-hint').innerText()).resolves.toMatch(
    /\?field=value .*\?field:in=a,b.*\?field:gt=value.*\?page=2.*For example: \?price:lt=20/s
  );
  await expect(page.getByTestId('try-it-filtered').innerText()).resolves.toMatch(/\/_api\/shop\/cheap\?price:lt=20$/);

  // A wrong secret is refused as any client is, with the spec's error.
  await expect(send('dapi_not-a-key')).resolves.toBe('401 Unauthorized');
  await expect(page.getByTestId('try-body').innerText()).resolves.toContain('"error": "Unauthorized"');
  await shot('try-send-401');
  await page.getByLabel('Query string').fill('price:lt=20');
  await expect(send(secret)).resolves.toBe('200 OK');
  const expected = await app.http().get('/_api/shop/cheap?price:lt=20').set('Authorization', `Bearer ${secret}`);
  const body = JSON.parse(await page.getByTestId('try-body').innerText());
  expect(body).toEqual(expected.body);
  expect(body.items.length).toBeGreaterThan(0);
  await expect(page.getByTestId('try-headers').innerText()).resolves.toMatch(/content-type: application\/json/);
  await shot('try-send');
  // The secret is kept nowhere but the form.
  expect(page.url()).not.toContain(secret);
  await expect(page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })')).resolves.not.toContain(secret);

  // An unsaved change is said: Send calls the endpoint as saved.
  await page.getByLabel('Name').fill('Cheap products, changed');
  await page.getByText('Send calls the endpoint as it is saved').waitFor();
  await page.getByLabel('Name').fill('Cheap products');

  for (const [theme, width] of [
    ['dark', 1280],
    ['dark', 390],
    ['light', 390],
  ] as const) {
    await open(theme, width);
    await expect(send(secret)).resolves.toBe('200 OK');
    await page.getByTestId('try-body').scrollIntoViewIfNeeded();
    await shot(`try-send-${width}${theme === 'dark' ? '-dark' : ''}`);
    await page.getByTestId('query-filters-hint').scrollIntoViewIfNeeded();
    await shot(`fields-query-filters-${width}${theme === 'dark' ? '-dark' : ''}`);
  }
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', 'light')`);
  await page.setViewportSize({ width: 1400, height: 1000 });
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
  // The preview lists the keys of this site the file names, so the owner can check they are the ones meant.
  const preview = page.getByRole('dialog', { name: 'Import config.json?' });
  await expect(preview.getByRole('region', { name: 'API keys' }).innerText()).resolves.toMatch(
    /Will be created \(1\)\s+partner Partner key\s+Unchanged \(1\)\s+browser-test-key Browser test key/i
  );
  await preview.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText(/Keys: 1 found here, 1 created\./).waitFor();
  const dialog = page.getByRole('dialog', { name: 'New API keys' });
  await dialog.getByTestId('key-secret').waitFor();
  const partner = (await dialog.getByTestId('key-secret').innerText()).trim();
  expect(partner).toMatch(/^dapi_/);
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
  await logIn(base, readerPage, 'reader-ui@example.com', 'Passw0rd!x');
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
  await screenshot(readerPage, 'reader-keys');
  // The menu entry is there for a reader...
  await readerPage.getByRole('link', { name: 'Data API' }).first().waitFor();
  await readerPage.context().close();

  // ...and not for an admin without any of the plugin's rights, whom the admin API refuses too.
  const outsider = await adminWith(app, 'outsider-ui@example.com', []);
  expect((await outsider.get('/data-api/endpoints')).status).toBe(403);
  const outsiderPage = await (await browser.newContext()).newPage();
  await logIn(base, outsiderPage, 'outsider-ui@example.com', 'Passw0rd!x');
  await outsiderPage.getByRole('link', { name: 'Content Manager' }).first().waitFor();
  expect(await outsiderPage.getByRole('link', { name: 'Data API' }).count()).toBe(0);
  await outsiderPage.context().close();
});
