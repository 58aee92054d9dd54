import type { Page } from 'playwright-core';
import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { openAdminPanel, screenshot, type AdminBrowser } from '../helpers/admin-browser';
import { adminWith, type AdminClient } from '../helpers/strapi';

/**
 * The Usage page and a key's usage in a real browser: after a known set of calls and a flush, the totals shown
 * are those calls (what a rate limit refused apart, calls without a key under their own name), the tables fit
 * their card at 1280 px, the charts are drawn (in the light and the dark theme, from the design system's colours), and
 * an admin without `usage.read` sees none of it. Screenshots go to test-artifacts/admin/.
 */

let panel: AdminBrowser;
let page: Page;
let admin: AdminClient;
let shop: KeyFixture;
let partner: KeyFixture;

/** Calls `path` `times` times with `key` (null: without one), expecting `status` each time. */
const call = async (path: string, key: KeyFixture | null, times: number, status: number) => {
  for (let i = 0; i < times; i += 1) {
    const request = panel.app.http().get(`/_api/${path}`);
    const response = await (key ? request.set('Authorization', `Bearer ${key.secret}`) : request);
    expect(response.status).toBe(status);
  }
};

const NO_KEY = 'No API key (Browser Session or public)';

/** The texts of the cells (each on one line) of the row of a totals table whose first cell names `name`. */
const rowOf = async (table: 'usage-endpoints' | 'usage-keys', name: string) => {
  const row = page.getByTestId(table).locator('tr', { has: page.getByText(name, { exact: true }) });
  await row.waitFor();
  return (await row.locator('td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
};

/** Whether the second chart sits under the first rather than beside it. */
const chartsStacked = async () => {
  const [first, second] = await Promise.all(
    ['Requests per endpoint', 'Requests per key'].map((chart) => page.locator(`[aria-label="${chart}"]`).boundingBox())
  );
  return second!.y >= first!.y + first!.height;
};

const legendColour = () =>
  page.evaluate(`getComputedStyle(document.querySelector('[aria-label="Requests per endpoint"] .u-legend')).color`);

beforeAll(async () => {
  panel = await openAdminPanel();
  page = panel.page;
  admin = await panel.app.admin();
  shop = await createKey(admin, 'Usage shop', 'usage-shop');
  partner = await createKey(admin, 'Usage partner', 'usage-partner');
  const auth = { method: 'api-key', keys: [shop.id, partner.id] };
  await createEndpoint(admin, shop, {
    name: 'Usage orders',
    path: 'usage/orders',
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }, { name: 'total' }],
    auth,
  });
  await createEndpoint(admin, shop, {
    path: 'usage/products',
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }, { name: 'title' }],
    auth,
  });
  await createEndpoint(admin, shop, {
    path: 'usage/public',
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }, { name: 'title' }],
    auth: { method: 'public' },
    rateLimit: { requests: 1, windowSeconds: 3600 },
  });
  await call('usage/orders', shop, 6, 200);
  await call('usage/public', null, 1, 200);
  await call('usage/public', null, 2, 429);
  await call('usage/orders?page=0', shop, 2, 400);
  await call('usage/products', partner, 3, 200);
  await call('usage/orders', partner, 1, 200);
  await (
    panel.app.strapi.plugin('data-api').service('usage') as { recorder: { flush: () => Promise<void> } }
  ).recorder.flush();
}, 180_000);

afterAll(async () => {
  await panel?.browser.close();
  await panel?.app.stop();
});

