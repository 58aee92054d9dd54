import {
  ORDER,
  PRODUCT,
  CUSTOMER,
  v,
  idIs,
  orderFields,
  knex,
  endpoint,
  call,
  expectRefused,
  order,
  customerOf,
  productOf,
  tasksSuite,
} from '../helpers/tasks-suite';

tasksSuite();

describe('previous.* on Modify', () => {
  test("an empty field's null is a value: a rule that a field may not change holds for empty fields too", async () => {
    await endpoint({
      path: 'tasks/orders/frozen-note',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      fields: [{ name: 'note' }, { name: 'quantity' }],
      tasks: [
        {
          action: 'raise-error',
          when: { match: { note: { $ne: v('previous.note') } } },
          message: 'The note cannot change',
        },
      ],
    });
    const empty = await knex()('orders').whereNull('note').whereIn('status', ['pending', 'paid']).orderBy('id').first();
    await expectRefused(
      () => call('patch', `/_api/tasks/orders/frozen-note/${empty.id}`, { note: 'now set' }),
      'The note cannot change'
    );
    const response = await call('patch', `/_api/tasks/orders/frozen-note/${empty.id}`, { quantity: 9 });
    expect(response.body).toEqual({ success: true });
    expect(await order(empty.id)).toMatchObject({ note: null, quantity: 9 });
  });

  test('previous is the record before the write, record the one after it', async () => {
    await endpoint({
      path: 'tasks/orders/status',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      fields: [{ name: 'status' }, { name: 'quantity' }],
      tasks: [
        {
          action: 'raise-error',
          // `match` sees the record after the write. "Some order is shipped and has the previous status" holds
          // exactly when the previous status was `shipped` (the seed has shipped orders).
          when: {
            exists: {
              object: ORDER,
              filter: { $and: [{ status: 'shipped' }, { status: { $eq: v('previous.status') } }] },
            },
          },
          message: 'Shipped orders cannot change',
        },
        {
          action: 'create-record',
          object: ORDER,
          values: {
            customer: v('previous.customer'),
            product: v('previous.product'),
            quantity: v('previous.quantity'),
            status: v('previous.status'),
            note: v('record.status'),
          },
        },
      ],
    });
    const shipped = await knex()('orders').where('status', 'shipped').orderBy('id').first();
    await expectRefused(
      () => call('patch', `/_api/tasks/orders/status/${shipped.id}`, { status: 'cancelled' }),
      'Shipped orders cannot change'
    );

    const pending = await knex()('orders')
      .where('status', 'pending')
      .where('quantity', '<', 1000)
      .orderBy('id')
      .first();
    const maxId = Number((await knex()('orders').max({ m: 'id' }))[0].m);
    const response = await call('patch', `/_api/tasks/orders/status/${pending.id}`, {
      status: 'paid',
      quantity: pending.quantity + 1,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await order(pending.id)).toMatchObject({ status: 'paid', quantity: pending.quantity + 1 });
    const history = await knex()('orders').where('id', '>', maxId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'pending', quantity: pending.quantity, note: 'paid' });
    expect(await customerOf(history[0].id)).toBe(await customerOf(pending.id));
    expect(await productOf(history[0].id)).toBe(await productOf(pending.id));
  });
});

describe('conditions', () => {
  let pro: number;
  let free: number;
  let active: number;
  let inactive: number;

  beforeAll(async () => {
    await endpoint({
      path: 'tasks/orders/rules',
      type: 'create',
      object: ORDER,
      fields: orderFields,
      tasks: [
        {
          action: 'raise-error',
          when: { all: [{ match: { quantity: { $gt: 50 } } }, { match: { status: 'pending' } }] },
          message: 'Large orders are paid upfront',
        },
        {
          action: 'raise-error',
          when: { any: [{ match: { quantity: 13 } }, { match: { quantity: 666 } }] },
          message: 'Unlucky quantity',
        },
        {
          action: 'raise-error',
          when: {
            not: {
              exists: {
                object: CUSTOMER,
                filter: { ...idIs('record.customer'), tier: { $in: ['pro', 'enterprise'] } },
              },
            },
          },
          message: 'Paying customers only',
        },
        {
          action: 'raise-error',
          when: { notExists: { object: PRODUCT, filter: { ...idIs('record.product'), active: true } } },
          message: 'Product not available',
        },
      ],
    });
    const firstId = async (table: string, where: Record<string, unknown>) =>
      Number((await knex()(table).where(where).orderBy('id').first('id')).id);
    pro = await firstId('customers', { tier: 'pro' });
    free = await firstId('customers', { tier: 'free' });
    active = await firstId('products', { active: true });
    inactive = await firstId('products', { active: false });
  });

  const post = (body: Record<string, unknown>) => () => call('post', '/_api/tasks/orders/rules', body);

  test('all: every part must hold', async () => {
    await expectRefused(
      post({ customer: pro, product: active, quantity: 51, status: 'pending' }),
      'Large orders are paid upfront'
    );
    const paid = await call('post', '/_api/tasks/orders/rules', {
      customer: pro,
      product: active,
      quantity: 51,
      status: 'paid',
    });
    expect(paid.status).toBe(201);
    expect(await order(paid.body.id)).toMatchObject({ quantity: 51, status: 'paid' });
  });

  test('any: one part is enough', async () => {
    await expectRefused(post({ customer: pro, product: active, quantity: 13, status: 'paid' }), 'Unlucky quantity');
    await expectRefused(post({ customer: pro, product: active, quantity: 666, status: 'paid' }), 'Unlucky quantity');
  });

  test('not and notExists look at other objects inside the transaction', async () => {
    await expectRefused(post({ customer: free, product: active, quantity: 2 }), 'Paying customers only');
    await expectRefused(post({ customer: pro, product: inactive, quantity: 2 }), 'Product not available');
    // A variable with no value matches nothing: no customer, so no paying one.
    await expectRefused(post({ product: active, quantity: 2 }), 'Paying customers only');
    const response = await call('post', '/_api/tasks/orders/rules', { customer: pro, product: active, quantity: 2 });
    expect(response.status).toBe(201);
    expect(await order(response.body.id)).toMatchObject({ quantity: 2, status: 'pending' });
    expect(await customerOf(response.body.id)).toBe(pro);
  });
});
