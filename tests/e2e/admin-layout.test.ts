import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chooseExactly, openAdminPanel, screenshot, type AdminBrowser } from '../helpers/admin-browser';
import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import type { AdminClient } from '../helpers/strapi';

/**
 * The plugin's pages as a site owner sees them: at 1280x800 every table fits its card (no control
 * out of it, no sideways scroll) with names that tell rows apart; at 390x844 the sub-menu still reaches every
 * page; and screenshots of each page in the light and the dark theme, copied to docs/images/ with
 * UPDATE_DOCS_IMAGES=1.
 */

let panel: AdminBrowser;
let page: Page;
let admin: AdminClient;
let key: KeyFixture;
let builderId: number;
let siteDocumentId: number;

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
    siteDocumentId = created.body.data.id;
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

const TABLE_PAGES = [
  ['endpoints', `GET /_api/partners/${LONG}/orders`, ['Enabled: GET /_api/partners', 'Delete GET /_api/site/products']],
  ['keys', 'partner-shop', ['Edit the key partner-shop', 'Revoke the key nightly-export', 'Usage of partner-shop']],
  ['documents', 'Site', ['Preview Site', 'Download Site', 'Edit Site', 'Delete Partner API']],
] as const;

test.each([1280, 1024].flatMap((width) => TABLE_PAGES.map((table) => [width, ...table] as const)))(
  'at %ix800 the %s table fits its card, each row its own names',
  async (width, to, rowText, expectedNames) => {
    await page.setViewportSize({ width, height: 800 });
    const [table, ...others] = await tablesOf(to, rowText);
    expect(others).toEqual([]);
    expect(table.scrolls).toBe(false);
    expect(table.outside).toEqual([]);
    for (const name of expectedNames) expect(table.names.some((n) => n.startsWith(name))).toBe(true);
    expect(duplicates(table.names)).toEqual([]);
  }
);

const firstColumn = () => page.locator('tbody tr td:first-child').allInnerTexts();
const sortedBy = (texts: string[], direction: 1 | -1) => [...texts].sort((a, b) => direction * a.localeCompare(b));

test.each([
  ['endpoints', 'GET /_api/shop/customers', 'Endpoint'],
  ['keys', 'partner-shop', 'Name'],
  ['documents', 'Site', 'Title'],
])("the %s table sorts by a column's header, as Strapi's list view does", async (to, rowText, column) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await tablesOf(to, rowText);
  const header = page.getByRole('columnheader', { name: new RegExp(`^${column}$`, 'i') });
  await header.click();
  await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
  const ascending = await firstColumn();
  expect(ascending).toEqual(sortedBy(ascending, 1));
  await header.click();
  await expect(header.getAttribute('aria-sort')).resolves.toBe('descending');
  await expect(firstColumn()).resolves.toEqual(sortedBy(ascending, -1));
});

test("a click on a row opens its item, as Strapi's rows do; a click on the row's buttons does only what they do", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await tablesOf('endpoints', 'GET /_api/shop/customers');
  await page.getByRole('button', { name: 'Delete GET /_api/site/products' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  expect(page.url()).toBe(pageUrl('endpoints'));
  await page.getByText('Partner orders, newest first').click();
  await page.waitForURL(`**/plugins/data-api/endpoints/${builderId}`);

  await tablesOf('keys', 'partner-shop');
  await page.locator('tr', { hasText: 'partner-shop' }).getByText('Partner shop with').click();
  await page.getByRole('dialog', { name: 'Edit the key partner-shop' }).waitFor();
  await page.keyboard.press('Escape');

  await tablesOf('documents', 'Site');
  await page.getByRole('gridcell', { name: 'Site', exact: true }).click();
  await page.waitForURL(`**/plugins/data-api/documents/${siteDocumentId}`);
});

test('at 390x844, with a key chosen, the key picker stays in its card and "Create a new API key" on screen', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pageUrl(`endpoints/${builderId}`));
  const create = page.getByRole('button', { name: 'Create a new API key' });
  await create.waitFor({ timeout: 30_000 });
  await create.scrollIntoViewIfNeeded();
  const right = async (locator: typeof create) => {
    const box = (await locator.boundingBox())!;
    return box.x + box.width;
  };
  expect(await right(create)).toBeLessThanOrEqual(390);
  expect(await right(page.getByRole('combobox', { name: 'Allowed API keys' }))).toBeLessThanOrEqual(390);
});