test('the Usage page shows the calls made, per endpoint and per key, with charts', async () => {
  await page.goto(`${panel.base}/admin/plugins/data-api/usage`);
  // Endpoint, requests, 2xx, 3xx, 4xx, 5xx, rate limited, error rate, then latency and bytes.
  // Each endpoint by its route, its name under it, as the endpoints table shows them.
  expect((await rowOf('usage-endpoints', 'GET /_api/usage/orders')).slice(0, 8)).toEqual([
    'GET /_api/usage/orders Usage orders',
    '9',
    '7',
    '0',
    '2',
    '0',
    '0',
    '22.2%',
  ]);
  expect((await rowOf('usage-endpoints', 'GET /_api/usage/products')).slice(0, 8)).toEqual([
    'GET /_api/usage/products usage/products',
    '3',
    '3',
    '0',
    '0',
    '0',
    '0',
    '0%',
  ]);
  // What the public endpoint's limit refused is apart from the 4xx and the error rate.
  expect((await rowOf('usage-endpoints', 'GET /_api/usage/public')).slice(0, 8)).toEqual([
    'GET /_api/usage/public usage/public',
    '3',
    '1',
    '0',
    '0',
    '0',
    '2',
    '0%',
  ]);
  expect((await rowOf('usage-endpoints', 'All')).slice(0, 8)).toEqual(['All', '15', '11', '0', '2', '0', '2', '13.3%']);
  expect((await rowOf('usage-keys', 'usage-shop')).slice(0, 5)).toEqual(['usage-shop', '8', '6', '0', '2']);
  expect((await rowOf('usage-keys', 'usage-partner')).slice(0, 5)).toEqual(['usage-partner', '4', '4', '0', '0']);
  expect((await rowOf('usage-keys', NO_KEY)).slice(0, 7)).toEqual([NO_KEY, '3', '1', '0', '0', '0', '2']);
  expect((await rowOf('usage-keys', 'All'))[1]).toBe('15');
  for (const chart of [
    'Requests per endpoint',
    'Requests per key',
    'Errors and rate limits (share of requests)',
    'Latency (ms)',
  ]) {
    await page.locator(`[aria-label="${chart}"] canvas`).waitFor();
  }
  // Each request line is labelled with its endpoint or key in the chart's legend.
  const legend = page.locator('[aria-label="Requests per endpoint"] .u-legend');
  await expect(legend.innerText()).resolves.toMatch(/GET \/_api\/usage\/orders[\s\S]*GET \/_api\/usage\/products/);
  await expect(page.locator('[aria-label="Requests per key"] .u-legend').innerText()).resolves.toMatch(
    new RegExp(`usage-shop[\\s\\S]*usage-partner[\\s\\S]*${NO_KEY.replace(/[()]/g, '\\$&')}`)
  );
  await expect(
    page.locator('[aria-label="Errors and rate limits (share of requests)"] .u-legend').innerText()
  ).resolves.toMatch(/Errors \(4xx, 5xx\)[\s\S]*Rate limited \(429\)/);
  // At 1280 px each table fits its card: no column cut off or scrolled to.
  await page.setViewportSize({ width: 1280, height: 800 });
  const overflows = await page.evaluate(`[...document.querySelectorAll('table')].map((table) =>
    table.getBoundingClientRect().width - table.parentElement.getBoundingClientRect().width)`);
  expect((overflows as number[]).filter((px) => px > 1)).toEqual([]);
  expect(await chartsStacked()).toBe(false);
  await screenshot(page, 'usage-page-1280');
  // Below the design system's medium breakpoint, one chart per row.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await chartsStacked()).toBe(true);
  await screenshot(page, 'usage-page-390');
  // Tall enough for the tables under the charts (the admin scrolls inside its layout, not the page).
  await page.setViewportSize({ width: 1400, height: 1500 });
  await screenshot(page, 'usage-page');

  // The dark theme (the admin follows the system's by default): the charts take its colours.
  const light = await legendColour();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await rowOf('usage-endpoints', 'GET /_api/usage/orders');
  await page.locator('[aria-label="Requests per endpoint"] canvas').waitFor();
  expect(await legendColour()).not.toBe(light);
  await screenshot(page, 'usage-page-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'usage-page-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1400, height: 1000 });
});

test("the key filter narrows the page to one key's requests", async () => {
  await page.goto(`${panel.base}/admin/plugins/data-api/usage`);
  await rowOf('usage-endpoints', 'GET /_api/usage/public');
  await page.getByRole('combobox', { name: 'API key' }).click();
  await page.getByRole('option', { name: 'usage-partner', exact: true }).click();
  // The public endpoint was called without a key: it leaves the tables.
  await page
    .getByTestId('usage-endpoints')
    .locator('tr', { hasText: 'GET /_api/usage/public' })
    .waitFor({ state: 'detached' });
  expect((await rowOf('usage-endpoints', 'GET /_api/usage/products')).slice(1, 3)).toEqual(['3', '3']);
  expect((await rowOf('usage-endpoints', 'GET /_api/usage/orders')).slice(1, 3)).toEqual(['1', '1']);
  expect((await rowOf('usage-endpoints', 'All'))[1]).toBe('4');
  expect(await page.getByTestId('usage-keys').locator('tbody tr').count()).toBe(2);
  await screenshot(page, 'usage-page-key-filter');
  await page.getByRole('combobox', { name: 'API key' }).click();
  await page.getByRole('option', { name: 'All keys', exact: true }).click();
  await rowOf('usage-endpoints', 'GET /_api/usage/public');
});

