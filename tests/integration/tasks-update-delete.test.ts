import {
  ORDER,
  PRODUCT,
  CUSTOMER,
  ARTICLE,
  v,
  idIs,
  ofCustomer,
  knex,
  endpoint,
  call,
  expectRefused,
  order,
  customerOf,
  productOf,
  ordersOfCustomer,
  tasksSuite,
} from '../helpers/tasks-suite';

tasksSuite();

describe('update-records', () => {
  test('updates the rows its filter selects, with values from input.*', async () => {
    await endpoint({
      path: 'tasks/orders/restock',
      type: 'create',
      object: ORDER,
      fields: [{ name: 'customer' }, { name: 'product' }, { name: 'quantity', required: true }],
      tasks: [
        {
          action: 'update-records',
          object: PRODUCT,
          filter: idIs('record.product'),
          values: { stock: v('input.quantity'), active: false },
        },
      ],
    });
    await knex()('products').where('id', 10).update({ stock: 1, active: true });
    const others = await knex()('products').whereNot('id', 10).orderBy('id');
    const response = await call('post', '/_api/tasks/orders/restock', { customer: 2, product: 10, quantity: 42 });
    expect(response.status).toBe(201);
    const product = await knex()('products').where('id', 10).first();
    expect(product.stock).toBe(42);
    expect(Boolean(product.active)).toBe(false);
    expect(await knex()('products').whereNot('id', 10).orderBy('id')).toEqual(others);
  });

  test("a Modify cancels a customer's pending orders; a raised error afterwards undoes it", async () => {
    await endpoint({
      path: 'tasks/customers/pause',
      type: 'modify',
      object: CUSTOMER,
      parameter: 'required',
      fields: [{ name: 'tier' }],
      tasks: [
        {
          action: 'update-records',
          object: ORDER,
          filter: { ...ofCustomer('record.id'), status: 'pending' },
          values: { status: 'cancelled' },
        },
        {
          action: 'raise-error',
          when: { match: { tier: 'enterprise' } },
          message: 'Enterprise customers cannot be paused',
        },
      ],
    });
    const customer = 11;
    const pending = await ordersOfCustomer(customer, 'pending');
    expect(pending.length).toBeGreaterThan(1);
    await expectRefused(
      () => call('patch', `/_api/tasks/customers/pause/${customer}`, { tier: 'enterprise' }),
      'Enterprise customers cannot be paused'
    );

    const allPending = await knex()('orders').where('status', 'pending').orderBy('id').pluck('id');
    const response = await call('patch', `/_api/tasks/customers/pause/${customer}`, { tier: 'free' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await knex()('customers').where('id', customer).first()).tier).toBe('free');
    expect(await ordersOfCustomer(customer, 'pending')).toEqual([]);
    expect(await knex()('orders').whereIn('id', pending).pluck('status')).toEqual(pending.map(() => 'cancelled'));
    const stillPending = await knex()('orders').where('status', 'pending').orderBy('id').pluck('id');
    expect(stillPending.map(Number)).toEqual(allPending.map(Number).filter((id: number) => !pending.includes(id)));
  });
});

describe('update-records on relations', () => {
  test('moves the pending orders of the previous customer to the new one, link rows and their order included', async () => {
    await endpoint({
      path: 'tasks/orders/move',
      type: 'modify',
      object: ORDER,
      parameter: 'required',
      fields: [{ name: 'customer' }],
      tasks: [
        {
          action: 'update-records',
          object: ORDER,
          filter: { ...ofCustomer('previous.customer'), status: 'pending' },
          values: { customer: v('record.customer') },
        },
      ],
    });
    const [from, to] = [13, 14];
    const target = (await ordersOfCustomer(from, 'paid'))[0];
    const moved = await ordersOfCustomer(from, 'pending');
    expect(moved.length).toBeGreaterThan(1);
    const kept = (await ordersOfCustomer(from)).filter((id) => id !== target && !moved.includes(id));
    const before = await ordersOfCustomer(to);
    const response = await call('patch', `/_api/tasks/orders/move/${target}`, { customer: to });
    expect(response.status).toBe(200);
    expect(await ordersOfCustomer(from)).toEqual(kept);
    expect(await ordersOfCustomer(to)).toEqual([...before, target, ...moved].sort((a, b) => a - b));
    const links = await knex()('orders_customer_lnk').whereIn('order_id', [target, ...moved]);
    expect(links).toHaveLength(moved.length + 1);
    // The customer's list continues after its own orders, as Strapi keeps `order_ord`.
    const positions = (await knex()('orders_customer_lnk').where('customer_id', to).pluck('order_ord')).map(Number);
    expect(new Set(positions).size).toBe(positions.length);
  });
});

