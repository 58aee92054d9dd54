import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chooseExactly, openAdminPanel, screenshot, type AdminBrowser } from '../helpers/admin-browser';
import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import type { AdminClient } from '../helpers/strapi';

/**
 * The plugin's pages as a site owner sees them (issue 32): at 1280x800 every table fits its card (no control
 * out of it, no sideways scroll) with names that tell rows apart; at 390x844 the sub-menu still reaches every
 * page; and screenshots of each page in the light and the dark theme, copied to docs/images/ with
 * UPDATE_DOCS_IMAGES=1.
 */

let panel: AdminBrowser;
let page: Page;
let admin: AdminClient;
let key: KeyFixture;
let builderId: number;

const LONG = 'a-rather-long-path-segment-that-keeps-going';
const pageUrl = (to: string) => `${panel.base}/admin/plugins/data-api/${to}`;

beforeAll(async () => {
  panel = await openAdminPanel();
  page = panel.page;
  admin = await panel.app.admin();
  key = await createKey(admin, 'Partner shop with a long description that says what the key is for', 'partner-shop');
  await createKey(admin, 'Nightly export');
  const builder = await createEndpoint(admin, key, {
    name: 'Partner orders, newest first',
    path: `partners/${LONG}/orders`,
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }, { name: 'total' }, { name: 'status' }],
    filter: { status: { $eq: 'paid' } },
    sort: [{ field: 'id', dir: 'desc' }],
  });
  builderId = builder.id;
  const others = [
    { path: `catalogue/${LONG}/${LONG}`, type: 'aggregate', object: 'api::product.product' },
    { path: 'shop/customers', type: 'list', object: 'api::customer.customer' },
    { path: 'site/products', type: 'list', object: 'api::product.product', auth: { method: 'public' } },
  ];
  const made = [];
  for (const { type, ...other } of others) {
    const aggregate = {
      dimensions: [{ variable: 'category', field: 'category' }],
      measures: [{ variable: 'products', op: 'count' }],
    };
    made.push(
      await createEndpoint(admin, key, {
        ...other,
        type,
        name: `${other.path.slice(0, 60)} for the layout check`,
        fields: type === 'aggregate' ? [] : [{ name: 'id' }],
        ...(type === 'aggregate' ? { aggregate } : {}),
        ...(other.auth ? { rateLimit: { requests: 60, windowSeconds: 60 } } : {}),
      })
    );
  }
  for (const title of ['Partner API with a title long enough to need cutting short', 'Site']) {
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title, endpoints: [builderId, made[0].id], public: true },
    });
    if (created.status !== 201) throw new Error(`document refused: ${JSON.stringify(created.body)}`);
  }
  for (let i = 0; i < 3; i += 1)
    await panel.app.http().get(`/_api/partners/${LONG}/orders`).set('Authorization', `Bearer ${key.secret}`);
  await (
    panel.app.strapi.plugin('data-api').service('usage') as { recorder: { flush: () => Promise<void> } }
  ).recorder.flush();
}, 180_000);

afterAll(async () => {
  await panel?.browser.close();
  await panel?.app.stop();
});

/**
 * Each table of the page: whether it scrolls sideways, its rows' controls (buttons, links, switches) by their
 * accessible name (aria-label, else text), and those whose box is not inside the table's card. Run in the page
 * (the tests are compiled without the DOM's types); the design system's table is card > shadow > scroller > table.
 */
const TABLES = `[...document.querySelectorAll('table')].map((table) => {
  const scroller = table.parentElement;
  const card = scroller.parentElement.parentElement.getBoundingClientRect();
  const controls = [...table.querySelectorAll('tbody button, tbody a, tbody [role="switch"]')];
  const name = (c) => c.getAttribute('aria-label') || c.textContent.trim();
  const inside = (r) => r.left >= card.left && r.right <= card.right && r.top >= card.top && r.bottom <= card.bottom;
  return {
    scrolls: scroller.scrollWidth > scroller.clientWidth,
    names: controls.map(name),
    outside: controls.filter((c) => !inside(c.getBoundingClientRect())).map(name),
  };
})`;

interface TableFit {
  scrolls: boolean;
  names: string[];
  outside: string[];
}

const tablesOf = async (to: string, rowText: string) => {
  await page.goto(pageUrl(to));
  await page.locator('tr', { hasText: rowText }).first().waitFor({ timeout: 30_000 });
  return (await page.evaluate(TABLES)) as TableFit[];
};

const duplicates = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

