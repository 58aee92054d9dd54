import { DefinitionError } from '../../server/src/errors/definition-error';
import { compileFilter } from '../../server/src/query/filter';
import { definitionError, order, render } from '../helpers/filter-fixtures';

describe('empty filters', () => {
  test.each([undefined, null, {}])('%p matches everything', (filter) => {
    expect(render(filter)).toEqual({ sql: '1=1', bindings: [] });
  });

  test.each([[[1]], ['status'], [5]])('a non-object filter %p is refused', (filter) => {
    expect(definitionError(filter)).toBe('filter: must be an object');
  });
});

describe('leaf operators', () => {
  test('a bare value is equality', () => {
    expect(render({ status: 'paid' })).toEqual({ sql: 't0."status" = ?', bindings: ['paid'] });
  });

  test('a bare array is $in', () => {
    expect(render({ status: ['paid', 'shipped'] })).toEqual({
      sql: 't0."status" IN (?, ?)',
      bindings: ['paid', 'shipped'],
    });
  });

  test.each([
    ['$eq', '='],
    ['$lt', '<'],
    ['$lte', '<='],
    ['$gt', '>'],
    ['$gte', '>='],
  ])('%s renders %s', (op, sqlOp) => {
    expect(render({ total: { [op]: 12.5 } })).toEqual({ sql: `t0."total" ${sqlOp} ?`, bindings: [12.5] });
  });

  test('$ne keeps rows where the column is NULL', () => {
    expect(render({ total: { $ne: 3 } })).toEqual({ sql: '(t0."total" <> ? OR t0."total" IS NULL)', bindings: [3] });
  });

  test('$eq and $ne with null test for NULL; ordered comparisons with null are refused', () => {
    expect(render({ note: { $eq: null } }).sql).toBe('t0."note" IS NULL');
    expect(render({ note: { $ne: null } }).sql).toBe('t0."note" IS NOT NULL');
    expect(definitionError({ total: { $lt: null } })).toBe('total.$lt: $lt cannot compare with null');
  });

  test('$in and $notIn', () => {
    expect(render({ quantity: { $in: [1, 2, 3] } })).toEqual({
      sql: 't0."quantity" IN (?, ?, ?)',
      bindings: [1, 2, 3],
    });
    expect(render({ status: { $notIn: ['paid', 'cancelled'] } })).toEqual({
      sql: '(t0."status" NOT IN (?, ?) OR t0."status" IS NULL)',
      bindings: ['paid', 'cancelled'],
    });
  });

  test('an empty $in matches nothing and an empty $notIn everything', () => {
    expect(render({ status: { $in: [] } })).toEqual({ sql: '1=0', bindings: [] });
    expect(render({ status: { $notIn: [] } })).toEqual({ sql: '1=1', bindings: [] });
  });

  test('$null and $notNull take a boolean', () => {
    expect(render({ note: { $null: true } }).sql).toBe('t0."note" IS NULL');
    expect(render({ note: { $null: false } }).sql).toBe('t0."note" IS NOT NULL');
    expect(render({ note: { $notNull: true } }).sql).toBe('t0."note" IS NOT NULL');
    expect(render({ note: { $notNull: false } }).sql).toBe('t0."note" IS NULL');
    expect(definitionError({ note: { $null: 'yes' } })).toBe('note.$null: $null takes true or false');
  });

  test('$between takes exactly two bounds', () => {
    expect(render({ total: { $between: [10, 20] } })).toEqual({
      sql: 't0."total" BETWEEN ? AND ?',
      bindings: [10, 20],
    });
    expect(definitionError({ total: { $between: [10] } })).toBe('total.$between: $between takes [low, high]');
  });

  test.each([
    ['$contains', 't0."note" LIKE ? ESCAPE \'!\'', '%rush%'],
    ['$containsi', 'LOWER(t0."note") LIKE LOWER(?) ESCAPE \'!\'', '%rush%'],
    ['$notContains', '(t0."note" NOT LIKE ? ESCAPE \'!\' OR t0."note" IS NULL)', '%rush%'],
    ['$notContainsi', '(LOWER(t0."note") NOT LIKE LOWER(?) ESCAPE \'!\' OR t0."note" IS NULL)', '%rush%'],
    ['$startsWith', 't0."note" LIKE ? ESCAPE \'!\'', 'rush%'],
    ['$endsWith', 't0."note" LIKE ? ESCAPE \'!\'', '%rush'],
  ])('%s', (op, sql, pattern) => {
    expect(render({ note: { [op]: 'rush' } })).toEqual({ sql, bindings: [pattern] });
  });

  test('LIKE wildcards and the escape character in the value are matched literally', () => {
    expect(render({ note: { $contains: '50%_off!' } }).bindings).toEqual(['%50!%!_off!!%']);
  });

  test('several operators on one field are ANDed', () => {
    expect(render({ total: { $gte: 10, $lt: 20 } })).toEqual({
      sql: '(t0."total" >= ? AND t0."total" < ?)',
      bindings: [10, 20],
    });
  });

  test('several fields are ANDed, bindings in order', () => {
    expect(render({ status: 'paid', total: { $gt: 5 } })).toEqual({
      sql: '(t0."status" = ? AND t0."total" > ?)',
      bindings: ['paid', 5],
    });
  });
});

