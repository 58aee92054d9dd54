import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { ADMIN, startApp, type TestApp } from './strapi';

export interface AdminBrowser {
  app: TestApp;
  browser: Browser;
  page: Page;
  /** The app's own address, where the admin panel is. */
  base: string;
}

/** A fresh app listening on a port, and a browser page logged into its admin panel as the super admin. */
export const openAdminPanel = async (): Promise<AdminBrowser> => {
  const browser = await launchChromium();
  const app = await startApp();
  try {
    const server = app.strapi.server.httpServer;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await page.goto(`${base}/admin/auth/login`);
    await page.locator('input[name="email"]').fill(ADMIN.email);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 30_000 });
    return { app, browser, page, base };
  } catch (error) {
    // A running app would keep the suite from ever ending.
    await browser.close();
    await app.stop();
    throw error;
  }
};

/** The labels of the options of the design system's select `trigger`, which is left closed. */
export const optionsOf = async (page: Page, trigger: Locator) => {
  await trigger.click();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
};

/** Picks the option labelled exactly `option` in the design system's select `trigger`. */
export const chooseExactly = async (page: Page, trigger: Locator, option: string) => {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-artifacts', 'admin');

/**
 * A screenshot in test-artifacts/admin/ of the whole page, or of `part` of it, once dialogs and menus have
 * finished opening.
 */
export const screenshot = async (page: Page, name: string, part?: Locator) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Run in the page (the tests are compiled without the DOM's types).
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))`);
  const file = path.join(ARTIFACTS, `${name}.png`);
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
};
