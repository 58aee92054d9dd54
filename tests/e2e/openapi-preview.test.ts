import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { createEndpoint, createKey } from '../helpers/fixtures';
import { ADMIN, startApp, type TestApp } from '../helpers/strapi';

/**
 * The admin panel's OpenAPI documents in a real browser: the overview lists them, the preview renders the
 * generated document with Swagger UI (swagger-ui-dist), and the download saves it under its title.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
let base: string;
let documentId: number;
const pageErrors: string[] = [];

beforeAll(async () => {
  app = await startApp();
  const server = app.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const admin = await app.admin();
  const key = await createKey(admin);
  const products = await createEndpoint(admin, key, {
    name: 'Active products',
    path: 'shop/products',
    type: 'list',
    object: 'api::product.product',
    filter: { active: true },
    fields: [{ name: 'id' }, { name: 'title' }, { name: 'price' }],
  });
  const orders = await createEndpoint(admin, key, {
    name: 'Place an order',
    path: 'shop/orders',
    type: 'create',
    object: 'api::order.order',
    fields: [
      { name: 'product', required: true },
      { name: 'quantity', required: true },
    ],
  });
  const created = await admin.post('/data-api/openapi-documents', {
    data: { title: 'Shop API', version: '2.0.0', endpoints: [products.id, orders.id], public: true },
  });
  if (created.status !== 201) throw new Error(`document refused: ${JSON.stringify(created.body)}`);
  documentId = created.body.data.id;

  browser = await launchChromium();
  page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${base}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 30_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('the overview lists the documents, with their public URL', async () => {
  await page.goto(`${base}/admin/plugins/data-api/documents`);
  const row = page.locator('tr', { hasText: 'Shop API' });
  await row.waitFor({ timeout: 30_000 });
  await expect(row.innerText()).resolves.toMatch(/2\.0\.0[\s\S]*2 endpoints[\s\S]*\/_api\/_openapi\/shop_api\.json/);
});

test('Download saves the generated JSON under the title', async () => {
  const row = page.locator('tr', { hasText: 'Shop API' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download Shop API' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Shop API.json');
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(saved.info).toMatchObject({ title: 'Shop API', version: '2.0.0' });
  expect(Object.keys(saved.paths)).toEqual(['/_api/shop/products', '/_api/shop/orders']);
});

test('Preview renders the document with Swagger UI, without "Try it out"', async () => {
  await page.locator('tr', { hasText: 'Shop API' }).getByRole('link', { name: 'Preview Shop API' }).click();
  await page.waitForURL(`**/admin/plugins/data-api/documents/${documentId}`);
  const operations = page.locator('.swagger-ui .opblock-summary');
  await operations.first().waitFor({ timeout: 30_000 });
  // Grouped by content type: Order, then Product.
  const summaries = (await operations.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  expect(summaries).toEqual([
    expect.stringMatching(/^POST \/_api\/shop\/orders Place an order/),
    expect.stringMatching(/^GET \/_api\/shop\/products Active products/),
  ]);
  await expect(page.locator('.swagger-ui .info .title').innerText()).resolves.toMatch(/^Shop API/);

  // Opening an operation shows its parameters and answers, and offers no way to send it.
  await operations.filter({ hasText: '/_api/shop/products' }).click();
  const parameters = page.locator('.swagger-ui .parameters');
  await parameters.waitFor();
  await expect(parameters.innerText()).resolves.toMatch(/price:gt[\s\S]*number/);
  expect(await page.locator('.swagger-ui .try-out__btn').count()).toBe(0);
  // Swagger UI's own styles came with it (GET operations are blue).
  const border = await page
    .locator('.swagger-ui .opblock.opblock-get')
    .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).borderColor);
  expect(border).toBe('rgb(97, 175, 254)');
  expect(pageErrors).toEqual([]);
});