describe('logical operators', () => {
  test('$or and $and', () => {
    expect(render({ $or: [{ status: 'paid' }, { total: { $gt: 100 } }] })).toEqual({
      sql: '(t0."status" = ? OR t0."total" > ?)',
      bindings: ['paid', 100],
    });
    expect(render({ $and: [{ status: 'paid' }, { $or: [{ quantity: 1 }, { quantity: 2 }] }] }).sql).toBe(
      '(t0."status" = ? AND (t0."quantity" = ? OR t0."quantity" = ?))'
    );
  });

  test('an empty $or matches nothing, an empty $and everything', () => {
    expect(render({ $or: [] }).sql).toBe('1=0');
    expect(render({ $and: [] }).sql).toBe('1=1');
  });

  test('$not on a condition and on a field', () => {
    expect(render({ $not: { status: 'paid' } })).toEqual({ sql: 'NOT (t0."status" = ?)', bindings: ['paid'] });
    expect(render({ status: { $not: 'paid' } }).sql).toBe('NOT (t0."status" = ?)');
    expect(render({ status: { $not: { $in: ['paid', 'shipped'] } } }).sql).toBe('NOT (t0."status" IN (?, ?))');
  });

  test('malformed logical operators are refused', () => {
    expect(definitionError({ $or: { status: 'paid' } })).toBe('$or: takes an array of conditions');
    expect(definitionError({ $and: [{ status: 'paid' }, 'x'] })).toBe('$and[1]: must be an object');
    expect(definitionError({ $not: ['x'] })).toBe('$not: must be an object');
  });
});

describe('dialects', () => {
  test('MySQL quotes with backticks', () => {
    expect(render({ status: 'paid', customer: 3 }, {}, 'mysql').sql).toBe(
      '(t0.`status` = ? AND t0.`id` IN (SELECT l1.`order_id` FROM `orders_customer_lnk` l1 WHERE l1.`order_id` IS NOT NULL AND l1.`customer_id` = ?))'
    );
  });

  test.each([
    ['sqlite', 1, 0],
    ['mysql', 1, 0],
    ['postgres', true, false],
  ] as const)('booleans on %s bind %p / %p', (dialect, yes, no) => {
    expect(render({ gift: true }, {}, dialect).bindings).toEqual([yes]);
    expect(render({ gift: { $ne: false } }, {}, dialect).bindings).toEqual([no]);
  });

  test('datetimes bind epoch milliseconds on SQLite and Date objects elsewhere', () => {
    const at = '2026-03-05T14:30:00+02:00';
    expect(render({ orderedAt: { $gt: at } }, {}, 'sqlite')).toEqual({
      sql: 't0."ordered_at" > ?',
      bindings: [Date.UTC(2026, 2, 5, 12, 30)],
    });
    for (const dialect of ['postgres', 'mysql'] as const) {
      const [bound] = render({ orderedAt: { $gt: at } }, {}, dialect).bindings;
      expect(bound).toBeInstanceOf(Date);
      expect((bound as Date).toISOString()).toBe('2026-03-05T12:30:00.000Z');
    }
  });

  test('dates bind their YYYY-MM-DD text', () => {
    expect(render({ shipDate: { $lte: '2026-03-05' } }, {}, 'postgres').bindings).toEqual(['2026-03-05']);
  });
});

