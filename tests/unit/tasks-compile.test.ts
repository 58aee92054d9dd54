import { definitionErrorOf } from '../helpers/errors';
import { definitionSchema } from '../../contracts/definition';
import { ApiError } from '../../server/src/errors/api-error';
import type { CompileDeps } from '../../server/src/engine/deps';
import type { Model } from '../../server/src/query/model';
import type { Row } from '../../server/src/query/executor';
import { TaskFieldError } from '../../server/src/tasks/actions';
import { compileTasks } from '../../server/src/tasks/compile';
import { FieldError } from '../../server/src/errors/field-error';
import type { ObjectWriter } from '../../server/src/writes/object-writer';
import type { TxDb } from '../../server/src/query/tx-db';
import { modelOf, relation, scalar } from '../helpers/models';

const order = modelOf('api::order.order', 'orders', [
  scalar('id', 'integer'),
  scalar('quantity', 'integer', 'quantity', { min: 1 }),
  scalar('note', 'text'),
  scalar('status', 'enumeration', 'status', { enum: ['pending', 'paid'] }),
  relation('customer', 'api::customer.customer', false, {
    table: 'orders_customer_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'customer_id',
  }),
  { kind: 'unsupported', name: 'secret', reason: 'private fields cannot be exposed' },
]);
const customer = modelOf('api::customer.customer', 'customers', [
  scalar('id', 'integer'),
  scalar('email', 'email', 'email', { required: true, unique: true }),
  scalar('orders', 'integer', 'orders', { required: true, default: 0 }),
  scalar('name', 'string'),
]);
const log = modelOf('api::log.log', 'logs', [
  scalar('id', 'integer'),
  scalar('message', 'text'),
  scalar('ref', 'integer'),
]);
const article: Model = {
  ...modelOf('api::article.article', 'articles', [scalar('id', 'integer'), scalar('title', 'string')]),
  draftAndPublish: true,
};
const MODELS = new Map([order, customer, log, article].map((m) => [m.uid, m]));

const fakeWriter = (uniqueFields: string[] = []) => ({
  uniqueFields,
  create: jest.fn(async () => [1]),
  update: jest.fn(async () => [1]),
  remove: jest.fn(async () => undefined),
});
type FakeWriter = ReturnType<typeof fakeWriter>;

const setup = () => {
  const writers = new Map<string, FakeWriter>([
    [order.uid, fakeWriter()],
    [customer.uid, fakeWriter(['email'])],
    [log.uid, fakeWriter()],
    [article.uid, fakeWriter()],
  ]);
  const deps = {
    dialect: 'sqlite',
    modelOf: (uid: string) => MODELS.get(uid) ?? null,
    writerOf: (model: Model) => writers.get(model.uid) as unknown as ObjectWriter,
  } as unknown as CompileDeps;
  return { deps, writers };
};

const definition = (type: 'create' | 'modify' | 'delete', tasks: unknown[], extra: Record<string, unknown> = {}) =>
  definitionSchema.parse({
    name: 'Orders',
    path: 'orders',
    type,
    object: order.uid,
    parameter: type === 'create' ? 'none' : 'required',
    fields: type === 'delete' ? [] : [{ name: 'quantity' }, { name: 'status' }],
    auth: { method: 'api-key', keys: [1] },
    tasks,
    ...extra,
  });

const compile = (type: 'create' | 'modify' | 'delete', tasks: unknown[], extra: Record<string, unknown> = {}) => {
  const { deps, writers } = setup();
  return { compiled: compileTasks(definition(type, tasks, extra), order, deps), writers };
};
const definitionError = (type: 'create' | 'modify' | 'delete', tasks: unknown[]) =>
  definitionErrorOf(() => compile(type, tasks));

/** A transaction that answers every SELECT with `rows` and records what it was asked. */
const fakeDb = (rows: Row[] = []) => {
  const calls: Array<{ sql: string; bindings: unknown[] }> = [];
  const db: TxDb = {
    dialect: 'sqlite',
    releasedFiles: new Set(),
    all: async (sql, bindings) => {
      calls.push({ sql, bindings });
      return rows;
    },
    run: async () => {
      throw new Error('tasks write through their writers');
    },
  };
  return { db, calls };
};

const raise = (when?: unknown) => ({ action: 'raise-error', message: 'Stop', ...(when ? { when } : {}) });

