import { createEndpoint } from '../helpers/fixtures';
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
  app,
  admin,
  key,
  ORDER,
  auth,
  del,
  epochMs,
  otherKey,
  get,
  named,
} from '../helpers/writes-suite';

writesSuite();

describe('create', () => {
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
      expect(
        await count('orders_customer_lnk', (q) => q.whereIn('order_id', ids).where('customer_id', customerId))
      ).toBe(3);
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
          post('/_api/customers', [
            aCustomer({ email: 'twice@example.org' }),
            aCustomer({ email: 'twice@example.org' }),
          ]),
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
});

describe('modify and delete', () => {
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
      await expectRefused(
        () => patch(`/_api/orders/edit/${id}`, 'null'),
        400,
        'Request body must be a JSON object',
        id
      );
    });
  });
});

describe('values and access', () => {
  describe('values round-trip through a list endpoint', () => {
    test('order: relations, integer, decimal, enumeration, datetime and text', async () => {
      const sent = {
        customer: otherCustomerId,
        product: productId,
        quantity: 3,
        total: 123.45,
        status: 'shipped',
        orderedAt: '2026-03-05T10:00:00.000Z',
        note: 'Leave at the door',
      };
      const id = createdId(await post('/_api/orders', sent));
      const read = await get(`/_api/orders?id=${id}`);
      expect(read.status).toBe(200);
      expect(read.body.items).toEqual([{ id, ...sent }]);
      const row = await knex()('orders').where('id', id).first();
      expect(Number(row.total)).toBe(123.45);
      expect(epochMs(row.ordered_at)).toBe(Date.parse(sent.orderedAt));
    });

    test('product: boolean false, zero stock, decimal price, datetime', async () => {
      const sent = aProduct({
        price: 19.99,
        stock: 0,
        category: 'kitchen',
        active: false,
        releasedAt: '2025-12-24T18:30:00.000Z',
      });
      const id = createdId(await post('/_api/products', sent), 'api::product.product');
      const read = await get(`/_api/products?id=${id}`);
      expect(read.status).toBe(200);
      expect(read.body.items).toEqual([{ id, ...sent }]);
      const row = await knex()('products').where('id', id).first();
      expect(bool(row.active)).toBe(false);
      expect(Number(row.price)).toBe(19.99);
    });

    test('customer: date, decimal credit, enumeration and a to-many relation in order', async () => {
      const orders = [await freshOrder('paid'), await freshOrder('shipped')].reverse();
      const sent = aCustomer({ tier: 'enterprise', credit: 10.5, signupDate: '2026-02-28', orders });
      const id = createdId(await post('/_api/customers', sent), 'api::customer.customer');
      const read = await get(`/_api/customers?id=${id}`);
      expect(read.status).toBe(200);
      expect(read.body.items).toEqual([{ id, ...sent }]);
      const row = await knex()('customers').where('id', id).first();
      expect(isoDay(row.signup_date)).toBe('2026-02-28');
      expect(Number(row.credit)).toBe(10.5);
    });
  });

  describe('Draft & Publish', () => {
    const ARTICLE = 'api::article.article';
    const rowsOf = (documentId: string) =>
      knex()('articles').where('document_id', documentId).orderBy('id').select('id', 'title', 'body', 'published_at');

    /** The record id of a document: its draft row's (server/src/query/record-id.ts). */
    const recordIdOf = async (documentId: string) =>
      (await knex()('articles').where({ document_id: documentId, published_at: null }).first()).id as number;

    test("create with publish: a draft row and a published row of one document; the id is the record's (its draft's)", async () => {
      const before = await count('articles');
      const id = createdId(await post('/_api/articles', { title: 'Fresh news', body: 'Hot off the press.' }), ARTICLE);
      const created = await knex()('articles').where('id', id).first();
      expect(created.published_at).toBeNull();
      const rows = await rowsOf(created.document_id);
      expect(rows).toHaveLength(2);
      expect(rows.filter((r: { published_at: unknown }) => r.published_at === null)).toHaveLength(1);
      expect(rows.every((r: { title: string }) => r.title === 'Fresh news')).toBe(true);
      expect(await count('articles')).toBe(before + 2);
    });

    test('create without publish: one draft row, whose id is answered', async () => {
      const id = createdId(await post('/_api/articles/drafts', { title: 'Work in progress' }), ARTICLE);
      const created = await knex()('articles').where('id', id).first();
      expect(created).toMatchObject({ title: 'Work in progress', published_at: null });
      expect(await rowsOf(created.document_id)).toHaveLength(1);
    });

    test('a required title missing is 400 and writes no row', async () => {
      await expectRefused(() => post('/_api/articles', { body: 'No title' }), 400, invalid('title'));
      await expectRefused(() => post('/_api/articles', [{ title: 'ok' }, { title: null }]), 400, invalid('title', 1));
    });

    test('modify with publish changes the published content, and only the fields sent', async () => {
      const published = await knex()('articles').whereNotNull('published_at').orderBy('id').first();
      expectDone(
        await patch(`/_api/articles/edit/${await recordIdOf(published.document_id)}`, { title: 'Edited title' })
      );
      const rows = await rowsOf(published.document_id);
      const live = rows.filter((r: { published_at: unknown }) => r.published_at !== null);
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({ title: 'Edited title', body: published.body });
      expect(rows).toHaveLength(2);
    });

    test('delete removes every row of the document', async () => {
      const published = await knex()('articles').whereNotNull('published_at').orderBy('id', 'desc').first();
      expect(await rowsOf(published.document_id)).toHaveLength(2);
      expectDone(await del(`/_api/articles/remove/${await recordIdOf(published.document_id)}`));
      expect(await rowsOf(published.document_id)).toEqual([]);
    });
  });

  describe("the site's own code still runs", () => {
    test('lifecycle hooks: customers (which have a lifecycles file) are written through the Document Service', async () => {
      const id = createdId(
        await post('/_api/customers', aCustomer({ email: 'Mixed.Case@Example.COM' })),
        'api::customer.customer'
      );
      expect(await knex()('customers').where('id', id).first()).toMatchObject({ email: 'mixed.case@example.com' });
    });

    test('Document Service middlewares: an article created without a body gets the playground placeholder', async () => {
      const id = createdId(await post('/_api/articles', { title: 'No body yet' }), 'api::article.article');
      const created = await knex()('articles').where('id', id).first();
      const rows = await knex()('articles').where('document_id', created.document_id).select('body');
      expect(rows).toEqual([{ body: '(no text yet)' }, { body: '(no text yet)' }]);
    });
  });

  describe('authentication and allowed IPs', () => {
    test('no key is 401 and nothing is written', async () => {
      await expectRefused(() => post('/_api/orders', anOrder(), null), 401, 'Unauthorized');
      const id = await freshOrder('cancelled');
      await expectRefused(() => del(`/_api/orders/cancelled/${id}`, null), 401, 'Unauthorized', id);
    });

    test('a key not allowed on the endpoint is 403 and nothing is written', async () => {
      await expectRefused(() => post('/_api/orders', anOrder(), otherKey.secret), 403, 'Forbidden');
      const id = await freshOrder('paid');
      await expectRefused(() => patch(`/_api/orders/edit/${id}`, { note: 'x' }, otherKey.secret), 403, 'Forbidden', id);
    });

    test('a caller outside the allowed IPs is 403 and nothing is written', async () => {
      await expectRefused(() => post('/_api/orders/office', { quantity: 1 }), 403, 'Forbidden');
    });
  });

  describe('write definitions the admin API refuses', () => {
    const endpointCount = () => app.strapi.db.query('plugin::data-api.endpoint').count({});
    const base = { name: 'refused', path: 'refused/orders', type: 'create', object: ORDER };

    test.each([
      ['accepting id', { fields: named(['quantity', 'id']) }, /"id"/],
      ['an unknown field', { fields: named(['quantity', 'colour']) }, /colour/],
      ['a system field', { fields: named(['quantity', 'createdAt']) }, /createdAt/],
      [
        'a preset on an accepted field',
        { fields: named(['quantity', 'status']), presets: { status: 'paid' } },
        /presets\.status|preset.*status|status.*preset/,
      ],
      ['a create that leaves a required field out', { fields: named(['note']) }, /quantity/],
      ['publish on a type without Draft & Publish', { fields: named(['quantity']), publish: true }, /Draft & Publish/],
      [
        'a preset with an unknown variable',
        { fields: named(['quantity']), presets: { note: { $var: 'nope' } } },
        /nope/,
      ],
      ['a preset value the field refuses', { fields: named(['quantity']), presets: { status: 'lost' } }, /status/],
      [
        'required on a modify field',
        { type: 'modify', parameter: 'required', fields: [{ name: 'quantity', required: true }] },
        /required/,
      ],
    ])('%s is 400 naming the problem', async (_label, change, message) => {
      const before = await endpointCount();
      const response = await admin.post('/data-api/endpoints', {
        data: { ...base, auth: { method: 'api-key', keys: [key.id] }, ...change },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(message);
      expect(await endpointCount()).toBe(before);
    });
  });
});