test('deleting an endpoint names the OpenAPI documents it is in', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await tablesOf('endpoints', 'GET /_api/shop/customers');
  await page.getByRole('button', { name: `Delete GET /_api/partners/${LONG}/orders` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.innerText()).resolves.toContain(
    'It is also in the documents: Partner API with a title long enough to need cutting short, Site.'
  );
  await screenshot(page, 'layout-delete-endpoint');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the key dialog shows what an empty name becomes as a hint, not as a placeholder that looks like a value', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await tablesOf('keys', 'partner-shop');
  await page.getByRole('button', { name: 'Create an API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill('Mobile app');
  await expect(dialog.getByLabel('Name').getAttribute('placeholder')).resolves.toBeNull();
  await expect(dialog.innerText()).resolves.toContain('Left empty, it will be mobile-app.');
  await page.keyboard.press('Escape');
});

test('at 1280x800 the Usage tables fit their cards', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tables = await tablesOf('usage', `GET /_api/partners/${LONG}/orders`);
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

test('a key created for 30 days says when it expires ("next month" in the table, "30 days" and the date in its dialog, as Strapi words them), as the server holds it', async () => {
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
  await page.locator('tr', { hasText: 'month-long' }).getByText('A month long').click();
  const edit = page.getByRole('dialog', { name: 'Edit the key month-long' });
  const date = await page.evaluate(`new Date('${stored.expiresAt}').toLocaleDateString('en', { dateStyle: 'full' })`);
  await expect(edit.getByLabel('Duration').inputValue()).resolves.toBe('30 days');
  await expect(edit.innerText()).resolves.toContain(`Expiration date: ${date}`);
  await expect(edit.innerText()).resolves.not.toContain('next month');
  await screenshot(page, 'layout-key-edit');
  await page.keyboard.press('Escape');
});

const DOCS_IMAGES = path.resolve(__dirname, '..', '..', 'docs', 'images');
const ARTIFACTS = path.resolve(DOCS_IMAGES, '..', '..', 'test-artifacts', 'admin');

/** A screenshot in test-artifacts/admin/ (layout-<name>), and as docs/images/<name>.png when asked. */
const keep = async (name: string) => {
  await screenshot(page, `layout-${name}`);
  if (process.env.UPDATE_DOCS_IMAGES !== '1') return;
  mkdirSync(DOCS_IMAGES, { recursive: true });
  copyFileSync(path.join(ARTIFACTS, `layout-${name}.png`), path.join(DOCS_IMAGES, `${name}.png`));
};

/** Screenshots of the page shown at 1024 and 390 px wide (layout-<name>-<width>), then back to 1280. */
const narrower = async (name: string) => {
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, `layout-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
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
  await narrower(`endpoints${suffix}`);

  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(pageUrl(`endpoints/${builderId}`));
  await page.getByTestId('try-it').waitFor({ timeout: 30_000 });
  await keep(`endpoint-builder${suffix}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Create a new API key' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, `layout-key-picker-390${suffix}.png`) });

  await page.setViewportSize({ width: 1280, height: 900 });
  await tablesOf('keys', 'partner-shop');
  await page.getByRole('button', { name: 'Create an API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill('Mobile app');
  await keep(`keys-create${suffix}`);
  await page.keyboard.press('Escape');
  await narrower(`keys${suffix}`);
  await tablesOf('documents', 'Site');
  await keep(`documents${suffix}`);
  await narrower(`documents${suffix}`);

  await page.setViewportSize({ width: 1280, height: 1500 });
  await tablesOf('usage', `GET /_api/partners/${LONG}/orders`);
  await page.locator('[aria-label="Requests per endpoint"] canvas').waitFor();
  await keep(`usage-page${suffix}`);
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', 'light')`);
});
