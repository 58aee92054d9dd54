import { compileQueryFilter, renderReadWhere, type QueryOp } from '../../server/src/query/read-filters';
import { NO_CONDITION } from '../../server/src/query/list-sql';
import { TRUE } from '../../server/src/query/predicate';
import { codecFor } from '../../server/src/query/codecs';
import { modelOf, relation, scalar } from '../helpers/models';

const order = modelOf('api::order.order', 'orders', [
  scalar('id', 'integer'),
  scalar('status', 'string'),
  relation('customer', 'api::customer.customer', false, {
    table: 'orders_customer_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'customer_id',
  }),
]);
const deps = { dialect: 'postgres' as const, modelOf: () => null };

/** The WHERE clause of a read whose only condition is the query filter `key` with `value`. */
const whereOf = (key: string, name: string, op: QueryOp, value: unknown) => {
  const filter = compileQueryFilter(
    key,
    name,
    op,
    codecFor(order.fields.get(name)!, 'postgres'),
    order,
    'published',
    deps,
    ['query']
  );
  return renderReadWhere({}, null, TRUE, new Map([[key, value]]), new Map([[key, filter]]));
};

describe(':in query filters', () => {
  test('bind each value, padded to the next power of two by repeating the last', () => {
    expect(whereOf('id:in', 'id', '$in', [5, 3, 9])).toEqual({
      where: `${NO_CONDITION} AND t0."id" IN (?, ?, ?, ?)`,
      bindings: [5, 3, 9, 9],
    });
    expect(whereOf('id:in', 'id', '$in', [7])).toEqual({ where: `${NO_CONDITION} AND t0."id" IN (?)`, bindings: [7] });
  });

  test('from 1 to 100 values, 8 SQL texts (1, 2, 4 ... 128 placeholders)', () => {
    const texts = new Set<string>();
    for (let n = 1; n <= 100; n += 1) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const { where, bindings } = whereOf('id:in', 'id', '$in', ids);
      texts.add(where);
      expect(new Set(bindings)).toEqual(new Set(ids));
    }
    expect([...texts].map((text) => text.split('?').length - 1)).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
  });

  test('on a relation, the related ids in the link table', () => {
    expect(whereOf('customer:in', 'customer', '$in', [1, 2]).where).toBe(
      `${NO_CONDITION} AND t0."id" IN (SELECT l1."order_id" FROM "orders_customer_lnk" l1 WHERE l1."order_id" IS NOT NULL AND l1."customer_id" IN (?, ?))`
    );
  });
});