test.each([
  ['endpoints', `GET /_api/partners/${LONG}/orders`, ['Enabled: GET /_api/partners', 'Delete GET /_api/site/products']],
  ['keys', 'partner-shop', ['Edit the key partner-shop', 'Revoke the key nightly-export', 'Usage of partner-shop']],
  ['documents', 'Site', ['Preview Site', 'Download Site', 'Edit Site', 'Delete Partner API']],
])('at 1280x800 the %s table fits its card, each row its own names', async (to, rowText, expectedNames) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [table, ...others] = await tablesOf(to, rowText);
  expect(others).toEqual([]);
  expect(table.scrolls).toBe(false);
  expect(table.outside).toEqual([]);
  for (const name of expectedNames) expect(table.names.some((n) => n.startsWith(name))).toBe(true);
  expect(duplicates(table.names)).toEqual([]);
});

test('at 1280x800 the Usage tables fit their cards', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tables = await tablesOf('usage', `GET partners/${LONG}/orders`);
  expect(tables.length).toBeGreaterThanOrEqual(2);
  for (const table of tables) {
    expect(table.scrolls).toBe(false);
    expect(table.outside).toEqual([]);
    expect(duplicates(table.names)).toEqual([]);
  }
});

test('at 390x844 the sub-menu reaches every page, and every header action is on screen', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pageUrl('endpoints'));
  const menu = page.getByRole('combobox', { name: 'Data API pages' });
  for (const [label, to] of [
    ['API keys', 'keys'],
    ['OpenAPI documents', 'documents'],
    ['Usage', 'usage'],
    ['Endpoints', 'endpoints'],
  ]) {
    await chooseExactly(page, menu, label);
    await page.waitForURL(`**/plugins/data-api/${to}`);
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
    // Every action of the page's header is on screen (Strapi's header row does not wrap; ours does).
    const cut = await page.getByTestId('page-actions').evaluate((row: HTMLElement) =>
      Array.from(row.querySelectorAll('button, a'))
        .filter((control) => control.getBoundingClientRect().right > window.innerWidth)
        .map((control) => control.textContent)
    );
    expect(cut).toEqual([]);
  }
  await screenshot(page, 'layout-narrow-endpoints');
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await menu.isVisible()).toBe(false);
});

test('a key created for 30 days says when it expires ("next month", as Strapi words it), as the server holds it', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await tablesOf('keys', 'partner-shop');
  await page.getByRole('button', { name: 'Create an API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('month-long');
  await dialog.getByLabel('Description').fill('A month long');
  await chooseExactly(page, dialog.getByRole('combobox', { name: 'Duration' }), '30 days');
  await dialog.getByRole('button', { name: 'Create an API key' }).click();
  await dialog.getByTestId('key-secret').waitFor();
  await page.getByText('Key created').first().waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('tr', { hasText: 'month-long' }).innerText()).resolves.toContain('next month');
  const stored = await panel.app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { name: 'month-long' } });
  const days = (new Date(stored.expiresAt).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
});

const DOCS_IMAGES = path.resolve(__dirname, '..', '..', 'docs', 'images');

/** A screenshot in test-artifacts/admin/ (layout-<name>), and as docs/images/<name>.png when asked. */
const keep = async (name: string) => {
  await screenshot(page, `layout-${name}`);
  if (process.env.UPDATE_DOCS_IMAGES !== '1') return;
  mkdirSync(DOCS_IMAGES, { recursive: true });
  copyFileSync(
    path.resolve(DOCS_IMAGES, '..', '..', 'test-artifacts', 'admin', `layout-${name}.png`),
    path.join(DOCS_IMAGES, `${name}.png`)
  );
};

test.each(['light', 'dark'])('screenshots of each page in the %s theme', async (theme) => {
  const suffix = theme === 'dark' ? '-dark' : '';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(pageUrl('endpoints'));
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', '${theme}')`);
  await tablesOf('endpoints', 'GET /_api/shop/customers');
  // Strapi's own news banner (shown once the page is), once closed, stays closed: the pictures show the plugin.
  const banner = page.getByRole('button', { name: /Close the banner/ });
  if (await banner.count()) await banner.click();
  await keep(`endpoints${suffix}`);

  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(pageUrl(`endpoints/${builderId}`));
  await page.getByTestId('try-it').waitFor({ timeout: 30_000 });
  await keep(`endpoint-builder${suffix}`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await tablesOf('keys', 'partner-shop');
  await page.getByRole('button', { name: 'Create an API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill('Mobile app');
  await keep(`keys-create${suffix}`);
  await page.keyboard.press('Escape');

  await tablesOf('documents', 'Site');
  await keep(`documents${suffix}`);

  await page.setViewportSize({ width: 1280, height: 1500 });
  await tablesOf('usage', `GET partners/${LONG}/orders`);
  await page.locator('[aria-label="Requests per endpoint"] canvas').waitFor();
  await keep(`usage-page${suffix}`);
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', 'light')`);
});
