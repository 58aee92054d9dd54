import { taskSchema } from '../../contracts/tasks';
import { newCondition, newTask, tasksOf, TASK_ACTIONS, CONDITION_KINDS } from '../../contracts/task-form';

const order = 'api::order.order';

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
                exists: { object: 'api::product.product', filter: { stock: { $gte: { $var: 'record.quantity' } } } },
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

  test('new tasks and conditions are valid definitions, and the form shows them', () => {
    for (const action of TASK_ACTIONS) {
      for (const kind of CONDITION_KINDS) {
        const task = {
          ...newTask(action, order),
          ...(action === 'raise-error' ? { message: 'm', when: newCondition(kind, order, true) } : {}),
        };
        expect(taskSchema.safeParse(task).success).toBe(true);
        expect(tasksOf([task])).not.toBeNull();
      }
    }
  });

  test('on a Delete (no written record) a new group starts with an exists, not a match', () => {
    expect(newCondition('all', order, false)).toEqual({ all: [{ exists: { object: order } }] });
    expect(newCondition('not', order, true)).toEqual({ not: { match: {} } });
  });
});
