import { definitionErrorOf } from '../helpers/errors';
import { DefinitionError } from '../../server/src/errors/definition-error';
import type { Dialect } from '../../server/src/query/dialect';
import { compileFilter, renderPredicate, type RenderContext } from '../../server/src/query/filter';
import { modelOf as modelOfFields, relation, scalar } from '../helpers/models';
import type { Model, ModelField } from '../../server/src/query/model';

const user = modelOfFields('plugin::users-permissions.user', 'up_users', [
  scalar('id', 'integer'),
  scalar('username', 'string'),
]);
const customer = modelOfFields('api::customer.customer', 'customers', [
  scalar('id', 'integer'),
  scalar('tier', 'enumeration', 'tier', { enum: ['free', 'pro', 'enterprise'] }),
  scalar('email', 'email'),
  relation('user', user.uid, false, {
    table: 'customers_user_lnk',
    ownerColumn: 'customer_id',
    targetColumn: 'user_id',
  }),
]);
const order = modelOfFields('api::order.order', 'orders', [
  scalar('id', 'integer'),
  scalar('status', 'enumeration', 'status', { enum: ['pending', 'paid', 'shipped', 'cancelled'] }),
  scalar('total', 'decimal'),
  scalar('quantity', 'integer'),
  scalar('note', 'text'),
  scalar('orderedAt', 'datetime', 'ordered_at'),
  scalar('shipDate', 'date', 'ship_date'),
  scalar('gift', 'boolean'),
  scalar('meta', 'json'),
  { kind: 'unsupported', name: 'secret', reason: 'private fields cannot be exposed' },
  { kind: 'unsupported', name: 'attachment', reason: 'media fields are not supported yet' },
  relation('customer', customer.uid, false, {
    table: 'orders_customer_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'customer_id',
  }),
  relation('products', 'api::product.product', true, {
    table: 'orders_products_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'product_id',
  }),
]);
const models = new Map([customer, user].map((m) => [m.uid, m]));
const VARIABLES = ['param', 'user.id', 'user.email', 'user.role', 'now', 'today'];

const compile = (filter: unknown, dialect: Dialect = 'sqlite') =>
  compileFilter(filter, order, 't0', { dialect, modelOf: (uid) => models.get(uid) ?? null, variables: VARIABLES });
const render = (filter: unknown, vars: Record<string, unknown> = {}, dialect: Dialect = 'sqlite') => {
  const bindings: unknown[] = [];
  const sql = renderPredicate(compile(filter, dialect), vars, bindings);
  return { sql, bindings };
};
const definitionError = (filter: unknown) => definitionErrorOf(() => compile(filter));

/** Orders whose customer matches: the owners of matching link rows, a subquery that does not depend on the row. */
const CUSTOMER_SUB =
  'SELECT l1."order_id" FROM "orders_customer_lnk" l1 JOIN "customers" t1 ON t1."id" = l1."customer_id" WHERE l1."order_id" IS NOT NULL';
/** Conditions on the related id alone need only the link table. */
const CUSTOMER_OWNERS = 'SELECT l1."order_id" FROM "orders_customer_lnk" l1 WHERE l1."order_id" IS NOT NULL';
/** Whether an order has any customer at all. */
const CUSTOMER_LINK = 'SELECT 1 FROM "orders_customer_lnk" l1 WHERE l1."order_id" = t0."id"';

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

