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
  dump,
  epochMs,
  app,
  admin,
  key,
  ofCustomer,
  ordersOfCustomer,
  customerWithoutPendingOrder,
  ARTICLE,
} from '../helpers/tasks-suite';

tasksSuite();

describe('conditions', () => {
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
      const empty = await knex()('orders')
        .whereNull('note')
        .whereIn('status', ['pending', 'paid'])
        .orderBy('id')
        .first();
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
});

describe('raise and create', () => {
  describe('raise-error', () => {
    test('fires on its condition: 400 with the message, and the created record is rolled back', async () => {
      await endpoint({
        path: 'tasks/orders/limited',
        type: 'create',
        object: ORDER,
        fields: orderFields,
        tasks: [
          { action: 'raise-error', when: { match: { quantity: { $gt: 100 } } }, message: 'At most 100 per order' },
        ],
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
});

describe('refused and races', () => {
  describe('the admin API refuses bad tasks', () => {
    const endpointCount = () => app.strapi.db.query('plugin::data-api.endpoint').count();
    const create = { path: 'tasks/refused', type: 'create', object: ORDER, fields: [{ name: 'quantity' }] };
    const orderTask = (values: Record<string, unknown>) => ({ action: 'create-record', object: ORDER, values });

    test.each([
      [
        'an unknown object',
        { tasks: [{ action: 'create-record', object: 'api::nope.nope', values: {} }] },
        /tasks\[0\]\.object: "api::nope\.nope" is not a content type/,
      ],
      [
        'an unknown object in a condition',
        { tasks: [{ action: 'raise-error', when: { exists: { object: 'api::nope.nope' } }, message: 'x' }] },
        /tasks\[0\]\.when\.exists\.object: "api::nope\.nope"/,
      ],
      [
        'an unknown field in values',
        { tasks: [orderTask({ quantity: 1, colour: 'red' })] },
        /tasks\[0\]\.values\.colour: unknown field "colour"/,
      ],
      [
        'an unknown field in a task filter',
        { tasks: [{ action: 'delete-records', object: ORDER, filter: { colour: 'red' } }] },
        /tasks\[0\]\.filter\.colour: unknown field "colour"/,
      ],
      [
        'an unknown variable in values',
        { tasks: [orderTask({ quantity: v('record.colour') })] },
        /tasks\[0\]\.values\.quantity: .*"record\.colour"/,
      ],
      [
        'an unknown variable in a condition',
        { tasks: [{ action: 'raise-error', when: { match: { quantity: v('nothing') } }, message: 'x' }] },
        /tasks\[0\]\.when\.match\.quantity: unknown variable "nothing"/,
      ],
      [
        'previous.* in the values of a create endpoint',
        { tasks: [orderTask({ quantity: v('previous.quantity') })] },
        /tasks\[0\]\.values\.quantity: .*"previous\.quantity"/,
      ],
      [
        'previous.* in a condition of a create endpoint',
        { tasks: [{ action: 'raise-error', when: { match: { status: v('previous.status') } }, message: 'x' }] },
        /tasks\[0\]\.when\.match\.status: .*"previous\.status"/,
      ],
      [
        'input.* of a field the endpoint does not accept',
        { tasks: [orderTask({ quantity: v('input.total') })] },
        /tasks\[0\]\.values\.quantity: .*"input\.total"/,
      ],
      [
        'input.* on a delete endpoint',
        {
          type: 'delete',
          parameter: 'required',
          fields: [],
          tasks: [{ action: 'delete-records', object: ORDER, filter: { note: { $eq: v('input.note') } } }],
        },
        /tasks\[0\]\.filter\.note(\.\$eq)?: .*"input\.note"/,
      ],
      [
        'match on a delete endpoint',
        {
          type: 'delete',
          parameter: 'required',
          fields: [],
          tasks: [{ action: 'raise-error', when: { match: { status: 'paid' } }, message: 'x' }],
        },
        /tasks\[0\]\.when\.match: .*delete/,
      ],
      [
        'a create-record without a required field of its object',
        { tasks: [orderTask({ status: 'pending' })] },
        /tasks\[0\]\.values: api::order\.order requires "quantity"/,
      ],
      [
        'a constant the field refuses',
        { tasks: [orderTask({ quantity: 0 })] },
        /tasks\[0\]\.values\.quantity: 0 is not a valid value/,
      ],
      [
        'tasks on a list endpoint',
        { type: 'list', fields: [{ name: 'id' }], tasks: [{ action: 'raise-error', message: 'x' }] },
        /tasks: only create, modify and delete endpoints run tasks/,
      ],
      ['an unknown action', { tasks: [{ action: 'send-mail', to: 'x' }] }, /tasks\[0\]/],
    ])('%s is refused with 400 naming the problem', async (_label, change, message) => {
      const before = await endpointCount();
      const response = await admin.post('/data-api/endpoints', {
        data: { name: 'Refused', auth: { method: 'api-key', keys: [key.id] }, ...create, ...change },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(message);
      expect(await endpointCount()).toBe(before);
    });
  });

  describe('race-free validation', () => {
    const MESSAGE = 'Customer already has a pending order';
    const definition = {
      type: 'create',
      object: ORDER,
      parameter: 'required',
      fields: [{ name: 'quantity', required: true }],
      presets: { customer: v('param'), status: 'pending' },
    };

    beforeAll(async () => {
      // Concurrent supertest requests on a server that is not listening would each make it listen: listen once.
      const server = app.strapi.server.httpServer;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await endpoint({
        ...definition,
        path: 'orders/pending',
        tasks: [
          {
            action: 'raise-error',
            when: {
              exists: {
                object: ORDER,
                filter: { ...ofCustomer('record.customer'), status: 'pending', id: { $ne: v('record.id') } },
              },
            },
            message: MESSAGE,
          },
        ],
      });
      await endpoint({ ...definition, path: 'orders/pending-plain' });
    });

    const burst = (paths: string[], customer: number) =>
      Promise.all(paths.map((path, i) => call('post', `/_api/${path}/${customer}`, { quantity: i + 1 })));
    const outcome = (r: { status: number; body: { error?: string } }) =>
      r.status === 201
        ? 'created'
        : r.status === 400 && r.body.error === MESSAGE
          ? 'refused'
          : `${r.status} ${JSON.stringify(r.body)}`;
    const tally = (responses: Array<{ status: number; body: { error?: string } }>) => {
      const counts: Record<string, number> = {};
      for (const r of responses) counts[outcome(r)] = (counts[outcome(r)] ?? 0) + 1;
      return counts;
    };

    test.each([1, 2, 3])(
      'round %i: of 20 simultaneous creates for one customer exactly one passes the check',
      async () => {
        const customer = await customerWithoutPendingOrder();
        const responses = await burst(Array(20).fill('orders/pending'), customer);
        expect(tally(responses)).toEqual({ created: 1, refused: 19 });
        const created = responses.find((r) => r.status === 201)!.body.id;
        expect(await ordersOfCustomer(customer, 'pending')).toEqual([created]);
      }
    );

    test.each([1, 2, 3])(
      'round %i mixed with plain creates: the checked endpoint never creates a second pending order',
      async (round) => {
        const customer = await customerWithoutPendingOrder();
        // Odd rounds send a checked create first, even ones a plain create.
        const paths = Array.from({ length: 20 }, (_, i) =>
          (i + round) % 2 ? 'orders/pending' : 'orders/pending-plain'
        );
        const responses = await burst(paths, customer);
        const plain = responses.filter((_, i) => paths[i] === 'orders/pending-plain');
        const checked = responses.filter((_, i) => paths[i] === 'orders/pending');
        expect(tally(plain)).toEqual({ created: 10 });
        const outcomes = tally(checked);
        expect(Object.keys(outcomes).filter((k) => k !== 'created' && k !== 'refused')).toEqual([]);
        expect(outcomes.created ?? 0).toBeLessThanOrEqual(1);
        const pending = await ordersOfCustomer(customer, 'pending');
        expect(pending).toHaveLength(10 + (outcomes.created ?? 0));
        // A checked create passes only when no other pending order exists at its commit: every plain one came after.
        const winner = checked.find((r) => r.status === 201);
        if (winner) expect(Math.min(...plain.map((r) => r.body.id))).toBeGreaterThan(winner.body.id);
        await expectRefused(() => call('post', `/_api/orders/pending/${customer}`, { quantity: 1 }), MESSAGE);
      }
    );

    test('30 simultaneous creates whose task updates the same product all succeed, one after another', async () => {
      await endpoint({
        path: 'orders/touching-product',
        type: 'create',
        object: ORDER,
        fields: [{ name: 'product' }, { name: 'quantity' }],
        tasks: [
          {
            action: 'update-records',
            object: PRODUCT,
            filter: { id: { $eq: v('record.product') } },
            values: { stock: v('input.quantity') },
          },
        ],
      });
      const product = await knex()('products').orderBy('id', 'desc').first();
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call('post', '/_api/orders/touching-product', { product: product.id, quantity: i + 1 })
        )
      );
      expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
      // The task of the last order to commit wrote its quantity: the stock is one of them.
      const stock = Number((await knex()('products').where('id', product.id).first()).stock);
      expect(stock).toBeGreaterThanOrEqual(1);
      expect(stock).toBeLessThanOrEqual(30);
    });
  });
});

describe('update and delete', () => {
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
});
