import type { Page } from 'playwright-core';
import { PERMISSIONS } from '../../contracts/permissions';
import { openAdminPanel, screenshot, type AdminBrowser } from '../helpers/admin-browser';
import { createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { logIn } from './admin-steps';
import { adminWith } from '../helpers/strapi';

/**
 * The response cache in the panel, in a real browser: the builder's Response cache section
 * turns it on for an endpoint (and offers the CDN settings on a public one only); once called, the Usage page's
 * card shows this server's hits and misses; Purge all and Purge cache ask first and answer with a toast; an admin
 * without the cache right sees the figures but no purge. Screenshots go to test-artifacts/admin/.
 */

let panel: AdminBrowser;
let page: Page;
let key: KeyFixture;
let orders: { id: number };

const ENDPOINTS = 'plugin::data-api.endpoint';
const call = () => panel.app.http().get('/_api/cached/orders').set('Authorization', `Bearer ${key.secret}`);
const figure = (name: string) => page.getByTestId(`cache-${name}`).innerText();

/** Confirms the open dialog with its button saying what it does, then waits for the toast `text`. */
const confirmWith = async (text: string) => {
  await page.getByRole('alertdialog').getByRole('button', { name: 'Purge cache' }).click();
  await page.getByText(text, { exact: true }).waitFor();
};

beforeAll(async () => {
  panel = await openAdminPanel();
  page = panel.page;
  const admin = await panel.app.admin();
  key = await createKey(admin, 'Cache browser key', 'cache-browser-key');
  orders = await createEndpoint(admin, key, {
    name: 'Cached orders',
    path: 'cached/orders',
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }, { name: 'total' }],
  });
}, 180_000);

afterAll(async () => {
  await panel?.browser.close();
  await panel?.app.stop();
});