describe('relations', () => {
  test('a nested field tests the id against the owners of matching link rows', () => {
    expect(render({ customer: { tier: 'pro' } })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_SUB} AND t1."tier" = ?)`,
      bindings: ['pro'],
    });
  });

  test('a bare id, a list of ids and an operator object apply to the related id', () => {
    expect(render({ customer: 7 })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`,
      bindings: [7],
    });
    expect(render({ customer: [1, 2] }).sql).toBe(`t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" IN (?, ?))`);
    // "Not customer 4" includes orders with no customer at all.
    expect(render({ customer: { $ne: 4 } }).sql).toBe(`NOT (t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?))`);
    expect(render({ customer: { $notIn: [4, 5] } }).sql).toBe(
      `NOT (t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" IN (?, ?)))`
    );
    // Strapi's usual `{ id: X }` form reads the link table too, and `null` means no related row.
    expect(render({ customer: { id: 7 } }).sql).toBe(`t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`);
    expect(render({ customer: null }).sql).toBe(`NOT EXISTS (${CUSTOMER_LINK})`);
  });

  test('$null / $notNull on a relation test for any link', () => {
    const anyLink = 'EXISTS (SELECT 1 FROM "orders_customer_lnk" l1 WHERE l1."order_id" = t0."id")';
    expect(render({ customer: { $null: true } }).sql).toBe(`NOT ${anyLink}`);
    expect(render({ customer: { $null: false } }).sql).toBe(anyLink);
    expect(render({ customer: { $notNull: true } }).sql).toBe(anyLink);
    expect(definitionError({ customer: { $notNull: 1 } })).toBe('customer.$notNull: $notNull takes true or false');
  });

  test('$or inside a relation applies to the related row', () => {
    expect(render({ customer: { $or: [{ tier: 'pro' }, { email: 'a@b.c' }] } })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_SUB} AND (t1."tier" = ? OR t1."email" = ?))`,
      bindings: ['pro', 'a@b.c'],
    });
  });

  test('$not wrapping nested fields inside a relation negates the related condition', () => {
    // Strapi syntax: { customer: { $not: { tier: 'free' } } } (DESIGN.md section 2, relations by nesting).
    expect(render({ customer: { $not: { tier: 'free' } } })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_SUB} AND NOT (t1."tier" = ?))`,
      bindings: ['free'],
    });
  });

  test('relations nest through relations with fresh aliases', () => {
    expect(render({ customer: { user: { id: { $var: 'user.id' } } } }, { 'user.id': 9 })).toEqual({
      sql:
        `t0."id" IN (${CUSTOMER_SUB} AND t1."id" IN (SELECT l2."customer_id" FROM "customers_user_lnk" l2 ` +
        'WHERE l2."customer_id" IS NOT NULL AND l2."user_id" = ?))',
      bindings: [9],
    });
  });

  test('refused: fields of unusable related types and unknown fields; the related id alone is fine', () => {
    expect(definitionError({ products: { title: 'x' } })).toBe(
      'products: fields of api::product.product cannot be used in filters'
    );
    // The related id alone is read from the link table: no need for the related type.
    expect(render({ products: 3 }).sql).toBe(
      't0."id" IN (SELECT l1."order_id" FROM "orders_products_lnk" l1 WHERE l1."order_id" IS NOT NULL AND l1."product_id" = ?)'
    );
    expect(definitionError({ customer: { nickname: 'x' } })).toBe(
      'customer.nickname: unknown field "nickname" on api::customer.customer'
    );
    expect(render({ customer: { $gt: 3 } }).sql).toBe(`t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" > ?)`);
  });
});

