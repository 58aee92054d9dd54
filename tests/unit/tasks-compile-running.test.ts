import { ApiError } from '../../server/src/errors/api-error';
import { TaskFieldError } from '../../server/src/tasks/actions';
import { FieldError } from '../../server/src/errors/field-error';
import { customer, log, article, compile, fakeDb, raise } from '../helpers/tasks-compile';

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