describe('conditions: compile errors', () => {
  test('match is refused on a delete endpoint, however deep', () => {
    expect(definitionError('delete', [raise({ match: { quantity: 1 } })])).toBe(
      'tasks[0].when.match: a delete endpoint has no written record to match'
    );
    expect(definitionError('delete', [raise({ not: { match: { quantity: 1 } } })])).toBe(
      'tasks[0].when.not.match: a delete endpoint has no written record to match'
    );
    expect(definitionError('delete', [raise(), raise({ any: [{ exists: { object: log.uid } }, { match: {} }] })])).toBe(
      'tasks[1].when.any[1].match: a delete endpoint has no written record to match'
    );
  });

  test('match is fine on create and modify', () => {
    expect(compile('create', [raise({ match: { quantity: 1 } })]).compiled.count).toBe(1);
    expect(compile('modify', [raise({ all: [{ match: { quantity: 1 } }] })]).compiled.count).toBe(1);
  });

  test.each(['exists', 'notExists'])('%s needs a known object', (kind) => {
    expect(definitionError('create', [raise({ [kind]: { object: 'api::nope.nope' } })])).toBe(
      `tasks[0].when.${kind}.object: "api::nope.nope" is not a content type endpoints may use`
    );
  });

  test("filters are checked against their object's fields", () => {
    expect(definitionError('create', [raise({ exists: { object: log.uid, filter: { nope: 1 } } })])).toBe(
      'tasks[0].when.exists.filter.nope: unknown field "nope" on api::log.log'
    );
    expect(definitionError('create', [raise({ match: { secret: 'x' } })])).toBe(
      'tasks[0].when.match.secret: private fields cannot be exposed'
    );
    expect(definitionError('create', [raise({ match: { quantity: 'many' } })])).toBe(
      'tasks[0].when.match.quantity: "many" is not a valid value for this field'
    );
  });

  test('unknown variables are refused', () => {
    expect(definitionError('create', [raise({ match: { quantity: { $var: 'record.nope' } } })])).toBe(
      'tasks[0].when.match.quantity: unknown variable "record.nope"'
    );
    expect(definitionError('modify', [raise({ match: { quantity: { $var: 'bogus' } } })])).toBe(
      'tasks[0].when.match.quantity: unknown variable "bogus"'
    );
  });

  test('previous.* on a create is explained', () => {
    expect(definitionError('create', [raise({ match: { quantity: { $var: 'previous.quantity' } } })])).toBe(
      'tasks[0].when.match.quantity: the variable "previous.quantity" is known to modify and delete endpoints only (a create has no previous record)'
    );
  });

  test('input.* names an accepted field only', () => {
    expect(definitionError('modify', [raise({ match: { note: { $var: 'input.note' } } })])).toBe(
      'tasks[0].when.match.note: the variable "input.note" names no accepted field of this endpoint'
    );
    expect(
      definitionError('delete', [raise({ exists: { object: log.uid, filter: { ref: { $var: 'input.quantity' } } } })])
    ).toBe('tasks[0].when.exists.filter.ref: the variable "input.quantity" names no accepted field of this endpoint');
  });

  test('record.*, previous.* and input.* where they exist', () => {
    const vars = (name: string) => ({ exists: { object: log.uid, filter: { ref: { $var: name } } } });
    expect(() =>
      compile('modify', [
        raise(vars('record.quantity')),
        raise(vars('previous.quantity')),
        raise(vars('input.quantity')),
      ])
    ).not.toThrow();
    expect(() => compile('delete', [raise(vars('record.id')), raise(vars('previous.customer'))])).not.toThrow();
    expect(() =>
      compile('create', [raise(vars('record.customer')), raise(vars('param'))], { parameter: 'required' })
    ).not.toThrow();
  });
});

