import { createEndpoint } from '../helpers/fixtures';
import {
  app,
  admin,
  key,
  customerId,
  otherCustomerId,
  productId,
  ORDER,
  knex,
  auth,
  post,
  patch,
  del,
  counts,
  orderState,
  expectRefused,
  createdId,
  expectDone,
  invalid,
  epochMs,
  bool,
  freshOrder,
  anOrder,
  aProduct,
  aCustomer,
  writesSuite,
} from '../helpers/writes-suite';

writesSuite();

describe('modify', () => {
  test('only the fields sent change', async () => {
    const id = await freshOrder('paid');
    const before = await orderState(id);
    expectDone(await patch(`/_api/orders/edit/${id}`, { note: 'Ring twice', quantity: 7 }));
    const after = await orderState(id);
    const { updated_at: _u1, ...rowBefore } = before.row;
    const { updated_at: _u2, ...rowAfter } = after.row;
    expect(rowAfter).toEqual({ ...rowBefore, note: 'Ring twice', quantity: 7 });
    expect(after.customer).toEqual(before.customer);
    expect(after.product).toEqual(before.product);
  });

  test('a status change that stays inside the filter is allowed', async () => {
    const id = await freshOrder('pending');
    const response = await patch(`/_api/orders/edit/${id}`, { status: 'paid' });
    expectDone(response);
    expect((await knex()('orders').where('id', id).first()).status).toBe('paid');
  });

  test('a to-one relation moves to another row, then is cleared with null', async () => {
    const id = await freshOrder('pending');
    const { product } = await orderState(id);
    const current = (await orderState(id)).customer[0];
    const target = Number(current) === customerId ? otherCustomerId : customerId;
    expectDone(await patch(`/_api/orders/edit/${id}`, { customer: target }));
    expect((await orderState(id)).customer).toEqual([target]);
    const cleared = await patch(`/_api/orders/edit/${id}`, { customer: null });
    expectDone(cleared);
    const after = await orderState(id);
    expect(after.customer).toEqual([]);
    expect(after.product).toEqual(product);
  });

  test('datetime and decimal values are written as sent', async () => {
    const id = await freshOrder('paid');
    expectDone(await patch(`/_api/orders/edit/${id}`, { orderedAt: '2026-03-05T10:00:00.000Z', total: 12.34 }));
    const row = await knex()('orders').where('id', id).first();
    expect(epochMs(row.ordered_at)).toBe(Date.parse('2026-03-05T10:00:00.000Z'));
    expect(Number(row.total)).toBe(12.34);
    // Another offset is the same instant; null clears a field the content type does not require.
    expectDone(await patch(`/_api/orders/edit/${id}`, { orderedAt: '2026-03-05T11:30:00+01:00', note: null }));
    const changed = await knex()('orders').where('id', id).first();
    expect(epochMs(changed.ordered_at)).toBe(Date.parse('2026-03-05T10:30:00.000Z'));
    expect(changed.note).toBeNull();
  });

  test.each([
    ['id', { id: 1 }, 'id'],
    ['a field not accepted', { createdAt: '2026-01-01T00:00:00.000Z' }, 'createdAt'],
    ['an integer out of range', { note: 'fine', quantity: 0 }, 'quantity'],
    ['null for a content-type-required field', { quantity: null }, 'quantity'],
    ['a value outside the enumeration', { status: 'lost' }, 'status'],
    ['a text over maxLength', { note: 'n'.repeat(501) }, 'note'],
    ['a relation to a row that does not exist', { customer: 999999 }, 'customer'],
    ['an invalid datetime', { orderedAt: 'abc' }, 'orderedAt'],
  ])('%s is 400 naming the field, and the row is unchanged', async (_label, change, field) => {
    const id = await freshOrder('paid');
    await expectRefused(() => patch(`/_api/orders/edit/${id}`, change), 400, invalid(field), id);
  });

  test('a unique value: another row’s is refused, its own is accepted', async () => {
    const before = await knex()('products').where('id', productId).first();
    await expectRefused(() => patch(`/_api/products/edit/${productId}`, { sku: 'SKU-0000002' }), 400, invalid('sku'));
    expect((await knex()('products').where('id', productId).first()).sku).toBe(before.sku);
    const same = await patch(`/_api/products/edit/${productId}`, { sku: before.sku, active: !bool(before.active) });
    expectDone(same);
    expect(bool((await knex()('products').where('id', productId).first()).active)).toBe(!bool(before.active));
  });

  test('a target that does not exist or is outside the filter is 404 Record not found', async () => {
    const shipped = await freshOrder('shipped');
    await expectRefused(() => patch(`/_api/orders/edit/${shipped}`, { note: 'x' }), 404, 'Record not found', shipped);
    await expectRefused(() => patch('/_api/orders/edit/999999', { note: 'x' }), 404, 'Record not found');
  });
});

describe('delete', () => {
  test('removes the row and its link rows', async () => {
    const id = await freshOrder('cancelled');
    const before = await counts();
    expect((await orderState(id)).customer).toHaveLength(1);
    const response = await del(`/_api/orders/cancelled/${id}`);
    expectDone(response);
    expect(await orderState(id)).toEqual({ row: undefined, customer: [], product: [] });
    expect(await counts()).toEqual({
      ...before,
      orders: before.orders - 1,
      customerLinks: before.customerLinks - 1,
      productLinks: before.productLinks - 1,
    });
  });

  test('a record outside the filter, missing or already deleted is 404 Record not found and stays', async () => {
    const paid = await freshOrder('paid');
    await expectRefused(() => del(`/_api/orders/cancelled/${paid}`), 404, 'Record not found', paid);
    await expectRefused(() => del('/_api/orders/cancelled/999999'), 404, 'Record not found');
    const id = await freshOrder('cancelled');
    expectDone(await del(`/_api/orders/cancelled/${id}`));
    await expectRefused(() => del(`/_api/orders/cancelled/${id}`), 404, 'Record not found');
  });
});

