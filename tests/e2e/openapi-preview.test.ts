import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from '../helpers/admin-browser';
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

test('Download saves the generated JSON under the public slug', async () => {
  const row = page.locator('tr', { hasText: 'Shop API' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download Shop API' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('shop_api.json');
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

/**
 * For each of Swagger UI's texts named by `selectors`, the WCAG contrast ratio of its colour against its
 * effective background (its own and its ancestors' backgrounds, composited up to the first opaque one). Run in
 * the page (the tests are compiled without the DOM's types).
 */
const contrastsOf = (selectors: string[]) =>
  page.evaluate(`(() => {
    const rgba = (css) => {
      const [r, g, b, a = 1] = css.match(/[\\d.]+/g).map(Number);
      return { r, g, b, a };
    };
    const over = (top, under) => {
      const mix = (key) => top[key] * top.a + under[key] * (1 - top.a);
      return { r: mix('r'), g: mix('g'), b: mix('b'), a: 1 };
    };
    const backgroundOf = (element) => {
      const layers = [];
      for (let node = element; node && layers.every((layer) => layer.a < 1); node = node.parentElement) {
        const layer = rgba(getComputedStyle(node).backgroundColor);
        if (layer.a > 0) layers.push(layer);
      }
      return layers.reduceRight((under, top) => over(top, under), { r: 255, g: 255, b: 255, a: 1 });
    };
    const luminance = ({ r, g, b }) => {
      const [R, G, B] = [r, g, b].map((v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    return Object.fromEntries(${JSON.stringify(selectors)}.map((selector) => {
      const element = document.querySelector(selector);
      const background = backgroundOf(element);
      const [light, dark] = [luminance(over(rgba(getComputedStyle(element).color), background)), luminance(background)]
        .sort((a, b) => b - a);
      return [selector, Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100];
    }));
  })()`) as Promise<Record<string, number>>;

test.each(['light', 'dark'])("Swagger UI's texts are readable in the %s theme", async (theme) => {
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', '${theme}')`);
  await page.goto(`${base}/admin/plugins/data-api/documents/${documentId}`);
  await page.locator('.swagger-ui .opblock-summary', { hasText: '/_api/shop/products' }).click();
  await page.locator('.swagger-ui .parameter__name').first().waitFor({ timeout: 30_000 });
  const selectors = [
    '.swagger-ui .info .title',
    '.swagger-ui .servers-title',
    '.swagger-ui .opblock-summary-method',
    '.swagger-ui .opblock-summary-path',
    '.swagger-ui .opblock-summary-description',
    '.swagger-ui .parameter__name',
    '.swagger-ui .response-col_status',
    '.swagger-ui section.models .json-schema-2020-12__title',
  ];
  await page.locator(selectors.at(-1)!).first().waitFor();
  const contrasts = await contrastsOf(selectors);
  expect(Object.entries(contrasts).filter(([, ratio]) => ratio < 4.5)).toEqual([]);
  const band = await page
    .locator('.swagger-ui .scheme-container')
    .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor);
  if (theme === 'dark') expect(band).not.toBe('rgb(255, 255, 255)');
  for (const width of [1280, 390]) {
    // Tall enough to show the whole preview, down to the schemas.
    await page.setViewportSize({ width, height: 8000 });
    await screenshot(page, `openapi-preview-${theme}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', 'light')`);
});
