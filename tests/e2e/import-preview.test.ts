import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { openAdminPanel, screenshot, type AdminBrowser } from '../helpers/admin-browser';
import type { AdminClient } from '../helpers/strapi';
import { fileList } from '../helpers/file-entries';

/**
 * Import and export as an owner meets them: a chosen file is previewed (what will be created, changed
 * and left alone) and written only on Import; Cancel writes nothing; every outcome answers with a notification.
 * Screenshots go to test-artifacts/admin/.
 */

let panel: AdminBrowser;
let page: Page;
let admin: AdminClient;
let key: KeyFixture;

const ENDPOINT = 'plugin::data-api.endpoint';
const stored = (path: string) => panel.app.strapi.db.query(ENDPOINT).findOne({ where: { path } });

/** Chooses a file holding `content` in the Import button's file input. */
const choose = (content: unknown, name = 'config.json') =>
  page.getByTestId('import-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)),
  });

beforeAll(async () => {
  panel = await openAdminPanel();
  page = panel.page;
  admin = await panel.app.admin();
  key = await createKey(admin, 'Preview key', 'preview-key');
  for (const [name, path] of [
    ['Preview orders', 'preview/orders'],
    ['Preview list', 'preview/list'],
  ]) {
    await createEndpoint(admin, key, {
      name,
      path,
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }],
    });
  }
}, 180_000);

afterAll(async () => {
  await panel?.browser.close();
  await panel?.app.stop();
});

test('Export saves the file and says so', async () => {
  await page.goto(`${panel.base}/admin/plugins/data-api/endpoints`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(JSON.parse(readFileSync((await download.path())!, 'utf8')).format).toBe('strapi-plugin-data-api/2');
  await page.getByText('The configuration was saved as data_api_config.json.').waitFor();
});

test('a chosen file is previewed; Cancel writes nothing; Import applies it and tells the counts', async () => {
  const file = (await admin.get('/data-api/export')).body.data;
  const unchanged = file.endpoints.length - 1;
  const renamed = file.endpoints.find((e: { path: string }) => e.path === 'preview/orders');
  Object.assign(renamed, {
    name: 'Preview orders (renamed)',
    fields: [...renamed.fields, { name: 'total' }],
    cache: { maxAgeSeconds: 120 },
  });
  file.endpoints.push(fileList('Preview new', 'preview/new', 'preview-key'));
  await page.goto(`${panel.base}/admin/plugins/data-api/endpoints`);
  await choose(file);
  const dialog = page.getByRole('dialog', { name: 'Import config.json?' });
  await dialog.waitFor();
  const endpoints = dialog.getByRole('region', { name: 'Endpoints' });
  const group = (name: string) => endpoints.getByRole('region', { name, exact: true });
  await expect(group('Will be created').innerText()).resolves.toMatch(
    /^Will be created \(1\)\s+Preview new GET preview\/new$/i
  );
  // Each change said as before and after.
  await expect(group('Will be changed').innerText()).resolves.toMatch(
    /^Will be changed \(1\)\s+Preview orders \(renamed\) GET preview\/orders\s+Name: Preview orders → Preview orders \(renamed\)\s+Response cache: off → 120 s\s+Fields added: total$/i
  );
  await dialog.getByText('What the file does not list stays as it is', { exact: false }).waitFor();
  await expect(group('Unchanged').innerText()).resolves.toMatch(new RegExp(`^Unchanged \\(${unchanged}\\)`, 'i'));
  await expect(group('Unchanged').innerText()).resolves.toContain('Preview list GET preview/list');
  const keys = dialog.getByRole('region', { name: 'API keys' });
  await expect(keys.innerText()).resolves.toMatch(/Unchanged \(1\)\s+preview-key Preview key/i);
  await screenshot(page, 'import-preview');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await stored('preview/new')).toBeNull();
  expect((await stored('preview/orders')).name).toBe('Preview orders');

  // At 390 px and in the dark theme (the page's header is drawn anew at another width: the file is chosen again).
  for (const [width, height, theme] of [
    [390, 844, 'light'],
    [390, 844, 'dark'],
    [1400, 1000, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await page.keyboard.press('Escape');
    await choose(file);
    await dialog.getByText('Fields added: total').waitFor();
    await screenshot(page, `import-preview-${width}-${theme}`);
  }
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await page
    .getByText(`Imported. Endpoints: 1 created, 1 changed, ${unchanged} unchanged.`, { exact: false })
    .waitFor();
  await dialog.waitFor({ state: 'hidden' });
  expect((await stored('preview/new')).name).toBe('Preview new');
  expect((await stored('preview/orders')).name).toBe('Preview orders (renamed)');
  // The list shows the new endpoint at once.
  await page.locator('tr', { hasText: 'preview/new' }).waitFor();
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'import-done');
});

test('a file that cannot be imported is refused in a notification, in words, with nothing to confirm', async () => {
  await page.goto(`${panel.base}/admin/plugins/data-api/endpoints`);
  await choose('{ not json', 'broken.json');
  await page.getByText('The file is not JSON: choose a file made by Export.').waitFor();
  // JSON, but no export: its first problem in words, not the shape check's own text.
  await choose({ hello: 'world' }, 'other.json');
  await page
    .getByText('This file is not a Data API export: it has no "format" (an export says "strapi-plugin-data-api/2").')
    .waitFor();
  await choose({ format: 'strapi-plugin-data-api/2', keys: [], endpoints: {}, documents: [] }, 'other.json');
  await page.getByText('This file is not a Data API export: its "endpoints" is not a list.').waitFor();
  const file = (await admin.get('/data-api/export')).body.data;
  file.endpoints.push(fileList('Broken', 'preview/broken', 'preview-key', ['nope']));
  await choose(file, 'refused.json');
  await page.getByText(/This file cannot be imported: .*unknown field "nope"/).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await stored('preview/broken')).toBeNull();
});