describe('Draft & Publish objects in tasks', () => {
  test('exists sees published entries; Document Service writes of tasks roll back with the rest', async () => {
    await endpoint({
      path: 'tasks/orders/with-article',
      type: 'create',
      object: ORDER,
      fields: [{ name: 'quantity' }, { name: 'note' }],
      tasks: [
        {
          action: 'raise-error',
          when: { exists: { object: ARTICLE, filter: { title: { $eq: v('input.note') } } } },
          message: 'An article has this title',
        },
        { action: 'create-record', object: ARTICLE, values: { title: v('input.note'), body: 'from a task' } },
        {
          action: 'update-records',
          object: ARTICLE,
          filter: { title: 'Article 2' },
          values: { body: v('input.note') },
        },
        { action: 'delete-records', object: ARTICLE, filter: { title: 'Article 4' } },
        { action: 'raise-error', when: { match: { quantity: { $gt: 100 } } }, message: 'Too many' },
      ],
    });
    await expectRefused(
      () => call('post', '/_api/tasks/orders/with-article', { quantity: 1, note: 'Article 1' }),
      'An article has this title'
    );
    // Article 3 is a draft only: not seen by exists. The Document Service writes run, then are undone.
    await expectRefused(
      () => call('post', '/_api/tasks/orders/with-article', { quantity: 101, note: 'Article 3' }),
      'Too many'
    );
    const response = await call('post', '/_api/tasks/orders/with-article', { quantity: 1, note: 'Fresh article' });
    expect(response.status).toBe(201);
    const fresh = await knex()('articles').where('title', 'Fresh article');
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ body: 'from a task', published_at: null });
    const draft2 = await knex()('articles').where('title', 'Article 2').whereNull('published_at').first();
    expect(draft2.body).toBe('Fresh article');
    expect(await knex()('articles').where('title', 'Article 4').pluck('id')).toEqual([]);
  });
});

describe('delete-records', () => {
  test('a Modify endpoint deletes several records across objects, with their link rows', async () => {
    await endpoint({
      path: 'tasks/customers/close',
      type: 'modify',
      object: CUSTOMER,
      parameter: 'required',
      fields: [{ name: 'tier' }],
      tasks: [
        { action: 'delete-records', object: ORDER, filter: ofCustomer('record.id') },
        { action: 'delete-records', object: PRODUCT, filter: { category: 'retired' } },
        { action: 'update-records', object: CUSTOMER, filter: idIs('record.id'), values: { signupDate: v('today') } },
        {
          action: 'raise-error',
          when: { match: { tier: 'enterprise' } },
          message: 'Enterprise customers cannot be closed',
        },
      ],
    });
    const customer = 9;
    const retired = [20, 21, 22];
    await knex()('products').whereIn('id', retired).update({ category: 'retired' });
    const orders = await ordersOfCustomer(customer);
    expect(orders.length).toBeGreaterThan(1);
    const retiredLinks = await knex()('orders_product_lnk').whereIn('product_id', retired).pluck('order_id');
    expect(retiredLinks.length).toBeGreaterThan(0);

    await expectRefused(
      () => call('patch', `/_api/tasks/customers/close/${customer}`, { tier: 'enterprise' }),
      'Enterprise customers cannot be closed'
    );

    const orderCount = Number((await knex()('orders').count({ n: '*' }))[0].n);
    const response = await call('patch', `/_api/tasks/customers/close/${customer}`, { tier: 'pro' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await knex()('orders').whereIn('id', orders).pluck('id')).toEqual([]);
    expect(Number((await knex()('orders').count({ n: '*' }))[0].n)).toBe(orderCount - orders.length);
    expect(await knex()('orders_customer_lnk').where('customer_id', customer).pluck('id')).toEqual([]);
    expect(await knex()('orders_customer_lnk').whereIn('order_id', orders).pluck('id')).toEqual([]);
    expect(await knex()('orders_product_lnk').whereIn('order_id', orders).pluck('id')).toEqual([]);
    expect(await knex()('products').whereIn('id', retired).pluck('id')).toEqual([]);
    expect(await knex()('orders_product_lnk').whereIn('product_id', retired).pluck('id')).toEqual([]);
    // Orders of other customers that named a retired product stay, without a product.
    const survivors = retiredLinks.map(Number).filter((id: number) => !orders.includes(id));
    expect((await knex()('orders').whereIn('id', survivors).pluck('id')).length).toBe(survivors.length);
    const row = await knex()('customers').where('id', customer).first();
    expect(row.tier).toBe('pro');
    expect(String(row.signup_date instanceof Date ? row.signup_date.toISOString() : row.signup_date)).toMatch(
      new RegExp(`^${new Date().toISOString().slice(0, 10)}`)
    );
  });

  test('a Delete endpoint runs its tasks with the record as it was', async () => {
    await endpoint({
      path: 'tasks/orders/remove',
      type: 'delete',
      object: ORDER,
      parameter: 'required',
      tasks: [
        {
          action: 'raise-error',
          when: { exists: { object: CUSTOMER, filter: { ...idIs('record.customer'), tier: 'enterprise' } } },
          message: 'Orders of enterprise customers are kept',
        },
        {
          action: 'update-records',
          object: PRODUCT,
          filter: idIs('record.product'),
          values: { stock: v('previous.quantity') },
        },
      ],
    });
    const ofTier = (tier: string) =>
      knex()('orders as o')
        .join('orders_customer_lnk as l', 'l.order_id', 'o.id')
        .join('customers as c', 'c.id', 'l.customer_id')
        .join('orders_product_lnk as p', 'p.order_id', 'o.id')
        .where('c.tier', tier)
        .orderBy('o.id')
        .first('o.id', 'o.quantity', 'p.product_id');
    const kept = await ofTier('enterprise');
    await expectRefused(
      () => call('delete', `/_api/tasks/orders/remove/${kept.id}`),
      'Orders of enterprise customers are kept'
    );

    const doomed = await ofTier('free');
    await knex()('products').where('id', doomed.product_id).update({ stock: 0 });
    const response = await call('delete', `/_api/tasks/orders/remove/${doomed.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await order(doomed.id)).toBeUndefined();
    expect(await customerOf(doomed.id)).toBeNull();
    expect(await productOf(doomed.id)).toBeNull();
    expect((await knex()('products').where('id', doomed.product_id).first()).stock).toBe(doomed.quantity);
  });
});