describe('actions: compile errors', () => {
  test.each([
    [{ action: 'create-record', object: 'api::nope.nope', values: {} }],
    [{ action: 'update-records', object: 'api::nope.nope', filter: {}, values: {} }],
    [{ action: 'delete-records', object: 'api::nope.nope', filter: {} }],
  ])('an unknown object is refused: %p', (task) => {
    expect(definitionError('modify', [raise(), task])).toBe(
      'tasks[1].object: "api::nope.nope" is not a content type endpoints may use'
    );
  });

  test('create-record must set the fields its type requires without a default', () => {
    expect(
      definitionError('create', [{ action: 'create-record', object: customer.uid, values: { name: 'Ann' } }])
    ).toBe('tasks[0].values: api::customer.customer requires "email"');
    // `orders` is required but has a default.
    expect(() =>
      compile('create', [{ action: 'create-record', object: customer.uid, values: { email: 'a@b.co' } }])
    ).not.toThrow();
  });

  test('values: unknown fields, system fields, invalid constants, unknown variables', () => {
    const create = (values: Record<string, unknown>) =>
      definitionError('modify', [{ action: 'create-record', object: log.uid, values }]);
    expect(create({ nope: 1 })).toBe('tasks[0].values.nope: unknown field "nope" on api::log.log');
    expect(create({ id: 3 })).toBe('tasks[0].values.id: "id" is set by Strapi and cannot be written');
    expect(create({ ref: 'x' })).toBe('tasks[0].values.ref: "x" is not a valid value for this field');
    expect(create({ ref: { $var: 'record.nope' } })).toBe('tasks[0].values.ref: unknown variable "record.nope"');
    expect(
      definitionError('modify', [
        { action: 'update-records', object: customer.uid, filter: {}, values: { email: 'nope' } },
      ])
    ).toBe('tasks[0].values.email: "nope" is not a valid value for this field');
  });

  test('previous.* in the values of a create task is refused', () => {
    const message = definitionError('create', [
      { action: 'create-record', object: log.uid, values: { ref: { $var: 'previous.quantity' } } },
    ]);
    expect(message).toMatch(/^tasks\[0\]\.values\.ref: .*"previous\.quantity"/);
  });

  test('update and delete filters are checked', () => {
    expect(
      definitionError('modify', [{ action: 'update-records', object: log.uid, filter: { nope: 1 }, values: {} }])
    ).toBe('tasks[0].filter.nope: unknown field "nope" on api::log.log');
    expect(
      definitionError('delete', [{ action: 'delete-records', object: log.uid, filter: { ref: { $lt: null } } }])
    ).toBe('tasks[0].filter.ref.$lt: $lt cannot compare with null');
  });
});

describe('locks', () => {
  test('conditions, updates, deletes and unique values lock their type exclusively; creates share it', () => {
    const { compiled } = compile('modify', [
      raise({ exists: { object: article.uid } }),
      { action: 'create-record', object: log.uid, values: { message: 'x' } },
      { action: 'update-records', object: customer.uid, filter: {}, values: { name: 'x' } },
    ]);
    expect(compiled.count).toBe(3);
    expect([...compiled.exclusive]).toEqual([article.uid, customer.uid]);
    expect([...compiled.shared]).toEqual([log.uid]);

    const unique = compile('modify', [
      { action: 'update-records', object: customer.uid, filter: {}, values: { email: 'a@b.co' } },
    ]);
    expect([...unique.compiled.exclusive]).toEqual([customer.uid]);
    expect([...unique.compiled.shared]).toEqual([]);
  });

  test('match reads only the written record', () => {
    const { compiled } = compile('create', [raise({ match: { quantity: 1 } })]);
    expect([...compiled.exclusive]).toEqual([]);
    expect([...compiled.shared]).toEqual([]);
  });
});

