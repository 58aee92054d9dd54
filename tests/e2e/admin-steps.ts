import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { screenshot } from '../helpers/admin-browser';
import { launchChromium } from '../helpers/browser';
import { ADMIN, startApp, type TestApp } from '../helpers/strapi';

/**
 * What the admin panel suites share: a fresh app and a browser page logged in as the super admin, the errors the
 * page threw, and the steps of building an endpoint. Screenshots are kept in test-artifacts/admin/.
 */
export interface AdminSuite {
  app: TestApp;
  browser: Browser;
  page: Page;
  base: string;
  pageErrors: string[];
}

export const logIn = async (base: string, target: Page, email: string, password: string) => {
  await target.goto(`${base}/admin/auth/login`);
  await target.locator('input[name="email"]').fill(email);
  await target.locator('input[name="password"]').fill(password);
  await target.locator('button[type="submit"]').click();
  await target.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 30_000 });
};

/** Starts the app and the browser; errors the page throws are collected from the login on. */
export const openAdminSuite = async (): Promise<AdminSuite> => {
  const app = await startApp();
  const server = app.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await logIn(base, page, ADMIN.email, ADMIN.password);
  return { app, browser, page, base, pageErrors };
};

/** The builder's URL once a new endpoint is saved: the endpoint's own (as Strapi's Content Manager does). */
export const SAVED_ENDPOINT = /\/admin\/plugins\/data-api\/endpoints\/\d+$/;

/** What `read` gives once it gives `expected` (the UI saves in the background), or its last value after 10 s. */
export const eventually = async <T>(read: () => Promise<T>, expected: T) => {
  let value = await read();
  for (let i = 0; i < 50 && value !== expected; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
};

/**
 * The steps of the endpoint builder on the suite's page (read at each step: suites open theirs in beforeAll),
 * allowing the key described `keyDescription` on save.
 */
export const builderSteps = (suite: () => AdminSuite, keyDescription = 'Browser test key') => {
  /** A screenshot (of the page, or of `part`) once dialogs have finished opening (their finite animations). */
  const shot = (name: string, part?: Locator) => screenshot(suite().page, name, part);

  /** Picks `option` in the design system's select labelled (or showing) `label`. */
  const choose = async (trigger: Locator, option: string) => {
    await trigger.click();
    await suite().page.getByRole('option', { name: option, exact: false }).first().click();
  };

  /** Opens a new endpoint in the builder with its name, path, type, content type and fields. */
  const startEndpoint = async (e: { name: string; path: string; type?: string; object: string; fields?: string[] }) => {
    const { page, base } = suite();
    await page.goto(`${base}/admin/plugins/data-api/endpoints/new`);
    await page.getByLabel('Name').fill(e.name);
    await page.getByLabel('Path').fill(e.path);
    if (e.type) await choose(page.getByRole('combobox', { name: 'Type', exact: true }), e.type);
    await choose(page.getByRole('combobox', { name: 'Content type' }), e.object);
    for (const field of e.fields ?? []) {
      await page.getByRole('checkbox', { name: new RegExp(`^${field} \\(`) }).click();
    }
  };

  /** Allows the suite's key, screenshots the builder as `shotName` (scrolled to `focus`) if given, and saves. */
  const allowKeyAndSave = async (shotName?: string, focus?: Locator) => {
    const { page } = suite();
    await choose(page.getByRole('combobox', { name: 'Allowed API keys' }), keyDescription);
    await page.keyboard.press('Escape');
    await focus?.scrollIntoViewIfNeeded();
    if (shotName) await shot(shotName);
    await page.getByRole('button', { name: 'Save' }).click();
  };

  /** Saves a new endpoint and waits for its own URL, where the builder goes once the admin API took it. */
  const saveEndpoint = async (shotName?: string, focus?: Locator) => {
    await allowKeyAndSave(shotName, focus);
    await suite().page.waitForURL(SAVED_ENDPOINT);
  };

  /**
   * Screenshots of `part` of the saved endpoint's page (reloaded: the theme is read at start) in the light and the
   * dark theme, 1280 and 390 px wide, as `<name>-<theme>-<width>`; the page is left light, 1400 px wide.
   */
  const themedShots = async (name: string, part: Locator) => {
    const { page } = suite();
    try {
      for (const theme of ['light', 'dark']) {
        await page.evaluate(`localStorage.setItem('STRAPI_THEME', '${theme}')`);
        await page.reload();
        for (const width of [1280, 390]) {
          // Tall enough for the whole part: a part beyond the screen is shot under the sticky header.
          await page.setViewportSize({ width, height: 2400 });
          await shot(`${name}-${theme}-${width}`, part);
        }
      }
    } finally {
      await page.evaluate(`localStorage.setItem('STRAPI_THEME', 'light')`);
      await page.setViewportSize({ width: 1400, height: 1000 });
    }
  };

  return { shot, choose, startEndpoint, allowKeyAndSave, saveEndpoint, themedShots };
};
