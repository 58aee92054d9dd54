import {
  customerId,
  otherCustomerId,
  productId,
  otherProductId,
  knex,
  post,
  patch,
  count,
  counts,
  orderState,
  expectRefused,
  createdId,
  createdIds,
  expectDone,
  invalid,
  isoDay,
  bool,
  freshOrder,
  anOrder,
  aProduct,
  aCustomer,
  writesSuite,
} from '../helpers/writes-suite';

writesSuite();

describe('create', () => {
  test('one record: 201 with the object and the new id, row and link rows written', async () => {
    const before = await counts();
    const id = createdId(await post('/_api/orders', anOrder({ product: productId, quantity: 4, note: 'Gift wrap' })));
    const state = await orderState(id);
    expect(state.row).toMatchObject({ id, quantity: 4, note: 'Gift wrap' });
    expect(state.customer).toEqual([customerId]);
    expect(state.product).toEqual([productId]);
    expect(await counts()).toEqual({
      ...before,
      orders: before.orders + 1,
      customerLinks: before.customerLinks + 1,
      productLinks: before.productLinks + 1,
    });
  });

  test('an array: ids in request order, each row with its own values', async () => {
    const before = await counts();
    const body = [5, 3, 9].map((quantity) => anOrder({ quantity }));
    const ids = createdIds(await post('/_api/orders', body), 3);
    expect(new Set(ids).size).toBe(3);
    for (const [i, id] of ids.entries()) {
      expect((await knex()('orders').where('id', id).first()).quantity).toBe(body[i].quantity);
    }
    expect(await count('orders')).toBe(before.orders + 3);
    expect(await count('orders_customer_lnk', (q) => q.whereIn('order_id', ids).where('customer_id', customerId))).toBe(
      3
    );
  });

  test('1000 records, the most one request may hold, all written in order', async () => {
    const before = await count('orders');
    const body = Array.from({ length: 1000 }, (_, i) => anOrder({ quantity: i + 1 }));
    const ids = createdIds(await post('/_api/orders', body), 1000);
    const rows = await knex()('orders').whereIn('id', ids).select('id', 'quantity');
    const quantityOf = new Map(rows.map((r: { id: number; quantity: number }) => [Number(r.id), r.quantity]));
    expect(ids.map((id) => quantityOf.get(id))).toEqual(body.map((o) => o.quantity));
    expect(await count('orders')).toBe(before + 1000);
  });

  test('an array is all or nothing: one bad item refuses it all, naming the item', async () => {
    await expectRefused(
      () => post('/_api/orders', [anOrder(), anOrder({ quantity: 0 }), anOrder()]),
      400,
      invalid('quantity', 1)
    );
    await expectRefused(
      () => post('/_api/orders', [anOrder(), anOrder(), anOrder({ customer: 999999 })]),
      400,
      invalid('customer', 2)
    );
    await expectRefused(() => post('/_api/orders', [anOrder({ status: 'lost' })]), 400, invalid('status', 0));
  });

  test('content-type defaults apply to fields not sent', async () => {
    const order = createdId(await post('/_api/orders', anOrder()));
    expect((await knex()('orders').where('id', order).first()).status).toBe('pending');
    const product = createdId(await post('/_api/products', aProduct()), 'api::product.product');
    expect(bool((await knex()('products').where('id', product).first()).active)).toBe(true);
    const customer = createdId(await post('/_api/customers', aCustomer()), 'api::customer.customer');
    expect((await knex()('customers').where('id', customer).first()).tier).toBe('free');
  });

  test('limits are inclusive: quantity 1 and 1000, a note of 500 characters, a title of 80, credit 0', async () => {
    for (const quantity of [1, 1000]) createdId(await post('/_api/orders', anOrder({ quantity })));
    const note = createdId(await post('/_api/orders', anOrder({ note: 'n'.repeat(500) })));
    expect((await knex()('orders').where('id', note).first()).note).toHaveLength(500);
    createdId(await post('/_api/products', aProduct({ title: 't'.repeat(80) })), 'api::product.product');
    createdId(await post('/_api/customers', aCustomer({ credit: 0 })), 'api::customer.customer');
  });

  test('a to-many relation moves the listed orders to the new customer', async () => {
    const [first, second] = [await freshOrder('shipped'), await freshOrder('shipped')];
    const id = createdId(
      await post('/_api/customers', aCustomer({ orders: [second, first] })),
      'api::customer.customer'
    );
    const links = await knex()('orders_customer_lnk')
      .whereIn('order_id', [first, second])
      .select('order_id', 'customer_id');
    expect(links).toHaveLength(2);
    expect(links.every((l: { customer_id: number }) => Number(l.customer_id) === id)).toBe(true);
  });
});

