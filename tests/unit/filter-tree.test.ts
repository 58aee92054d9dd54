import { filterOf, treeOf, type FilterGroup } from '../../contracts/filter-tree';

const condition = (field: string, operator: string, value: unknown) => ({ kind: 'condition', field, operator, value });

describe('filter trees (the builder)', () => {
  test('reads fields, nested relation paths, shorthands, variables and groups', () => {
    expect(
      treeOf({
        active: true,
        tags: [1, 2],
        price: { $gt: 10, $lt: 50 },
        customer: { user: { id: { $eq: { $var: 'user.id' } } } },
        $or: [{ status: 'paid' }, { status: 'shipped', total: { $gte: 100 } }],
      })
    ).toEqual({
      kind: 'group',
      op: '$and',
      children: [
        condition('active', '$eq', true),
        condition('tags', '$in', [1, 2]),
        condition('price', '$gt', 10),
        condition('price', '$lt', 50),
        condition('customer.user.id', '$eq', { $var: 'user.id' }),
        {
          kind: 'group',
          op: '$or',
          children: [
            condition('status', '$eq', 'paid'),
            {
              kind: 'group',
              op: '$and',
              children: [condition('status', '$eq', 'shipped'), condition('total', '$gte', 100)],
            },
          ],
        },
      ],
    });
  });

  test('what it cannot hold stays JSON', () => {
    expect(treeOf({ $not: { status: 'paid' } })).toBeNull();
    expect(treeOf({ price: { $gt: 1, nested: 2 } })).toBeNull();
    expect(treeOf({ price: { $between: [1, 2] } })).toBeNull();
    expect(treeOf({ $and: 'x' })).toBeNull();
    expect(treeOf([])).toBeNull();
  });

  test('the JSON it writes reads back as the same tree, and the empty tree is {}', () => {
    const tree = treeOf({
      $or: [{ status: { $in: ['paid', 'shipped'] } }, { customer: { tier: { $ne: 'free' } }, note: { $null: true } }],
    }) as FilterGroup;
    expect(filterOf(tree)).toEqual({
      $or: [
        { status: { $in: ['paid', 'shipped'] } },
        { $and: [{ customer: { tier: { $ne: 'free' } } }, { note: { $null: true } }] },
      ],
    });
    expect(treeOf(filterOf(tree))).toEqual(tree);
    expect(filterOf({ kind: 'group', op: '$and', children: [] })).toEqual({});
    expect(treeOf({})).toEqual({ kind: 'group', op: '$and', children: [] });
  });
});