describe('running', () => {
  test('raise-error without a condition always fires', async () => {
    const { compiled } = compile('create', [raise()]);
    const { db, calls } = fakeDb();
    const error = await compiled.run(db, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).message]).toEqual([400, 'Stop']);
    expect(calls).toEqual([]);
  });

  test('match asks about the written record by its id', async () => {
    const { compiled } = compile('create', [raise({ match: { quantity: { $gt: 10 } } })]);
    const found = fakeDb([{ x: 1 }]);
    await expect(compiled.run(found.db, { 'record.id': 42 })).rejects.toThrow('Stop');
    expect(found.calls).toEqual([
      { sql: 'SELECT 1 AS x FROM "orders" t0 WHERE t0."id" = ? AND t0."quantity" > ?', bindings: [42, 10] },
    ]);
    await expect(compiled.run(fakeDb([]).db, { 'record.id': 42 })).resolves.toBeUndefined();
  });

  test('exists and notExists; published rows only on Draft & Publish types', async () => {
    const { compiled } = compile('modify', [
      raise({ notExists: { object: article.uid, filter: { title: { $var: 'previous.note' } } } }),
    ]);
    const { db, calls } = fakeDb([]);
    await expect(compiled.run(db, { 'previous.note': 'Hello' })).rejects.toThrow('Stop');
    expect(calls).toEqual([
      {
        sql: 'SELECT 1 AS x FROM "articles" t0 WHERE t0."title" = ? AND t0."published_at" IS NOT NULL LIMIT 1',
        bindings: ['Hello'],
      },
    ]);
  });

  test('all stops at the first false part; any at the first true one', async () => {
    const conditionOn = (object: string) => ({ exists: { object } });
    const all = compile('create', [raise({ all: [conditionOn(log.uid), conditionOn(customer.uid)] })]).compiled;
    const none = fakeDb([]);
    await expect(all.run(none.db, {})).resolves.toBeUndefined();
    expect(none.calls).toHaveLength(1);

    const any = compile('create', [raise({ any: [conditionOn(log.uid), conditionOn(customer.uid)] })]).compiled;
    const some = fakeDb([{ x: 1 }]);
    await expect(any.run(some.db, {})).rejects.toThrow('Stop');
    expect(some.calls).toHaveLength(1);
  });

  test('create-record writes the values, resolved per record, with the endpoint publish flag', async () => {
    const { compiled, writers } = compile(
      'create',
      [{ action: 'create-record', object: log.uid, values: { message: 'created', ref: { $var: 'record.id' } } }],
      { publish: true }
    );
    const { db } = fakeDb();
    await compiled.run(db, { 'record.id': 9 });
    const create = writers.get(log.uid)!.create;
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith(
      db,
      [
        new Map<string, unknown>([
          ['message', 'created'],
          ['ref', 9],
        ]),
      ],
      true
    );
  });

  test('a task value the field refuses is a TaskFieldError naming the task', async () => {
    const { compiled, writers } = compile('modify', [
      raise({ match: { quantity: 0 } }),
      { action: 'create-record', object: log.uid, values: { ref: { $var: 'input.status' } } },
    ]);
    const error = await compiled.run(fakeDb([]).db, { 'input.status': 'paid' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFieldError);
    expect(error).toMatchObject({ field: 'ref', task: 1, message: 'task 1: invalid data for field ref' });
    expect(writers.get(log.uid)!.create).not.toHaveBeenCalled();
  });

  test("a writer's FieldError becomes a TaskFieldError too", async () => {
    const { compiled, writers } = compile('modify', [
      {
        action: 'update-records',
        object: customer.uid,
        filter: { id: { $var: 'param' } },
        values: { email: 'a@b.co' },
      },
    ]);
    writers.get(customer.uid)!.update.mockRejectedValueOnce(new FieldError('email', 0));
    const error = await compiled.run(fakeDb([{ id: 3, d: 'doc3' }]).db, { param: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFieldError);
    expect(error).toMatchObject({ field: 'email', task: 0 });
  });

  test('the first error stops the remaining tasks', async () => {
    const { compiled, writers } = compile('modify', [
      { action: 'create-record', object: log.uid, values: { message: 'before' } },
      raise(),
      { action: 'create-record', object: log.uid, values: { message: 'after' } },
    ]);
    await expect(compiled.run(fakeDb().db, {})).rejects.toThrow('Stop');
    const create = writers.get(log.uid)!.create;
    expect(create).toHaveBeenCalledTimes(1);
    expect((create.mock.calls[0] as unknown[])[1]).toEqual([new Map([['message', 'before']])]);
  });

  test('update-records selects its rows and updates them; no rows, no update', async () => {
    const { compiled, writers } = compile('modify', [
      {
        action: 'update-records',
        object: log.uid,
        filter: { ref: { $var: 'record.id' } },
        values: { message: 'seen' },
      },
    ]);
    const { db, calls } = fakeDb([
      { id: 5, d: 'a' },
      { id: 6, d: 'b' },
    ]);
    await compiled.run(db, { 'record.id': 2 });
    expect(calls).toEqual([
      {
        sql: 'SELECT t0."id" AS id, t0."document_id" AS d FROM "logs" t0 WHERE t0."ref" = ? ORDER BY t0."id"',
        bindings: [2],
      },
    ]);
    const update = writers.get(log.uid)!.update;
    expect(update).toHaveBeenCalledWith(
      db,
      [
        { id: 5, documentId: 'a' },
        { id: 6, documentId: 'b' },
      ],
      new Map([['message', 'seen']]),
      false
    );

    update.mockClear();
    await compiled.run(fakeDb([]).db, { 'record.id': 2 });
    expect(update).not.toHaveBeenCalled();
  });

  test('delete-records removes one row per document on Draft & Publish types', async () => {
    const { compiled, writers } = compile('delete', [{ action: 'delete-records', object: article.uid, filter: {} }]);
    const { db } = fakeDb([
      { id: 1, d: 'x' },
      { id: 2, d: 'x' },
      { id: 3, d: 'y' },
    ]);
    await compiled.run(db, {});
    expect(writers.get(article.uid)!.remove).toHaveBeenCalledWith(db, [
      { id: 1, documentId: 'x' },
      { id: 3, documentId: 'y' },
    ]);
  });
});
