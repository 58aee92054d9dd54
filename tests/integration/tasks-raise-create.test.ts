import {
  ORDER,
  PRODUCT,
  v,
  orderFields,
  knex,
  endpoint,
  call,
  dump,
  expectRefused,
  order,
  customerOf,
  productOf,
  epochMs,
  tasksSuite,
} from '../helpers/tasks-suite';

tasksSuite();

describe('raise-error', () => {
  test('fires on its condition: 400 with the message, and the created record is rolled back', async () => {
    await endpoint({
      path: 'tasks/orders/limited',
      type: 'create',
      object: ORDER,
      fields: orderFields,
      tasks: [{ action: 'raise-error', when: { match: { quantity: { $gt: 100 } } }, message: 'At most 100 per order' }],
    });
    await expectRefused(
      () => call('post', '/_api/tasks/orders/limited', { customer: 3, product: 4, quantity: 101 }),
      'At most 100 per order'
    );

    const response = await call('post', '/_api/tasks/orders/limited', { customer: 3, product: 4, quantity: 100 });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, object: ORDER, id: expect.any(Number) });
    expect((await order(response.body.id)).quantity).toBe(100);
    expect(await customerOf(response.body.id)).toBe(3);
    expect(await productOf(response.body.id)).toBe(4);
  });

  test('without `when` it always fires, and undoes the write and the rows of earlier tasks on Create, Modify and Delete', async () => {
    const tasks = [
      { action: 'create-record', object: PRODUCT, values: { title: 'Written by task 0', stock: v('record.id') } },
      { action: 'update-records', object: PRODUCT, filter: { id: 1 }, values: { stock: 999 } },
      { action: 'delete-records', object: ORDER, filter: { id: { $in: [1, 2] } } },
      { action: 'raise-error', message: 'Closed for inventory' },
    ];
    await endpoint({ path: 'tasks/closed', type: 'create', object: ORDER, fields: orderFields, tasks });
    await endpoint({
      path: 'tasks/closed',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      fields: orderFields,
      tasks,
    });
    await endpoint({ path: 'tasks/closed', type: 'delete', object: ORDER, parameter: 'required', tasks });

    await expectRefused(
      () => call('post', '/_api/tasks/closed', { customer: 5, product: 6, quantity: 2 }),
      'Closed for inventory'
    );
    await expectRefused(
      () => call('post', '/_api/tasks/closed', [{ quantity: 1 }, { quantity: 2 }]),
      'Closed for inventory'
    );
    await expectRefused(
      () => call('patch', '/_api/tasks/closed/5', { quantity: 77, status: 'cancelled', customer: 9 }),
      'Closed for inventory'
    );
    await expectRefused(() => call('delete', '/_api/tasks/closed/6'), 'Closed for inventory');
  });

  test('the tasks after a raised error do not run; a condition that does not fire lets them run', async () => {
    await endpoint({
      path: 'tasks/orders/stoppable',
      type: 'create',
      object: ORDER,
      fields: orderFields,
      tasks: [
        { action: 'raise-error', when: { match: { note: { $contains: 'stop' } } }, message: 'Stopped' },
        // A title longer than 80 characters is refused: had this task run, the answer would say so.
        { action: 'create-record', object: PRODUCT, values: { title: v('input.note') } },
      ],
    });
    const long = 'x'.repeat(100);
    await expectRefused(
      () => call('post', '/_api/tasks/orders/stoppable', { quantity: 1, note: `stop${long}` }),
      'Stopped'
    );
    await expectRefused(
      () => call('post', '/_api/tasks/orders/stoppable', { quantity: 1, note: long }),
      'Invalid data for field: title (task 1)'
    );
    const response = await call('post', '/_api/tasks/orders/stoppable', { quantity: 1, note: 'Quiet lamp' });
    expect(response.status).toBe(201);
    expect(Number((await knex()('products').where('title', 'Quiet lamp').count({ n: '*' }))[0].n)).toBe(1);
  });
});