describe('variables', () => {
  test('a variable binds its value per request', () => {
    const predicate = compile({ customer: { id: { $eq: { $var: 'param' } } } });
    const first: unknown[] = [];
    const second: unknown[] = [];
    expect(renderPredicate(predicate, { param: 12 }, first)).toBe(
      `t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`
    );
    renderPredicate(predicate, { param: 13 }, second);
    expect(first).toEqual([12]);
    expect(second).toEqual([13]);
  });

  test('a variable is typed by the field codec', () => {
    expect(render({ orderedAt: { $lt: { $var: 'now' } } }, { now: '2026-03-05T00:00:00.000Z' }).bindings).toEqual([
      Date.UTC(2026, 2, 5),
    ]);
    expect(render({ note: { $contains: { $var: 'user.email' } } }, { 'user.email': 'a_b@x' }).bindings).toEqual([
      '%a!_b@x%',
    ]);
    expect(render({ quantity: { $in: [1, { $var: 'param' }] } }, { param: 4 }).bindings).toEqual([1, 4]);
  });

  test('an unknown variable is a definition error', () => {
    expect(definitionError({ total: { $var: 'bogus' } })).toBe('total: unknown variable "bogus"');
    expect(definitionError({ total: { $gt: { $var: 'record.total' } } })).toBe(
      'total.$gt: unknown variable "record.total"'
    );
  });

  test.each([
    ['missing', {}],
    ['null', { param: null }],
    ['of the wrong type', { param: 'abc' }],
    ['out of range', { param: 2147483648 }],
  ])('a value that is %s renders NULL (fail closed)', (_, vars) => {
    const ctx: RenderContext = { vars, bindings: [], unknown: false };
    expect(compile({ quantity: { $var: 'param' } })(ctx)).toBe('NULL');
    expect(ctx.bindings).toEqual([]);
    expect(ctx.unknown).toBe(true);
  });

  test('a present value leaves the context known', () => {
    const ctx: RenderContext = { vars: { param: 2 }, bindings: [], unknown: false };
    compile({ quantity: { $var: 'param' } })(ctx);
    expect(ctx.unknown).toBe(false);
  });

  test('one missing slot of $in or $between makes the whole leaf NULL', () => {
    expect(render({ quantity: { $in: [1, { $var: 'param' }] } })).toEqual({ sql: 'NULL', bindings: [] });
    expect(render({ quantity: { $between: [{ $var: 'param' }, 5] } })).toEqual({ sql: 'NULL', bindings: [] });
  });

  test('under $not a missing value stays unknown', () => {
    expect(render({ $not: { status: { $var: 'user.role' } } })).toEqual({ sql: 'NOT (NULL)', bindings: [] });
  });

  test('a missing value only disables its own leaf in an $or', () => {
    expect(render({ $or: [{ status: { $var: 'user.role' } }, { total: { $gt: 100 } }] })).toEqual({
      sql: '(NULL OR t0."total" > ?)',
      bindings: [100],
    });
  });

  test('across a relation the subquery keeps the unknown with OR NULL', () => {
    expect(render({ customer: { tier: { $var: 'param' } } }).sql).toBe(
      `(t0."id" IN (${CUSTOMER_SUB} AND NULL) OR NULL)`
    );
    expect(render({ customer: { id: { $var: 'param' } } }).sql).toBe(
      `(t0."id" IN (${CUSTOMER_OWNERS} AND NULL) OR NULL)`
    );
    expect(render({ $not: { customer: { $var: 'param' } } }).sql).toBe(
      `NOT ((t0."id" IN (${CUSTOMER_OWNERS} AND NULL) OR NULL))`
    );
    expect(render({ customer: { $not: { $eq: { $var: 'param' } } } }).sql).toBe(
      `(t0."id" IN (${CUSTOMER_OWNERS} AND NOT (NULL)) OR NULL)`
    );
  });

  test('the unknown of a nested relation reaches the outer context', () => {
    const ctx: RenderContext = { vars: {}, bindings: [], unknown: false };
    const sql = compile({ customer: { user: { id: { $var: 'user.id' } } } })(ctx);
    expect(sql.startsWith('(t0."id" IN (')).toBe(true);
    expect(sql.endsWith(' AND NULL) OR NULL)) OR NULL)')).toBe(true);
    expect(ctx.unknown).toBe(true);
  });

  test('a known relation condition keeps a plain IN', () => {
    expect(render({ customer: { id: { $var: 'param' } } }, { param: 3 }).sql).toBe(
      `t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`
    );
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

describe('relations into a Draft & Publish type', () => {
  const article = {
    ...modelOfFields('api::article.article', 'articles', [scalar('id', 'integer'), scalar('title', 'string')]),
    draftAndPublish: true,
  };
  const guide = {
    ...relation('guide', article.uid, false, {
      table: 'products_guide_lnk',
      ownerColumn: 'product_id',
      targetColumn: 'article_id',
    }),
    link: {
      table: 'products_guide_lnk',
      targetTable: 'articles',
      ownerColumn: 'product_id',
      targetColumn: 'article_id',
      orderColumn: null,
      inverseOrderColumn: null,
    },
    targetDraftAndPublish: true,
  } as ModelField;
  const product = modelOfFields('api::product.product', 'products', [scalar('id', 'integer'), guide]);
  const compileOn = (owner: Model, filter: unknown, status?: 'published' | 'draft') =>
    renderPredicate(
      compileFilter(filter, owner, 't0', { dialect: 'sqlite', modelOf: () => article, variables: [], status }),
      {},
      []
    );
  const JOINED = 'FROM "products_guide_lnk" l1 JOIN "articles" t1 ON t1."id" = l1."article_id"';

  test('conditions see the related rows of the status read, even on the related id alone', () => {
    expect(compileOn(product, { guide: { title: 'A' } })).toBe(
      `t0."id" IN (SELECT l1."product_id" ${JOINED} WHERE l1."product_id" IS NOT NULL AND t1."published_at" IS NOT NULL AND t1."title" = ?)`
    );
    expect(compileOn(product, { guide: 5 }, 'draft')).toBe(
      `t0."id" IN (SELECT l1."product_id" ${JOINED} WHERE l1."product_id" IS NOT NULL AND t1."published_at" IS NULL AND l1."article_id" = ?)`
    );
    expect(compileOn(product, { guide: null })).toBe(
      `NOT EXISTS (SELECT 1 ${JOINED} WHERE l1."product_id" = t0."id" AND t1."published_at" IS NOT NULL)`
    );
  });

  // A related record's id is its draft's (query/record-id.ts): the published row related is found by document.
  const BY_DRAFT = 't1."document_id" IN (SELECT r2."document_id" FROM "articles" r2 WHERE r2."published_at" IS NULL';

  test('without a status, a Draft & Publish row leads to its own version: no condition', () => {
    const draftable = { ...product, draftAndPublish: true };
    expect(compileOn(draftable, { guide: 5 })).toBe(
      `t0."id" IN (SELECT l1."product_id" ${JOINED} WHERE l1."product_id" IS NOT NULL AND ${BY_DRAFT} AND r2."id" = ?))`
    );
    expect(compileOn(product, { guide: 5 })).toContain('t1."published_at" IS NOT NULL');
  });

  test("a record's id is its draft's id on a Draft & Publish type; drafts read are their own", () => {
    expect(compileOn(article, { id: { $gt: 7 } })).toBe(
      't0."document_id" IN (SELECT r1."document_id" FROM "articles" r1 WHERE r1."published_at" IS NULL AND r1."id" > ?)'
    );
    expect(compileOn({ ...article, localized: true }, { id: 7 })).toBe(
      '(t0."document_id", t0."locale") IN (SELECT r1."document_id", r1."locale" FROM "articles" r1 WHERE r1."published_at" IS NULL AND r1."id" = ?)'
    );
    expect(compileOn(article, { id: 7 }, 'draft')).toBe('t0."id" = ?');
    expect(compileOn(product, { id: 7 })).toBe('t0."id" = ?');
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
