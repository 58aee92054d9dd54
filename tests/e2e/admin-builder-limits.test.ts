import type { Browser, Page } from 'playwright-core';
import { LARGE_TABLE_ROWS } from '../../contracts/index-advice';
import { addProducts, createEndpoint, createKey } from '../helpers/fixtures';
import { adminWith, type TestApp } from '../helpers/strapi';
import { builderSteps, eventually, openAdminSuite, SAVED_ENDPOINT, type AdminSuite } from './admin-steps';

/**
 * What keeps endpoints within bounds, in a real browser: an endpoint whose author lost a right shows as
 * suspended, a List on a large table shows the index it lacks, rate limits are set on an endpoint and on a key,
 * and a public endpoint needs a rate limit and is marked in the list.
 */

let suite: AdminSuite;
let app: TestApp;
let browser: Browser;
let page: Page;
let base: string;
let pageErrors: string[];
let secret: string;
const { shot, choose, startEndpoint, saveEndpoint } = builderSteps(() => suite);

beforeAll(async () => {
  suite = await openAdminSuite();
  ({ app, browser, page, base, pageErrors } = suite);
  secret = (await createKey(await app.admin(), 'Browser test key')).secret;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
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
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('1 problem to fix before saving').waitFor();
  await page.getByLabel('Limit requests').click();
  await expect(page.getByTestId('try-it').innerText()).resolves.toMatch(/^curl -s ".*\/_api\/site\/customers"$/);
  await warning.scrollIntoViewIfNeeded();
  await shot('endpoint-public');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(SAVED_ENDPOINT);
  await page.goto(`${base}/admin/plugins/data-api/endpoints`);
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
