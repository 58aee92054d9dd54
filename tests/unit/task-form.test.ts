import { taskSchema } from '../../contracts/tasks';
import {
  changesEverything,
  newLeaf,
  switchCondition,
  switchTask,
  tasksOf,
  TASK_ACTIONS,
} from '../../contracts/task-form';

const order = 'api::order.order';
const PRODUCT = 'api::product.product';

describe('tasks in the builder form', () => {
  test('every action and condition the form can show is taken as it is', () => {
    const tasks = [
      {
        action: 'raise-error',
        message: 'Out of stock',
        when: {
          all: [
            { match: { quantity: { $gt: 10 } } },
            {
              not: {
                exists: { object: PRODUCT, filter: { stock: { $gte: { $var: 'record.quantity' } } } },
              },
            },
            {
              any: [{ notExists: { object: order } }, { match: { $or: [{ status: 'paid' }, { status: 'shipped' }] } }],
            },
          ],
        },
      },
      { action: 'raise-error', message: 'Always' },
      { action: 'create-record', object: order, values: { note: 'copy', quantity: { $var: 'record.quantity' } } },
      {
        action: 'update-records',
        object: order,
        filter: { customer: { id: { $eq: { $var: 'param' } } } },
        values: { status: 'paid' },
      },
      { action: 'delete-records', object: order, filter: { id: { $lt: 5 } } },
    ];
    expect(tasksOf(tasks)).toBe(tasks);
  });

  test.each([
    ['not an array', { action: 'raise-error', message: 'x' }],
    ['an unknown action', [{ action: 'send-mail', to: 'x' }]],
    ['a key the form has no place for', [{ action: 'raise-error', message: 'x', code: 409 }]],
    ['a filter the groups cannot hold', [{ action: 'delete-records', object: order, filter: { $not: { id: 1 } } }]],
    ['a condition with two kinds', [{ action: 'raise-error', message: 'x', when: { match: {}, not: { match: {} } } }]],
    ['an empty all', [{ action: 'raise-error', message: 'x', when: { all: [] } }]],
    ['values that are not an object', [{ action: 'create-record', object: order, values: [1] }]],
    ['an exists without its type', [{ action: 'raise-error', message: 'x', when: { exists: { filter: {} } } }]],
  ])('%s stays JSON', (_, value) => {
    expect(tasksOf(value)).toBeNull();
  });

  test('switching a condition keeps what carries over', () => {
    const match = { match: { quantity: { $gt: 10 } } };
    const exists = { exists: { object: PRODUCT, filter: { stock: { $eq: 0 } } } };
    expect(switchCondition({ all: [match, exists] }, 'any', order)).toEqual({ any: [match, exists] });
    expect(switchCondition(exists, 'notExists', order)).toEqual({ notExists: exists.exists });
    expect(switchCondition(match, 'not', order)).toEqual({ not: match });
    expect(switchCondition({ not: match }, 'all', order)).toEqual({ all: [match] });
    expect(switchCondition(match, 'any', order)).toEqual({ any: [match] });
    expect(switchCondition(match, 'exists', order)).toEqual({ exists: { object: order } });
    expect(switchCondition(exists, 'match', order)).toEqual({ match: {} });
    expect(switchCondition(match, 'match', order)).toBe(match);
  });

  test('switching an action keeps the type, the filter and the values where the new action has them', () => {
    const update = {
      action: 'update-records' as const,
      object: PRODUCT,
      filter: { id: { $eq: 1 } },
      values: { stock: 0 },
    };
    expect(switchTask(update, 'delete-records', order)).toEqual({
      action: 'delete-records',
      object: PRODUCT,
      filter: update.filter,
    });
    expect(switchTask(update, 'create-record', order)).toEqual({
      action: 'create-record',
      object: PRODUCT,
      values: update.values,
    });
    expect(switchTask(update, 'raise-error', order)).toEqual({ action: 'raise-error', message: '' });
    expect(
      switchTask({ action: 'create-record', object: PRODUCT, values: { stock: 1 } }, 'update-records', order)
    ).toEqual({
      action: 'update-records',
      object: PRODUCT,
      filter: {},
      values: { stock: 1 },
    });
  });

  test("a new task is on the endpoint's type; a new update or delete changes every record until it has a condition", () => {
    for (const action of TASK_ACTIONS) {
      const task = switchTask(null, action, order);
      expect(tasksOf([task])).not.toBeNull();
      const parsed = taskSchema.safeParse(task);
      if (action === 'raise-error') {
        // Its message is asked for: the form marks the field required, the admin API refuses it empty.
        expect(parsed.error?.issues.map((i) => i.path)).toEqual([['message']]);
      } else {
        expect(parsed.success).toBe(true);
        expect((task as { object: string }).object).toBe(order);
      }
      expect(changesEverything(task)).toBe(action === 'update-records' || action === 'delete-records');
    }
    expect(changesEverything({ action: 'delete-records', object: order, filter: { id: { $lt: 5 } } })).toBe(false);
  });

  test('a first condition matches the written record, or on a Delete (no record) looks for rows', () => {
    expect(newLeaf(order, true)).toEqual({ match: {} });
    expect(newLeaf(order, false)).toEqual({ exists: { object: order } });
  });
});
