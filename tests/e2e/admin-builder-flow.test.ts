import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/strapi';
import { builderSteps, openAdminSuite, type AdminSuite } from './admin-steps';

/**
 * The builder answers what the admin does: leaving unsaved work asks first, a key is created without
 * leaving, a refused Save takes the admin to the first problem and says how many there are, a save says so, and
 * the bookmark of a deleted endpoint says what happened.
 */

let suite: AdminSuite;
let app: TestApp;
let browser: Browser;
let page: Page;
let base: string;
let pageErrors: string[];
const consoleErrors: string[] = [];
const { shot, choose, startEndpoint } = builderSteps(() => suite);

beforeAll(async () => {
  suite = await openAdminSuite();
  ({ app, browser, page, base, pageErrors } = suite);
  // The panel's own errors: a resource of another site (Strapi's news), out of the test machine's reach, is none.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.startsWith(base)) consoleErrors.push(message.text());
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const LIST = '/admin/plugins/data-api/endpoints';
const leaveDialog = () => page.getByRole('alertdialog');
const subMenu = (label: string) =>
  page.getByRole('navigation', { name: 'Data API' }).getByRole('link', { name: label });
const toast = (text: string) => page.getByText(text, { exact: true });

/** How far the builder is scrolled down, in the box that scrolls it (the admin's content, not the window). */
const scrolled = () =>
  page.evaluate<number>(`Math.max(...[...document.querySelectorAll('*')].map((element) => element.scrollTop))`);

/** Takes `name` in the light and the dark theme, 1280 and 390 px wide, each time after `show` (once per theme). */
const shotInThemes = async (name: string, show: () => Promise<void>) => {
  for (const theme of ['light', 'dark']) {
    await page.evaluate(`localStorage.setItem('STRAPI_THEME', '${theme}')`);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await show();
    await shot(`${name}-${theme}-1280`);
    // Tall enough to show the whole first card, one field under another.
    await page.setViewportSize({ width: 390, height: 1600 });
    await shot(`${name}-${theme}-390`);
  }
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', 'light')`);
  await page.setViewportSize({ width: 1400, height: 1000 });
};

/** Opens a new endpoint from the list, as an admin does (an in-app move: the browser's back stays in the app). */
const openNewEndpoint = async () => {
  await page.goto(`${base}${LIST}`);
  await page.getByRole('link', { name: 'New endpoint' }).click();
  await page.waitForURL(`**${LIST}/new`);
};

/** Whether the page asks before a reload or a closed tab (its `beforeunload` handler refuses the unload). */
const asksBeforeUnload = () =>
  page.locator('body').evaluate((body) => {
    const view = body.ownerDocument.defaultView!;
    const event = new view.Event('beforeunload', { cancelable: true });
    view.dispatchEvent(event);
    return event.defaultPrevented;
  });

test('leaving a started endpoint asks first: Cancel keeps the draft, Leave goes; nothing asked when unchanged', async () => {
  await openNewEndpoint();
  expect(await asksBeforeUnload()).toBe(false);
  await subMenu('API keys').click();
  await page.waitForURL('**/admin/plugins/data-api/keys');

  await openNewEndpoint();
  await page.getByLabel('Name').fill('Half-built');
  await page.getByLabel('Path').fill('half/built');
  expect(await asksBeforeUnload()).toBe(true);
  // The sub-menu, Strapi's main menu, the Back link and the browser's back button each ask; Cancel keeps the draft.
  const leaves = [
    () => subMenu('API keys').click(),
    () => page.getByRole('link', { name: 'Content Manager' }).first().click(),
    () => page.getByRole('link', { name: 'Back' }).click(),
  ];
  for (const leave of [...leaves, () => page.goBack()]) {
    await leave();
    await leaveDialog().getByText('You have unsaved changes, are you sure you want to leave?').waitFor();
    await shot('builder-leave');
    await leaveDialog().getByRole('button', { name: 'Cancel' }).click();
    await leaveDialog().waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/endpoints\/new$/);
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Half-built');
    await expect(page.getByLabel('Path').inputValue()).resolves.toBe('half/built');
  }
  await subMenu('API keys').click();
  await leaveDialog().getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL('**/admin/plugins/data-api/keys');

  await openNewEndpoint();
  await page.getByLabel('Name').fill('Half-built');
  await page.getByRole('link', { name: 'Back' }).click();
  await leaveDialog().getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(`**${LIST}`);
  expect(pageErrors).toEqual([]);
});

let endpointId: number;

test('the newcomer builds the partner List with a key created in the picker, without leaving the builder', async () => {
  consoleErrors.length = 0;
  await startEndpoint({
    name: 'Partner orders',
    path: 'partner/orders',
    object: 'Order (api::order.order)',
    fields: ['id', 'quantity', 'status'],
  });
  await page.getByRole('button', { name: 'Create a new API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill('Partner shop');
  await dialog.getByRole('button', { name: 'Create an API key' }).click();
  const secret = (await dialog.getByTestId('key-secret').innerText()).trim();
  expect(secret).toMatch(/^dapi_/);
  await shot('builder-new-key-secret');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Back in the builder: the new key is allowed, and the draft is as it was.
  const picker = page.getByRole('combobox', { name: 'Allowed API keys' });
  await expect(picker.innerText()).resolves.toContain('partner-shop: Partner shop');
  await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Partner orders');
  await expect(page.getByRole('checkbox', { name: /^quantity \(/ }).isChecked()).resolves.toBe(true);
  await picker.scrollIntoViewIfNeeded();
  await shot('builder-new-key-selected');

  // As Strapi's Content Manager does: the builder stays where it was, now at the new endpoint's own address.
  const before = await scrolled();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Saved').waitFor();
  await page.waitForURL(new RegExp(`${LIST}/\\d+$`));
  await page.getByRole('button', { name: 'Save' }).waitFor();
  expect(await scrolled()).toBe(before);
  endpointId = Number(page.url().split('/').pop());
  const key = await app.strapi.db.query('plugin::data-api.api-key').findOne({ where: { description: 'Partner shop' } });
  const stored = await app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { id: endpointId } });
  expect(stored).toMatchObject({ path: 'partner/orders', auth: { method: 'api-key', keys: [key.id] } });
  const response = await app.http().get('/_api/partner/orders').set('Authorization', `Bearer ${secret}`);
  expect(response.status).toBe(200);
  expect(Object.keys(response.body.items[0]).sort()).toEqual(['id', 'quantity', 'status']);

  // Saved: leaving asks nothing; a change saved again says so too, and the builder stays.
  expect(await asksBeforeUnload()).toBe(false);
  await toast('Saved').waitFor({ state: 'detached' });
  await page.getByLabel('Name').fill('Partner orders (shop)');
  const again = await scrolled();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Saved').waitFor();
  expect(await scrolled()).toBe(again);
  await shot('builder-saved');
  expect(page.url()).toMatch(new RegExp(`${LIST}/${endpointId}$`));
  await subMenu('Endpoints').click();
  await page.waitForURL(`**${LIST}`);
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** Scrolls the builder to its end (the Try it card), as an admin who filled it in from top to bottom. */
const scrollToEnd = async () => {
  await page.getByTestId('try-it').scrollIntoViewIfNeeded();
  expect(await inView(page.getByLabel('Path'))).toBe(false);
};

/** Whether the element is within the window. */
const inView = (target: ReturnType<Page['getByLabel']>) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= element.ownerDocument.defaultView!.innerHeight;
  });

const focusedName = () =>
  page.locator('body').evaluate((body) => body.ownerDocument.activeElement?.getAttribute('name'));

test('a refused Save takes the admin to the first problem and says how many there are', async () => {
  // Two problems the builder finds itself: a path that may not start with "_", an address that is none.
  await startEndpoint({ name: 'Bad', path: '_partner/bad', object: 'Order (api::order.order)', fields: ['id'] });
  await page.getByLabel('Allowed source IPs').fill('not-an-ip');
  await scrollToEnd();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('2 problems to fix before saving').waitFor();
  await expect(focusedName()).resolves.toBe('path');
  expect(await inView(page.getByLabel('Path'))).toBe(true);
  await shot('builder-refused-local');
  expect(page.url()).toMatch(/\/endpoints\/new$/);

  // One the admin API finds: the path is taken. The text stays at its field.
  await page.getByLabel('Path').fill('partner/orders');
  await page.getByLabel('Allowed source IPs').fill('');
  await scrollToEnd();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('1 problem to fix before saving').waitFor();
  await page
    .getByText(/already answers GET \/_api\/partner\/orders/)
    .first()
    .waitFor();
  await expect(focusedName()).resolves.toBe('path');
  expect(await inView(page.getByLabel('Path'))).toBe(true);
  await expect(page.getByLabel('Path').getAttribute('aria-invalid')).resolves.toBe('true');
  await shot('builder-refused-server');

  // Every problem shown is counted, each said in words at its field: the name the admin API asks for, and the
  // path the builder sees taken as it is typed.
  await toast('1 problem to fix before saving').waitFor({ state: 'detached' });
  await page.getByLabel('Name').fill('');
  await scrollToEnd();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('2 problems to fix before saving').waitFor();
  await page.getByText('Give the endpoint a name', { exact: true }).waitFor();
  await expect(focusedName()).resolves.toBe('name');
  await expect(page.getByText(/Too small|expected string/).count()).resolves.toBe(0);

  // Without a content type: what to pick, in words.
  await toast('2 problems to fix before saving').waitFor({ state: 'detached' });
  await page.goto(`${base}${LIST}/new`);
  await page.getByLabel('Name').fill('No type yet');
  await page.getByLabel('Path').fill('partner/no-type');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('2 problems to fix before saving').waitFor();
  await page.getByText('Choose the content type the endpoint serves', { exact: true }).waitFor();
  await page.getByText('Choose at least one field', { exact: true }).waitFor();
  await expect(page.getByText(/Too small|expected string|returns at least one field/).count()).resolves.toBe(0);

  await shotInThemes('builder-refused', async () => {
    await startEndpoint({ name: '', path: 'partner/orders', object: 'Order (api::order.order)', fields: ['id'] });
    await page.getByRole('button', { name: 'Save' }).click();
    await toast('2 problems to fix before saving').waitFor();
  });
  expect(pageErrors).toEqual([]);
});

/** The page boxes of the first card's controls, from its top left: Name, Path, Type, Content type, parameter, File URLs. */
const firstCardBoxes = async () => {
  const combobox = (name: string) => page.getByRole('combobox', { name, exact: true });
  const controls = [page.getByLabel('Name'), page.getByLabel('Path'), combobox('Type'), combobox('Content type')];
  const boxes = [];
  for (const control of [...controls, combobox('Numeric parameter'), combobox('File URLs')]) {
    boxes.push((await control.boundingBox())!);
  }
  return boxes;
};

test('the first card names the content type, says its options in words, and is two columns wide, one on a phone', async () => {
  await startEndpoint({ name: 'Cards', path: 'partner/cards', object: 'Order (api::order.order)' });
  await page.getByRole('combobox', { name: 'Content type' }).waitFor();
  await page
    .getByText(/Signed by the plugin/)
    .first()
    .waitFor();
  await expect(page.getByText(/urlTtlSeconds/).count()).resolves.toBe(0);

  await page.setViewportSize({ width: 1280, height: 1000 });
  const [name, path, type, object, parameter] = await firstCardBoxes();
  // Two columns: Name | Path, Type | Content type, Numeric parameter | ..., each pair on one line (a text box and
  // a select differ by their border).
  const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(2);
  near(path.y, name.y);
  near(object.y, type.y);
  near(type.x, name.x);
  near(parameter.x, name.x);
  near(object.x, path.x);
  expect(path.x).toBeGreaterThan(name.x + name.width);
  expect(parameter.y).toBeGreaterThan(type.y + type.height);

  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await firstCardBoxes();
  for (const [i, box] of phone.entries()) {
    near(box.x, phone[0].x);
    if (i) expect(box.y).toBeGreaterThan(phone[i - 1].y);
  }
  await page.setViewportSize({ width: 1400, height: 1000 });

  await shotInThemes('builder-first-card', async () => {
    await startEndpoint({ name: 'Cards', path: 'partner/cards', object: 'Order (api::order.order)' });
    await page
      .getByText(/Signed by the plugin/)
      .first()
      .waitFor();
  });
});

test('on a Create and a Modify, the filter says in words what a write must match', async () => {
  await page.goto(`${base}${LIST}/new`);
  await choose(page.getByRole('combobox', { name: 'Type', exact: true }), 'Create');
  await page.getByText(/Every record this endpoint creates must match these conditions/).waitFor();
  await choose(page.getByRole('combobox', { name: 'Type', exact: true }), 'Modify');
  await page.getByText(/A change that would take a record out of these conditions is refused/).waitFor();
  await expect(page.getByText(/with check/i).count()).resolves.toBe(0);
});

test('the bookmark of a deleted endpoint says it is gone, with a link to the list', async () => {
  const admin = await app.admin();
  expect((await admin.del(`/data-api/endpoints/${endpointId}`)).status).toBe(200);
  await page.goto(`${base}${LIST}/${endpointId}`);
  await page.getByText('This endpoint does not exist (it may have been deleted).').waitFor();
  await shot('builder-not-found');
  await page.getByRole('link', { name: 'Back to the endpoints' }).click();
  await page.waitForURL(`**${LIST}`);
  expect(pageErrors).toEqual([]);
});

test("an address the plugin does not have shows Strapi's page not found, with a link back", async () => {
  await page.goto(`${base}/admin/plugins/data-api/nonsense`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await shot('plugin-not-found');
  await page.getByRole('link', { name: 'Back to Data API' }).click();
  await page.waitForURL(`**${LIST}`);
  expect(pageErrors).toEqual([]);
});
