import type { Browser, Page } from 'playwright-core';
import { createKey } from '../helpers/fixtures';
import { type TestApp } from '../helpers/strapi';
import { builderSteps, openAdminSuite, type AdminSuite } from './admin-steps';

/**
 * The builder's forms, in a real browser, each endpoint then called with a key: an Aggregate built row by row,
 * a Create with presets, a Create with tasks (an error that rolls the write back, an update of another type), a
 * List of drafts, and a single type's Modify.
 */

let suite: AdminSuite;
let app: TestApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let secret: string;
const { choose, startEndpoint, saveEndpoint, themedShots } = builderSteps(() => suite);

beforeAll(async () => {
  suite = await openAdminSuite();
  ({ app, browser, page, pageErrors } = suite);
  secret = (await createKey(await app.admin(), 'Browser test key')).secret;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('Endpoints: an Aggregate built row by row groups in the database', async () => {
  await startEndpoint({
    name: 'Orders by month',
    path: 'stats/by-month',
    type: 'Aggregate',
    object: 'Order (api::order.order)',
  });
  await page.getByRole('button', { name: 'Add a dimension' }).click();
  const dimension = page.getByTestId('aggregate-dimension');
  await dimension.getByLabel('Variable').fill('month');
  await dimension.getByLabel('Field').fill('orderedAt');
  await dimension.getByLabel('Field').press('Enter');
  await choose(dimension.getByRole('combobox', { name: 'Date format' }), 'month');
  await page.getByRole('button', { name: 'Add a measure' }).click();
  await page.getByTestId('aggregate-measure').getByLabel('Variable').fill('orders');
  await page.getByRole('button', { name: 'Add a measure' }).click();
  const revenue = page.getByTestId('aggregate-measure').nth(1);
  await revenue.getByLabel('Variable').fill('revenue');
  await choose(revenue.getByRole('combobox', { name: 'Operation' }), 'Sum');
  await revenue.getByLabel('Field').fill('total');
  await revenue.getByLabel('Field').press('Enter');
  await saveEndpoint('aggregate-builder');

  const response = await app.http().get('/_api/stats/by-month').set('Authorization', `Bearer ${secret}`);
  expect(response.status).toBe(200);
  expect(response.body.meta).toEqual({
    dimensions: [{ variable: 'month', field: 'orderedAt', axis: 'row', dir: 'asc', format: 'month' }],
    measures: [
      { variable: 'orders', op: 'count' },
      { variable: 'revenue', op: 'sum', field: 'total' },
    ],
  });
  const counted = response.body.items.reduce(
    (n: number, i: { measures: { orders: number } }) => n + i.measures.orders,
    0
  );
  // Every order is in one group.
  expect(counted).toBe(await app.strapi.db.query('api::order.order').count());
  expect(response.body.items[0].dimensions.month).toMatch(/^\d{4}-\d{2}$/);
});

test('Endpoints: a Create with presets writes what the client sent and what the endpoint sets', async () => {
  await startEndpoint({
    name: 'Place an order',
    path: 'shop/orders',
    type: 'Create',
    object: 'Order (api::order.order)',
    fields: ['product', 'quantity'],
  });
  await page.getByRole('button', { name: 'Add a preset' }).click();
  const status = page.getByTestId('preset').nth(0);
  await choose(status.getByRole('combobox', { name: 'Field' }), 'status');
  await status.getByLabel('Value', { exact: true }).fill('pending');
  await page.getByRole('button', { name: 'Add a preset' }).click();
  const orderedAt = page.getByTestId('preset').nth(1);
  await choose(orderedAt.getByRole('combobox', { name: 'Field' }), 'orderedAt');
  await choose(orderedAt.getByRole('combobox', { name: 'Value or variable' }), 'now');
  await saveEndpoint('create-builder');

  const before = Date.now();
  const created = await app
    .http()
    .post('/_api/shop/orders')
    .set('Authorization', `Bearer ${secret}`)
    .send({ product: 3, quantity: 2 });
  expect(created.status).toBe(201);
  const order = await app.strapi.db.query('api::order.order').findOne({ where: { id: created.body.id } });
  expect(order).toMatchObject({ quantity: 2, status: 'pending' });
  expect(new Date(order.orderedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  const refused = await app
    .http()
    .post('/_api/shop/orders')
    .set('Authorization', `Bearer ${secret}`)
    .send({ product: 3, quantity: 2, status: 'paid' });
  expect(refused.status).toBe(400);
});

test('Endpoints: tasks built in the form run after the write, and an error rolls it back', async () => {
  await startEndpoint({
    name: 'Reserve a product',
    path: 'shop/reserve',
    type: 'Create',
    object: 'Order (api::order.order)',
    fields: ['product', 'quantity'],
  });
  // 1. Raise an error when the written record has quantity > 100.
  await page.getByRole('button', { name: 'Add a task' }).click();
  const guard = page.getByTestId('task').nth(0);
  await guard.getByLabel('Error message (answered with 400)').fill('Too many at once');
  // Raised always, or only when a condition holds: a choice of two, the first taken.
  const always = guard.getByRole('radio', { name: 'Always' });
  expect(await always.getAttribute('aria-checked')).toBe('true');
  await guard.getByRole('radio', { name: 'Only when a condition holds' }).click();
  await guard.getByRole('button', { name: 'Add a condition' }).click();
  const tooMany = guard.getByTestId('filter-condition');
  await tooMany.getByLabel('Field').fill('quantity');
  await tooMany.getByLabel('Field').press('Enter');
  await choose(tooMany.getByRole('combobox', { name: 'Operator' }), 'is greater than');
  await tooMany.getByLabel('Value', { exact: true }).fill('100');
  // 2. Mark the ordered product as reserved.
  await page.getByRole('button', { name: 'Add a task' }).click();
  const reserve = page.getByTestId('task').nth(1);
  await choose(reserve.getByRole('combobox', { name: 'Action' }), 'Update records');
  await choose(reserve.getByRole('combobox', { name: 'Content type' }), 'Product (api::product.product)');
  // Until it has a condition, an update changes every record of its type: the form says so.
  await reserve.getByTestId('task-everything').waitFor();
  await reserve.getByRole('button', { name: 'Add a condition' }).click();
  const which = reserve.getByTestId('filter-condition');
  await which.getByLabel('Field').fill('id');
  await which.getByLabel('Field').press('Enter');
  await choose(which.getByRole('combobox', { name: 'Value or variable' }), 'input.product');
  expect(await reserve.getByTestId('task-everything').count()).toBe(0);
  await reserve.getByRole('button', { name: 'Add a value' }).click();
  const value = reserve.getByTestId('preset');
  await choose(value.getByRole('combobox', { name: 'Field' }), 'category');
  await value.getByLabel('Value', { exact: true }).fill('reserved');
  await saveEndpoint('tasks-builder', guard);
  await themedShots('tasks-builder', page.getByTestId('task').nth(0));

  const orders = app.strapi.db.query('api::order.order');
  const product = () => app.strapi.db.query('api::product.product').findOne({ where: { id: 7 } });
  const category = (await product()).category;
  expect(category).not.toBe('reserved');
  const count = await orders.count();
  const call = (quantity: number) =>
    app.http().post('/_api/shop/reserve').set('Authorization', `Bearer ${secret}`).send({ product: 7, quantity });

  const refused = await call(200);
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ success: false, error: 'Too many at once' });
  expect(await orders.count()).toBe(count);
  expect((await product()).category).toBe(category);

  const created = await call(2);
  expect(created.status).toBe(201);
  expect(await orders.count()).toBe(count + 1);
  expect((await product()).category).toBe('reserved');

  const stored = async () =>
    (await app.strapi.db.query('plugin::data-api.endpoint').findOne({ where: { path: 'shop/reserve' } })).tasks;
  const tasks = [
    {
      action: 'raise-error',
      message: 'Too many at once',
      when: { match: { $and: [{ quantity: { $gt: 100 } }] } },
    },
    {
      action: 'update-records',
      object: 'api::product.product',
      filter: { $and: [{ id: { $eq: { $var: 'input.product' } } }] },
      values: { category: 'reserved' },
    },
  ];
  expect(await stored()).toEqual(tasks);

  // The stored tasks open in the form again, in order, and saving them again changes nothing.
  await page.goto(`${suite.base}/admin/plugins/data-api/endpoints`);
  await page.locator('tr', { hasText: 'POST /_api/shop/reserve' }).getByRole('link', { name: 'Edit' }).click();
  await page.getByTestId('task').nth(1).waitFor();
  expect(await page.getByTestId('task').count()).toBe(2);
  expect(await page.getByTestId('task').nth(1).getByRole('combobox', { name: 'Action' }).textContent()).toContain(
    'Update records'
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved', { exact: true }).waitFor();
  expect(await stored()).toEqual(tasks);
});

test('Endpoints: a List of a Draft & Publish type can read the drafts', async () => {
  await startEndpoint({
    name: 'Article drafts',
    path: 'articles/drafts',
    object: 'Article (api::article.article)',
    fields: ['id', 'title'],
  });
  await choose(page.getByRole('combobox', { name: 'Entries read' }), 'Drafts');
  await saveEndpoint();

  const response = await app.http().get('/_api/articles/drafts').set('Authorization', `Bearer ${secret}`);
  expect(response.status).toBe(200);
  const drafts = await app.strapi.db.query('api::article.article').count({ where: { publishedAt: null } });
  expect(drafts).toBeGreaterThan(0);
  expect(response.body.total).toBe(drafts);
});

test('Endpoints: a single type offers List, Aggregate and Modify, and its Modify takes no number', async () => {
  await startEndpoint({
    name: 'Site tagline',
    path: 'site/tagline',
    type: 'Modify',
    object: 'Site (api::site.site)',
    fields: ['tagline'],
  });
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  const types = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  expect(types).toEqual(['List', 'Aggregate', 'Modify']);
  expect(await page.getByRole('combobox', { name: 'Numeric parameter' }).isDisabled()).toBe(true);
  await saveEndpoint();

  const response = await app
    .http()
    .patch('/_api/site/tagline')
    .set('Authorization', `Bearer ${secret}`)
    .send({ tagline: 'Set in the builder' });
  expect(response.status).toBe(200);
  expect(await app.strapi.db.query('api::site.site').findOne({})).toMatchObject({ tagline: 'Set in the builder' });
  expect(pageErrors).toEqual([]);
});