describe('create-record', () => {
  beforeAll(async () => {
    await endpoint({
      path: 'tasks/orders/with-product',
      type: 'create',
      object: ORDER,
      fields: [{ name: 'customer' }, { name: 'product' }, { name: 'quantity', required: true }, { name: 'note' }],
      tasks: [
        {
          action: 'create-record',
          object: PRODUCT,
          values: {
            title: v('input.note'),
            stock: v('record.id'),
            price: v('input.quantity'),
            releasedAt: v('now'),
            category: 'from-task',
          },
        },
        {
          action: 'create-record',
          object: ORDER,
          values: {
            customer: v('record.customer'),
            product: v('record.product'),
            quantity: v('input.quantity'),
            status: 'cancelled',
            note: 'copy',
          },
        },
      ],
    });
  });

  const taskProducts = (orderIds: number[]) =>
    knex()('products').where('category', 'from-task').whereIn('stock', orderIds).orderBy('id');
  const copies = () => knex()('orders').where('note', 'copy').orderBy('id');

  test('creates records of another object and of the same one from record.*, input.* and now', async () => {
    const copiesBefore = (await copies()).length;
    const from = Date.now() - 1000;
    const response = await call('post', '/_api/tasks/orders/with-product', {
      customer: 7,
      product: 8,
      quantity: 3,
      note: 'Task product',
    });
    const to = Date.now() + 1000;
    expect(response.status).toBe(201);
    const id = response.body.id;

    const [product] = await taskProducts([id]);
    expect(product).toMatchObject({ title: 'Task product', stock: id });
    expect(Boolean(product.active)).toBe(true); // the content type's default
    expect(Number(product.price)).toBe(3);
    expect(epochMs(product.released_at)).toBeGreaterThanOrEqual(from);
    expect(epochMs(product.released_at)).toBeLessThanOrEqual(to);

    const all = await copies();
    expect(all).toHaveLength(copiesBefore + 1);
    const copy = all[all.length - 1];
    expect(copy).toMatchObject({ quantity: 3, status: 'cancelled' });
    expect(copy.id).toBeGreaterThan(id);
    expect(await customerOf(copy.id)).toBe(7);
    expect(await productOf(copy.id)).toBe(8);
  });

  test('an array Create runs the tasks once per record, in order', async () => {
    const copiesBefore = (await copies()).length;
    const response = await call('post', '/_api/tasks/orders/with-product', [
      { customer: 1, product: 2, quantity: 1, note: 'A' },
      { customer: 2, product: 3, quantity: 2, note: 'B' },
      { customer: 3, product: 4, quantity: 3, note: 'C' },
    ]);
    expect(response.status).toBe(201);
    const ids: number[] = response.body.id;
    expect(ids).toHaveLength(3);
    const products = await taskProducts(ids);
    expect(products.map((p: { title: string; stock: number }) => [p.title, p.stock])).toEqual([
      ['A', ids[0]],
      ['B', ids[1]],
      ['C', ids[2]],
    ]);
    const made = (await copies()).slice(copiesBefore);
    expect(made.map((o: { quantity: number }) => o.quantity)).toEqual([1, 2, 3]);
    expect(await Promise.all(made.map((o: { id: number }) => customerOf(o.id)))).toEqual([1, 2, 3]);
  });

  test('a task value the field refuses is 400 naming the field and the task; nothing is committed', async () => {
    // The order's note may hold 500 characters, the product's title 80.
    await expectRefused(
      () => call('post', '/_api/tasks/orders/with-product', { quantity: 1, note: 'x'.repeat(81) }),
      'Invalid data for field: title (task 0)'
    );
    // input.note not sent: the required title gets nothing.
    await expectRefused(
      () => call('post', '/_api/tasks/orders/with-product', { quantity: 1 }),
      'Invalid data for field: title (task 0)'
    );
    // In an array, the first record's tasks have already written rows when the second's are refused.
    const before = await dump();
    const response = await call('post', '/_api/tasks/orders/with-product', [
      { quantity: 1, note: 'fine' },
      { quantity: 1, note: 'y'.repeat(81) },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Invalid data for field: title (item 1, task 0)',
    });
    expect(await dump()).toEqual(before);
  });

  test('values beyond min/max and relations to missing rows are refused too', async () => {
    await endpoint({
      path: 'tasks/orders/priced',
      type: 'create',
      object: ORDER,
      fields: [{ name: 'quantity' }, { name: 'total' }],
      tasks: [{ action: 'create-record', object: PRODUCT, values: { title: 'Priced', price: v('input.total') } }],
    });
    await expectRefused(
      () => call('post', '/_api/tasks/orders/priced', { quantity: 1, total: 100000.5 }),
      'Invalid data for field: price (task 0)'
    );
    await endpoint({
      path: 'tasks/orders/repriced',
      type: 'create',
      object: ORDER,
      fields: [{ name: 'quantity' }, { name: 'total' }, { name: 'note' }],
      tasks: [
        { action: 'update-records', object: PRODUCT, filter: { id: 1 }, values: { title: 'Repriced' } },
        { action: 'update-records', object: PRODUCT, filter: { id: 2 }, values: { price: v('input.total') } },
        { action: 'create-record', object: PRODUCT, values: { title: 'Copy', sku: v('input.note') } },
      ],
    });
    await expectRefused(
      () => call('post', '/_api/tasks/orders/repriced', { quantity: 1, total: -1, note: 'SKU-NEW-1' }),
      'Invalid data for field: price (task 1)'
    );
    // `sku` is unique: a value another product holds is refused like any other.
    await expectRefused(
      () => call('post', '/_api/tasks/orders/repriced', { quantity: 1, total: 5, note: 'SKU-0000003' }),
      'Invalid data for field: sku (task 2)'
    );

    await endpoint({
      path: 'tasks/products/with-order',
      type: 'create',
      object: PRODUCT,
      parameter: 'required',
      fields: [{ name: 'title', required: true }],
      tasks: [
        {
          action: 'create-record',
          object: ORDER,
          values: { customer: v('param'), product: v('record.id'), quantity: 1, status: 'pending' },
        },
      ],
    });
    await expectRefused(
      () => call('post', '/_api/tasks/products/with-order/999999', { title: 'Orphan' }),
      'Invalid data for field: customer (task 0)'
    );
    const response = await call('post', '/_api/tasks/products/with-order/5', { title: 'Ordered at once' });
    expect(response.status).toBe(201);
    const link = await knex()('orders_product_lnk').where('product_id', response.body.id).first();
    expect(link).toBeDefined();
    expect(await customerOf(link.order_id)).toBe(5);
  });
});