test('the builder turns the cache on; the Usage card shows the hits; Purge all asks, then says what it dropped', async () => {
  await page.goto(`${panel.base}/admin/plugins/data-api/endpoints/${orders.id}`);
  const section = page.locator('[data-builder-section="cache"]');
  await page.getByLabel('Keep answers in the cache').click();
  await page.getByLabel('Keep answers for at most (seconds)').fill('120');
  await page.getByText('Answers are served from the cache until a write changes what they read').waitFor();
  // Not a public endpoint: nothing a CDN could keep.
  expect(await page.getByLabel('CDN: s-maxage (seconds)').count()).toBe(0);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'builder-cache');
  expect(await page.getByRole('button', { name: 'Purge cache' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved', { exact: true }).waitFor();
  const stored = await panel.app.strapi.db.query(ENDPOINTS).findOne({ where: { id: orders.id } });
  expect(stored.cache).toEqual({ maxAgeSeconds: 120 });

  // The first answer is not kept (what it reads is learnt as it runs); the second is, the third comes from it.
  for (let i = 0; i < 3; i += 1) expect((await call()).status).toBe(200);
  await (
    panel.app.strapi.plugin('data-api').service('usage') as { recorder: { flush: () => Promise<void> } }
  ).recorder.flush();
  await page.goto(`${panel.base}/admin/plugins/data-api/usage`);
  await page.getByTestId('cache-card').waitFor();
  // The endpoint's totals: requests, 2xx, 3xx, 4xx, 5xx, rate limited, error rate, then the cache's hit rate.
  const row = page.getByTestId('usage-endpoints').locator('tr', { hasText: 'GET /_api/cached/orders' });
  expect((await row.locator('td').allInnerTexts()).slice(0, 9).join(' | ')).toBe(
    'GET /_api/cached/orders\nCached orders | 3 | 3 | 0 | 0 | 0 | 0 | 0% | 33.3%'
  );
  await expect(page.locator('thead').first().innerText()).resolves.toMatch(/ERROR RATE\s+CACHE HITS/i);
  expect([await figure('store'), await figure('entries'), await figure('hits'), await figure('misses')]).toEqual([
    'Memory',
    '1',
    '1',
    '2',
  ]);
  await expect(figure('bytes')).resolves.toMatch(/^.+ of 67\s?MB$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, 'usage-cache-card-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('cache-card').scrollIntoViewIfNeeded();
  await screenshot(page, 'usage-cache-card-390');
  await page.setViewportSize({ width: 1400, height: 1000 });

  await page.getByRole('button', { name: 'Purge all' }).click();
  await page.getByText('Drop every answer kept in the response cache?').waitFor();
  await screenshot(page, 'usage-cache-purge-confirm');
  await confirmWith('Cache purged: 1 entry dropped on this server');
  await expect(figure('entries')).resolves.toBe('0');
  expect((await call()).status).toBe(200);
  expect(panel.app.strapi.plugin('data-api').service('engine').cache.stats()).toMatchObject({ hits: 1, misses: 3 });
});

test("a saved cached endpoint's Purge cache drops its entries, after a confirmation", async () => {
  // Kept again by the last call's miss: one more call is a hit.
  expect((await call()).status).toBe(200);
  await page.goto(`${panel.base}/admin/plugins/data-api/endpoints/${orders.id}`);
  await page.getByRole('button', { name: 'Purge cache' }).click();
  await page.getByText('Drop the answers of this endpoint kept in the response cache?').waitFor();
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'builder-purge-confirm-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await confirmWith('Cache purged: 1 entry dropped on this server');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'builder-purge-cache-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'builder-purge-cache-390');
  await page.setViewportSize({ width: 1400, height: 1000 });
});

test('a public endpoint offers the CDN settings, and saves them', async () => {
  const admin = await panel.app.admin();
  const open = await createEndpoint(admin, key, {
    name: 'Public products',
    path: 'cached/products',
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }],
    auth: { method: 'public' },
    rateLimit: { requests: 60, windowSeconds: 60 },
  });
  await page.goto(`${panel.base}/admin/plugins/data-api/endpoints/${open.id}`);
  await page.getByLabel('Keep answers in the cache').click();
  await page.getByLabel('CDN: s-maxage (seconds)').fill('60');
  await page.getByLabel('stale-while-revalidate (seconds)').fill('30');
  // Where a CDN keeps answers, that it keeps their signed media URLs too, and what Save refuses for that.
  const section = page.locator('[data-builder-section="cache"]');
  await section
    .getByText('Signed media URLs and a CDN do not mix: a CDN keeps an answer, with its signed URLs, for its max age.')
    .waitFor();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'builder-cache-public');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'builder-cache-public-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'builder-cache-public-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'builder-cache-public-390');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved', { exact: true }).waitFor();
  const stored = await panel.app.strapi.db.query(ENDPOINTS).findOne({ where: { id: open.id } });
  expect(stored.cache).toEqual({ maxAgeSeconds: 300, sharedMaxAgeSeconds: 60, staleWhileRevalidateSeconds: 30 });
  const answer = await panel.app.http().get('/_api/cached/products');
  expect(answer.headers['cache-control']).toMatch(/s-maxage=60/);
});

test('an admin who may read usage but not purge sees the figures and no purge', async () => {
  await adminWith(panel.app, 'cache-reader-ui@example.com', [PERMISSIONS.usage.read, PERMISSIONS.endpoints.read]);
  const other = await (await panel.browser.newContext()).newPage();
  await logIn(panel.base, other, 'cache-reader-ui@example.com', 'Passw0rd!x');
  await other.goto(`${panel.base}/admin/plugins/data-api/usage`);
  await other.getByTestId('cache-hits').waitFor();
  expect(await other.getByRole('button', { name: 'Purge all' }).count()).toBe(0);
  await other.goto(`${panel.base}/admin/plugins/data-api/endpoints/${orders.id}`);
  await other.getByText('Keep answers for at most (seconds)').waitFor();
  expect(await other.getByRole('button', { name: 'Purge cache' }).count()).toBe(0);
  await other.context().close();
});