describe('field validation', () => {
  test.each([
    ['id', { id: 123456 }, 'id'],
    ['a field the endpoint does not accept', { colour: 'red' }, 'colour'],
    ['a system field', { createdAt: '2026-01-01T00:00:00.000Z' }, 'createdAt'],
    ['a string for an integer', { quantity: 'three' }, 'quantity'],
    ['a numeric string for an integer', { quantity: '3' }, 'quantity'],
    ['a fraction for an integer', { quantity: 1.5 }, 'quantity'],
    ['an integer under min', { quantity: 0 }, 'quantity'],
    ['an integer over max', { quantity: 1001 }, 'quantity'],
    ['a string for a decimal', { total: '12.50' }, 'total'],
    ['an invalid datetime', { orderedAt: 'abc' }, 'orderedAt'],
    ['a text over maxLength', { note: 'n'.repeat(501) }, 'note'],
    ['a value outside the enumeration', { status: 'lost' }, 'status'],
    ['a content-type-required field missing', { quantity: undefined }, 'quantity'],
    ['a content-type-required field null', { quantity: null }, 'quantity'],
    ['an endpoint-required field missing', { customer: undefined }, 'customer'],
    ['an endpoint-required field null', { customer: null }, 'customer'],
    ['a relation to a row that does not exist', { customer: 999999 }, 'customer'],
    ['a relation id as a string', { product: '1' }, 'product'],
    ['an array for a to-one relation', { product: [1] }, 'product'],
  ])('order: %s is 400 naming the field', async (_label, change, field) => {
    await expectRefused(() => post('/_api/orders', anOrder({ product: productId, ...change })), 400, invalid(field));
  });

  test.each([
    ['a title over maxLength', { title: 't'.repeat(81) }, 'title'],
    ['a title missing (required by the content type)', { title: undefined }, 'title'],
    ['a title null', { title: null }, 'title'],
    ['a sku a seeded product already has', { sku: 'SKU-0000001' }, 'sku'],
    ['a negative price', { price: -1 }, 'price'],
    ['a price over max', { price: 100001 }, 'price'],
    ['a negative stock', { stock: -1 }, 'stock'],
    ['a string for a boolean', { active: 'yes' }, 'active'],
    ['a number for a boolean', { active: 1 }, 'active'],
    ['an invalid datetime', { releasedAt: '2026-13-45T00:00:00Z' }, 'releasedAt'],
  ])('product: %s is 400 naming the field', async (_label, change, field) => {
    await expectRefused(() => post('/_api/products', aProduct(change)), 400, invalid(field));
  });

  test.each([
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an email a seeded customer already has', { email: 'customer1@example.com' }, 'email'],
    ['a name missing (required by the content type)', { name: undefined }, 'name'],
    ['a negative credit', { credit: -0.01 }, 'credit'],
    ['an impossible date', { signupDate: '2026-02-30' }, 'signupDate'],
    ['a datetime for a date', { signupDate: 'yesterday' }, 'signupDate'],
    ['a value outside the enumeration', { tier: 'gold' }, 'tier'],
    ['a number for a to-many relation', { orders: 5 }, 'orders'],
    ['strings in a to-many relation', { orders: ['1'] }, 'orders'],
    ['an order that does not exist', { orders: [999999] }, 'orders'],
  ])('customer: %s is 400 naming the field', async (_label, change, field) => {
    await expectRefused(() => post('/_api/customers', aCustomer(change)), 400, invalid(field));
  });

  test('unique values: duplicated within one array, the second occurrence is named', async () => {
    await expectRefused(
      () => post('/_api/products', [aProduct(), aProduct({ sku: 'DUP-1' }), aProduct({ sku: 'DUP-1' })]),
      400,
      invalid('sku', 2)
    );
    await expectRefused(
      () =>
        post('/_api/customers', [aCustomer({ email: 'twice@example.org' }), aCustomer({ email: 'twice@example.org' })]),
      400,
      invalid('email', 1)
    );
    await expectRefused(
      () => post('/_api/products', [aProduct(), aProduct({ sku: 'SKU-0000003' })]),
      400,
      invalid('sku', 1)
    );
  });
});

