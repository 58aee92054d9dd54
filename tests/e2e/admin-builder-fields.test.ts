import type { Browser, Locator, Page } from 'playwright-core';
import { chooseExactly, optionsOf } from '../helpers/admin-browser';
import { createKey } from '../helpers/fixtures';
import type { TestApp } from '../helpers/strapi';
import { builderSteps, openAdminSuite, SAVED_ENDPOINT, type AdminSuite } from './admin-steps';

/**
 * The builder's conditions and rows as an owner reads them, in a real browser: operators in words
 * (the definition keeps `$lt`), the field combobox (the type's fields and related paths, unknown text refused),
 * a condition the admin API refuses marked at its row in plain words, the path checked as it is typed, aggregate
 * rows that keep their labels, and rows that wrap on a 390 px screen.
 */

let suite: AdminSuite;
let app: TestApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];
const { shot, startEndpoint, saveEndpoint, allowKeyAndSave, themedShots } = builderSteps(() => suite);
const ORDER = 'Order (api::order.order)';

beforeAll(async () => {
  suite = await openAdminSuite();
  ({ app, browser, page, pageErrors } = suite);
  await createKey(await app.admin(), 'Browser test key');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The stored definition of the endpoint at `path`, as the admin API lists it. */
const storedAt = async (path: string) => {
  const { body } = await (await app.admin()).get('/data-api/endpoints');
  return body.data.find((e: { path: string }) => e.path === path);
};

/** The first condition row, added to the endpoint's filter. */
const addCondition = async () => {
  await page.getByRole('button', { name: 'Add a condition' }).click();
  return page.getByTestId('filter-condition').last();
};

const fieldBox = (row: Locator) => row.getByRole('combobox', { name: 'Field' });

/** The words of the operators a condition's select offers, sorted. */
const operatorsOf = async (select: Locator) => (await optionsOf(page, select)).sort();

/** Picks the field path `path` in a condition's combobox, typing part of it first. */
const pickField = async (row: Locator, typed: string, path: string) => {
  await fieldBox(row).click();
  await fieldBox(row).fill(typed);
  await page.getByRole('option', { name: path, exact: true }).click();
};

test("Builder: a condition offers its field type's operators, in words, and the definition keeps the operator", async () => {
  await startEndpoint({ name: 'Small orders', path: 'fields/small', object: ORDER, fields: ['id', 'quantity'] });
  const row = await addCondition();
  const operator = row.getByRole('combobox', { name: 'Operator' });
  await pickField(row, 'quant', 'quantity');
  const ordered = ['is lower than', 'is lower than or equal to', 'is greater than', 'is greater than or equal to'];
  const choices = ['is', 'is not', 'is in', 'is not in', 'is null', 'is not null'];
  expect(await operatorsOf(operator)).toEqual([...choices, ...ordered].sort());
  await pickField(row, 'no', 'note');
  const onText = await operatorsOf(operator);
  expect(onText).toEqual(expect.arrayContaining(['contains', 'contains (case insensitive)', 'starts with', 'is']));
  expect(onText).not.toContain('is lower than');
  await pickField(row, 'sta', 'status');
  expect(await operatorsOf(operator)).toEqual([...choices].sort());
  await pickField(row, 'quant', 'quantity');
  await chooseExactly(page, operator, 'is lower than');
  await row.getByLabel('Value', { exact: true }).fill('5');
  await saveEndpoint('builder-fields-operators');
  expect((await storedAt('fields/small')).filter).toEqual({ $and: [{ quantity: { $lt: 5 } }] });
});

test("Builder: the field combobox offers the type's fields and related paths, and refuses unknown text", async () => {
  await startEndpoint({ name: 'Orders of a tier', path: 'fields/tier', object: ORDER, fields: ['id'] });
  const row = await addCondition();
  await fieldBox(row).click();
  const offered = await page.getByRole('option').allTextContents();
  expect(offered).toEqual(
    expect.arrayContaining(['quantity', 'status', 'customer.id', 'customer.tier', 'customer.user.id'])
  );
  // Typing narrows the list to the paths that start with the text.
  await fieldBox(row).fill('customer.t');
  expect(await page.getByRole('option').allTextContents()).toEqual(['customer.tier']);
  await page.getByRole('option', { name: 'customer.tier' }).click();
  expect(await fieldBox(row).inputValue()).toBe('customer.tier');

  await fieldBox(row).click();
  await fieldBox(row).fill('');
  await fieldBox(row).pressSequentially('colour');
  // Leaving the box (a click elsewhere) is when typed text is taken or refused.
  await page.getByText(/^The records the endpoint reads/).click();
  await row.getByText('There is no field “colour” a filter can test on Order').waitFor();
  expect(await fieldBox(row).getAttribute('aria-invalid')).toBe('true');
  await shot('builder-fields-refused');
  // The condition kept its last accepted field: the JSON says so.
  const filterCard = page.getByRole('heading', { name: 'Filter', exact: true }).locator('xpath=..');
  await filterCard.getByRole('button', { name: 'JSON', exact: true }).click();
  const json = (await filterCard.locator('.cm-content').innerText()).replace(/\s+/g, '');
  expect(json).toContain('{"customer":{"tier":{"$eq":""}}}');
});

test('Builder: a condition the admin API refuses is marked at its row, in plain words', async () => {
  await startEndpoint({ name: 'Quantity as text', path: 'fields/text', object: ORDER, fields: ['id'] });
  const row = await addCondition();
  await pickField(row, 'quantity', 'quantity');
  await row.getByLabel('Value', { exact: true }).fill('many');
  await allowKeyAndSave();
  await row.getByText('"many" is not a valid value for this field').waitFor();
  expect(await fieldBox(row).getAttribute('aria-invalid')).toBe('true');
  // Said at the row, its place in the JSON goes without saying.
  expect(await page.getByText(/\$and\[0\]/).count()).toBe(0);
  // The refused Save took the admin to that row: its field box has the focus.
  expect(await fieldBox(row).evaluate((box) => box === box.ownerDocument.activeElement)).toBe(true);
  await row.scrollIntoViewIfNeeded();
  await shot('builder-fields-row-problem');
  expect(page.url()).toMatch(/endpoints\/new$/);
});

test('Builder: an empty path and a path another endpoint answers are said while typing', async () => {
  await startEndpoint({ name: 'Clash', path: 'fields/small', object: ORDER });
  const path = page.getByLabel('Path');
  await page.getByText('The endpoint “Small orders” already answers GET /_api/fields/small').waitFor();
  expect(await path.getAttribute('aria-invalid')).toBe('true');
  // Paths are compared without regard to case, as the server does; a Create of the same path is a POST.
  await path.fill('Fields/Small/');
  await page.getByText('already answers GET /_api/fields/small').waitFor();
  await chooseExactly(page, page.getByRole('combobox', { name: 'Type', exact: true }), 'Create');
  await page.getByText('already answers').waitFor({ state: 'detached' });
  await path.fill('');
  await page.getByText('Enter a path').waitFor();
  expect(await path.getAttribute('aria-invalid')).toBe('true');
});

test('Builder: aggregate rows pick fields from a list, name operations in words, and show a refusal at its row', async () => {
  await startEndpoint({ name: 'Orders by month', path: 'fields/by-month', type: 'Aggregate', object: ORDER });
  await page.getByRole('button', { name: 'Add a dimension' }).click();
  const dimension = page.getByTestId('aggregate-dimension');
  await dimension.getByLabel('Variable').fill('month');
  await page.getByRole('button', { name: 'Add a measure' }).click();
  const measure = page.getByTestId('aggregate-measure');
  await measure.getByLabel('Variable').fill('revenue');
  const operation = measure.getByRole('combobox', { name: 'Operation' });
  expect(await optionsOf(page, operation)).toEqual([
    'Count',
    'Count of distinct values',
    'Sum',
    'Average',
    'Lowest',
    'Highest',
    'Distinct values as text',
  ]);
  await pickField(dimension, 'order', 'orderedAt');
  await chooseExactly(page, operation, 'Sum');
  const labels = async (row: Locator) => (await row.locator('label').allTextContents()).map((l) => l.trim());
  expect(await labels(dimension)).toEqual(['Variable', 'Field', 'Axis', 'Direction', 'Date format']);
  expect(await labels(measure)).toEqual(['Variable', 'Operation', 'Field']);
  await dimension.getByText('The name of this group in the answer, e.g. month').waitFor();
  await dimension.getByText(/Row dimensions come first/).waitFor();
  await page.getByText(/The most groups an answer may hold/).waitFor();
  // A sum of a list of choices: the admin API refuses the measure, said at its field box in words.
  await pickField(measure, 'sta', 'status');
  await allowKeyAndSave();
  await measure.getByText('“Sum” works on number fields only').waitFor();
  expect(await fieldBox(measure).getAttribute('aria-invalid')).toBe('true');
  expect(await fieldBox(measure).evaluate((box) => box === box.ownerDocument.activeElement)).toBe(true);
  expect(await page.getByText(/measures\[0\]/).count()).toBe(0);
  await shot('builder-fields-aggregate-refused', page.locator('[data-builder-section="aggregate"]'));
  await pickField(measure, 'tot', 'total');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(SAVED_ENDPOINT);
  expect((await storedAt('fields/by-month')).aggregate.measures).toEqual([
    { variable: 'revenue', op: 'sum', field: 'total' },
  ]);
  await themedShots('builder-fields-aggregate', page.locator('[data-builder-section="aggregate"]'));
});

type Box = { x: number; y: number; width: number; height: number };

/** The boxes of the visible elements `selector` finds in `row`. */
const boxesOf = async (row: Locator, selector: string) => {
  const boxes: Box[] = [];
  for (const control of await row.locator(selector).all()) {
    const box = (await control.isVisible()) ? await control.boundingBox() : null;
    if (box) boxes.push(box);
  }
  return boxes;
};

const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1 || a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1;

/** Each input and select of `row` at least 100 px wide, and no two controls (buttons too) over each other. */
const checkFits = async (row: Locator) => {
  const fields = await boxesOf(row, '[role="combobox"], input:not([role="combobox"])');
  expect(fields.length).toBeGreaterThan(1);
  for (const box of fields) expect(box.width).toBeGreaterThanOrEqual(100);
  const all = [...fields, ...(await boxesOf(row, 'button'))];
  for (const [i, a] of all.entries()) for (const b of all.slice(i + 1)) expect(apart(a, b)).toBe(true);
};

test('Builder: at 390x844 filter, sort and aggregate rows wrap, every control usable', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await startEndpoint({ name: 'Narrow', path: 'fields/narrow', object: ORDER, fields: ['id'] });
    const row = await addCondition();
    await pickField(row, 'quantity', 'quantity');
    await page.getByRole('button', { name: 'Add a sort field' }).click();
    await row.scrollIntoViewIfNeeded();
    await shot('builder-fields-390');
    await checkFits(row);
    await checkFits(page.getByTestId('sort-row'));
    await chooseExactly(page, page.getByRole('combobox', { name: 'Type', exact: true }), 'Aggregate');
    await page.getByRole('button', { name: 'Add a dimension' }).click();
    await checkFits(page.getByTestId('aggregate-dimension'));
    await page.getByTestId('aggregate-dimension').scrollIntoViewIfNeeded();
    await shot('builder-fields-390-aggregate');
  } finally {
    await page.setViewportSize({ width: 1400, height: 1000 });
  }
  expect(pageErrors).toEqual([]);
});
