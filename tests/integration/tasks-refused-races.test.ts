import {
  app,
  admin,
  key,
  ORDER,
  PRODUCT,
  v,
  ofCustomer,
  knex,
  endpoint,
  call,
  expectRefused,
  ordersOfCustomer,
  customerWithoutPendingOrder,
  tasksSuite,
} from '../helpers/tasks-suite';

tasksSuite();

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
      const paths = Array.from({ length: 20 }, (_, i) => ((i + round) % 2 ? 'orders/pending' : 'orders/pending-plain'));
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