describe('concurrency and link rows', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  test('the target is locked until the write: a change committed meanwhile takes it out of the filter (404, kept)', async () => {
    const id = await freshOrder('cancelled');
    const trx = await knex().transaction();
    await trx('orders').where('id', id).update({ status: 'pending' });
    const response = del(`/_api/orders/cancelled/${id}`).then((r) => r);
    await pause(300);
    await trx.commit();
    expect((await response).status).toBe(404);
    expect((await response).body).toEqual({ success: false, error: 'Record not found' });
    expect((await orderState(id)).row).toMatchObject({ status: 'pending' });
  });

  test('a relation in the filter is asked again once the target is locked (404, kept)', async () => {
    const id = await freshOrder('paid');
    const [link] = await knex()('orders_customer_lnk').where('order_id', id);
    const other = Number(link.customer_id) === customerId ? otherCustomerId : customerId;
    await createEndpoint(admin, key, {
      path: 'orders/of-one-customer',
      type: 'delete',
      object: ORDER,
      parameter: 'required',
      filter: { customer: { id: { $eq: Number(link.customer_id) } } },
    });
    const trx = await knex().transaction();
    await trx('orders').where('id', id).update({ note: 'moving to another customer' });
    await trx('orders_customer_lnk').where('order_id', id).update({ customer_id: other });
    const response = del(`/_api/orders/of-one-customer/${id}`).then((r) => r);
    await pause(300);
    await trx.commit();
    expect((await response).status).toBe(404);
    expect((await orderState(id)).row).toMatchObject({ note: 'moving to another customer' });
  });

  test("media link rows go with the record (Strapi keeps them in the media library's polymorphic table)", async () => {
    const id = await freshOrder('cancelled');
    const documentId = 'testfile0000000000000001';
    await knex()('files').insert({
      document_id: documentId,
      name: 'a.txt',
      hash: 'a',
      ext: '.txt',
      mime: 'text/plain',
      size: 1,
      url: '/uploads/a.txt',
      provider: 'local',
    });
    const file = await knex()('files').where('document_id', documentId).first();
    const link = { file_id: file.id, related_id: id, related_type: ORDER, field: 'attachment', order: 1 };
    await knex()('files_related_mph').insert(link);
    expectDone(await del(`/_api/orders/cancelled/${id}`));
    expect(await knex()('files_related_mph').where({ related_id: id, related_type: ORDER })).toEqual([]);
    expect(await knex()('files').where('id', file.id).first()).toBeDefined();
  });

  test('an order can belong to one customer only: two new customers of one request cannot both take it', async () => {
    const orderId = await freshOrder('paid');
    await expectRefused(
      () => post('/_api/customers', [aCustomer({ orders: [orderId] }), aCustomer({ orders: [orderId] })]),
      400,
      invalid('orders', 1)
    );
  });

  test('empty values are not compared for uniqueness, as in Strapi', async () => {
    createdId(await post('/_api/products', aProduct({ sku: '' })), 'api::product.product');
    createdId(await post('/_api/products', aProduct({ sku: '' })), 'api::product.product');
  });
});

describe('request bodies', () => {
  test('a body that is not declared JSON is 415', async () => {
    await expectRefused(
      () => app.http().post('/_api/orders').set(auth(key.secret)).type('text/plain').send(JSON.stringify(anOrder())),
      415,
      'Request body must be JSON (Content-Type: application/json)'
    );
  });

  test('malformed JSON is 400', async () => {
    await expectRefused(() => post('/_api/orders', '{"quantity": 1,'), 400, 'Request body is not valid JSON');
  });

  test('a body over 1 MiB is 413', async () => {
    await expectRefused(
      () => post('/_api/orders', anOrder({ note: 'x'.repeat(1024 * 1024) })),
      413,
      'Request body is too large (at most 1048576 bytes)'
    );
  });

  test.each([['"an order"'], ['42'], ['null'], ['true'], ['[{"quantity": 1}, 5]']])(
    'create with %s is 400: not an object or an array of objects',
    async (body) => {
      await expectRefused(
        () => post('/_api/orders', body),
        400,
        'Request body must be a JSON object or an array of objects'
      );
    }
  );

  test('an empty array is 400 and 1001 records are 413', async () => {
    await expectRefused(() => post('/_api/orders', []), 400, 'Request body must hold at least one record');
    const many = Array.from({ length: 1001 }, () => anOrder());
    await expectRefused(() => post('/_api/orders', many), 413, 'Too many records: at most 1000 per request');
  });

  test('modify takes one object, not an array', async () => {
    const id = await freshOrder('paid');
    await expectRefused(
      () => patch(`/_api/orders/edit/${id}`, [{ note: 'x' }]),
      400,
      'Request body must be a JSON object',
      id
    );
    await expectRefused(() => patch(`/_api/orders/edit/${id}`, 'null'), 400, 'Request body must be a JSON object', id);
  });
});