describe('definition errors', () => {
  test.each([
    [{ colour: 'red' }, 'colour: unknown field "colour" on api::order.order'],
    [{ total: { $like: 5 } }, 'total.$like: unknown operator "$like"'],
    [{ $eq: 1 }, '$eq: operator needs a field before it'],
    [{ total: {} }, 'total: empty condition'],
    [{ total: '12.5' }, 'total: "12.5" is not a valid value for this field'],
    [{ status: { $eq: 'lost' } }, 'status.$eq: "lost" is not a valid value for this field'],
    [{ quantity: { $in: [1, 'x'] } }, 'quantity.$in[1]: "x" is not a valid value for this field'],
    [{ quantity: 2147483648 }, 'quantity: 2147483648 is not a valid value for this field'],
    [{ shipDate: '2026-02-30' }, 'shipDate: "2026-02-30" is not a valid value for this field'],
    [{ orderedAt: { $gt: 'yesterday' } }, 'orderedAt.$gt: "yesterday" is not a valid value for this field'],
    [{ gift: 'true' }, 'gift: "true" is not a valid value for this field'],
    [{ status: { $in: 'paid' } }, 'status.$in: $in takes an array'],
    [{ status: { $gt: 'paid' } }, 'status.$gt: $gt needs an ordered field'],
    [{ gift: { $lte: true } }, 'gift.$lte: $lte needs an ordered field'],
    [{ status: { $contains: 'ai' } }, 'status.$contains: $contains needs a text field'],
    [{ meta: { $eq: 1 } }, 'meta.$eq: this field cannot be filtered'],
    [{ secret: 'x' }, 'secret: private fields cannot be exposed'],
    [{ attachment: { $null: true } }, 'attachment: media fields are not supported yet'],
    [{ $or: [{ customer: { tier: 'gold' } }] }, '$or[0].customer.tier: "gold" is not a valid value for this field'],
  ])('%j → %s', (filter, message) => {
    expect(definitionError(filter)).toBe(message);
  });

  test('text operators are refused on a non-text field instead of never matching', () => {
    // A number passes the decimal codec but is then never a string, so the leaf would always render NULL.
    expect(definitionError({ total: { $contains: 5 } })).toBe('total.$contains: $contains needs a text field');
  });
});

describe('the problem of a refused filter', () => {
  test('carries its path as an array (property names and indexes) and the message after it', () => {
    let thrown: unknown;
    try {
      compileFilter({ $or: [{ status: 'paid' }, { total: { $in: [1, 'lots'] } }] }, order, 't0', {
        dialect: 'sqlite',
        modelOf: () => null,
        variables: [],
        path: ['tasks', 0, 'filter'],
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DefinitionError);
    expect((thrown as DefinitionError).problem).toEqual({
      path: ['tasks', 0, 'filter', '$or', 1, 'total', '$in', 1],
      message: '"lots" is not a valid value for this field',
    });
    expect((thrown as DefinitionError).message).toBe(
      'tasks[0].filter.$or[1].total.$in[1]: "lots" is not a valid value for this field'
    );
  });
});