test("the key page shows a key's last use and busiest endpoints", async () => {
  await page.goto(`${panel.base}/admin/plugins/data-api/keys`);
  await page.locator('tr', { hasText: 'usage-shop' }).getByRole('button', { name: 'Usage of usage-shop' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Last 7 days: 8 requests').waitFor();
  await dialog.getByText('Last 30 days: 8 requests').waitFor();
  await expect(dialog.innerText()).resolves.toMatch(/Last used: (?!Never)/);
  const busiest = dialog.getByTestId('key-usage-7').locator('tr', { hasText: 'GET /_api/usage/orders' });
  // Endpoint, requests, rate limited, error rate: the shop key called only the orders.
  expect((await busiest.locator('td').allInnerTexts()).slice(0, 4)).toEqual([
    'GET /_api/usage/orders\nUsage orders',
    '8',
    '0',
    '25%',
  ]);
  expect(await dialog.getByTestId('key-usage-7').locator('tbody tr').count()).toBe(1);
  await screenshot(page, 'key-usage');
  await dialog.getByRole('button', { name: 'Done' }).click();
});

/** A page of a new browser context, logged in as a new admin holding exactly `rights`. */
const pageOfAdminWith = async (email: string, rights: string[]) => {
  await adminWith(panel.app, email, rights);
  const other = await (await panel.browser.newContext()).newPage();
  await other.goto(`${panel.base}/admin/auth/login`);
  await other.locator('input[name="email"]').fill(email);
  await other.locator('input[name="password"]').fill('Passw0rd!x');
  await other.locator('button[type="submit"]').click();
  await other.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 30_000 });
  return other;
};

test('an admin without usage.read sees neither the page nor the usage of keys', async () => {
  const other = await pageOfAdminWith('no-usage-ui@example.com', ['plugin::data-api.keys.read']);
  await other.goto(`${panel.base}/admin/plugins/data-api/keys`);
  await other.locator('tr', { hasText: 'usage-shop' }).waitFor();
  expect(await other.getByRole('button', { name: /^Usage of/ }).count()).toBe(0);
  expect(await other.getByRole('link', { name: 'Usage', exact: true }).count()).toBe(0);
  await other.goto(`${panel.base}/admin/plugins/data-api/usage`);
  await other.getByText(/don't have the permissions/i).waitFor();
  expect(await other.locator('table').count()).toBe(0);
  await other.context().close();
});

test('an admin who may read usage but not keys sees keys by id, not by name', async () => {
  const other = await pageOfAdminWith('usage-no-keys-ui@example.com', ['plugin::data-api.usage.read']);
  await other.goto(`${panel.base}/admin/plugins/data-api/usage`);
  const keyRow = (name: string) =>
    other.getByTestId('usage-keys').locator('tr', { has: other.getByText(name, { exact: true }) });
  await keyRow(`Key #${shop.id}`).waitFor();
  expect((await keyRow(`Key #${shop.id}`).locator('td').allInnerTexts()).slice(0, 2)).toEqual([`Key #${shop.id}`, '8']);
  expect((await keyRow(`Key #${partner.id}`).locator('td').allInnerTexts()).slice(0, 2)).toEqual([
    `Key #${partner.id}`,
    '4',
  ]);
  await expect(other.getByTestId('usage-keys').innerText()).resolves.not.toMatch(/usage-shop|usage-partner/);
  // Endpoints keep their routes.
  await other.getByTestId('usage-endpoints').getByText('GET /_api/usage/orders', { exact: true }).waitFor();
  await other.setViewportSize({ width: 1400, height: 1500 });
  await screenshot(other, 'usage-page-without-keys');
  await other.context().close();
});