describe('presets and the write check', () => {
  test('a preset from the path parameter links the new order to that customer; constants apply too', async () => {
    const response = await post(`/_api/orders/of-customer/${otherCustomerId}`, {
      quantity: 2,
      product: otherProductId,
    });
    const state = await orderState(createdId(response));
    expect(state.customer).toEqual([otherCustomerId]);
    expect(state.product).toEqual([otherProductId]);
    expect(state.row).toMatchObject({ quantity: 2, status: 'paid' });
  });

  test('the client cannot send or override a preset field', async () => {
    const url = `/_api/orders/of-customer/${otherCustomerId}`;
    await expectRefused(() => post(url, { quantity: 2, customer: customerId }), 400, invalid('customer'));
    await expectRefused(() => post(url, { quantity: 2, status: 'pending' }), 400, invalid('status'));
  });

  test('a preset naming a customer that does not exist is 400, and the parameter is required', async () => {
    await expectRefused(() => post('/_api/orders/of-customer/999999', { quantity: 2 }), 400, invalid('customer'));
    await expectRefused(() => post('/_api/orders/of-customer', { quantity: 2 }), 404, 'Not found');
  });

  test('create: a record that would not match the filter is 403 and nothing is committed', async () => {
    await expectRefused(() => post('/_api/orders/pending', { quantity: 1, status: 'paid' }), 403, 'Forbidden');
    await expectRefused(
      () => post('/_api/orders/pending', [{ quantity: 1 }, { quantity: 1, status: 'shipped' }]),
      403,
      'Forbidden'
    );
    const allowed = createdIds(
      await post('/_api/orders/pending', [{ quantity: 1 }, { quantity: 2, status: 'pending' }]),
      2
    );
    expect(await count('orders', (q) => q.whereIn('id', allowed).where('status', 'pending'))).toBe(2);
  });

  test('now and today in the filter: a future datetime or date is 403, the present is written', async () => {
    const tomorrow = new Date(Date.now() + 86400000);
    await expectRefused(
      () => post('/_api/orders/past', { quantity: 1, orderedAt: tomorrow.toISOString() }),
      403,
      'Forbidden'
    );
    createdId(await post('/_api/orders/past', { quantity: 1, orderedAt: '2026-01-02T03:04:05.000Z' }));
    const signup = (day: Date) => post('/_api/customers/signed-up', aCustomer({ signupDate: isoDay(day) }));
    await expectRefused(() => signup(tomorrow), 403, 'Forbidden');
    const today = createdId(await signup(new Date()), 'api::customer.customer');
    expect(isoDay((await knex()('customers').where('id', today).first()).signup_date)).toBe(isoDay(new Date()));
  });

  test('modify: presets are written with the fields sent, and cannot be sent', async () => {
    const id = await freshOrder('pending');
    await expectRefused(() => patch(`/_api/orders/pay/${id}`, { status: 'shipped' }), 400, invalid('status'), id);
    const response = await patch(`/_api/orders/pay/${id}`, { note: 'Paid by card' });
    expectDone(response);
    expect(await knex()('orders').where('id', id).first()).toMatchObject({ status: 'paid', note: 'Paid by card' });
  });

  test('modify: a change that takes the record out of the filter is 403 and the row is unchanged', async () => {
    const id = await freshOrder('pending');
    await expectRefused(() => patch(`/_api/orders/edit/${id}`, { status: 'cancelled' }), 403, 'Forbidden', id);
    await expectRefused(
      () => patch(`/_api/orders/edit/${id}`, { note: 'changed', status: 'shipped' }),
      403,
      'Forbidden',
      id
    );
  });
});
