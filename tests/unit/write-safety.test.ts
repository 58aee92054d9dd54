import { definitionErrorOf } from '../helpers/errors';
import { definitionSchema } from '../../contracts/definition';
import { compileFilter, renderPredicate } from '../../server/src/query/filter';
import type { Model } from '../../server/src/query/model';
import { fieldRule } from '../../server/src/writes/field-rules';
import { compileInput, requireCreatable } from '../../server/src/writes/input';
import { needsDocumentService } from '../../server/src/writes/object-writer';
import { violatedColumn } from '../../server/src/writes/unique-index';
import { INVALID } from '../../server/src/query/codecs';
import { modelOf, relation, scalar } from '../helpers/models';

/** The guards added after review: unique-index reports, nested JSON, presets that cannot fit, nulls in tasks. */
const order = modelOf('api::order.order', 'orders', [
  scalar('id', 'integer'),
  scalar('note', 'text'),
  scalar('sku', 'string'),
  scalar('shipDate', 'date', 'ship_date'),
  scalar('quantity', 'integer'),
  scalar('meta', 'json'),
]);

describe('violatedColumn', () => {
  const columns = ['sku', 'note'];
  test("reads PostgreSQL's detail, never the SQL text", () => {
    const error = {
      message: 'insert into "orders" ("note", "sku") values ($1, $2) - duplicate key value violates unique constraint',
      detail: 'Key (sku)=(A-1) already exists.',
    };
    expect(violatedColumn(error, 'orders', columns)).toBe('sku');
  });
  test("reads SQLite's table.column", () => {
    const error = {
      message: 'insert into `orders` (`note`, `sku`) values (?, ?) - UNIQUE constraint failed: orders.sku',
    };
    expect(violatedColumn(error, 'orders', columns)).toBe('sku');
  });
  test("maps MySQL's key name to the column Strapi named it after", () => {
    const message =
      "insert into `orders` (`note`) values ('x') - Duplicate entry 'x' for key 'orders.orders_note_unique'";
    expect(violatedColumn({ message }, 'orders', columns)).toBe('note');
    expect(violatedColumn({ message: "Duplicate entry 'x' for key 'orders_note_unique'" }, 'orders', columns)).toBe(
      'note'
    );
  });
  test('a column the client cannot write, or several columns, is no field', () => {
    expect(violatedColumn({ message: 'x', detail: 'Key (id)=(1) already exists.' }, 'orders', columns)).toBeNull();
    expect(
      violatedColumn({ message: 'x', detail: 'Key (sku, note)=(a, b) already exists.' }, 'orders', columns)
    ).toBeNull();
    expect(violatedColumn({ message: 'UNIQUE constraint failed: orders.document_id' }, 'orders', columns)).toBeNull();
  });
});

describe('JSON depth', () => {
  const rule = fieldRule(order.fields.get('meta') as never, 'sqlite');
  const nested = (depth: number) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i += 1) value = { a: value };
    return value;
  };
  test('64 levels are kept, deeper JSON is refused rather than overflowing the stack later', () => {
    expect(rule(nested(64))).toEqual(nested(64));
    expect(rule(nested(65))).toBe(INVALID);
    expect(rule(nested(100000))).toBe(INVALID);
  });
});

describe('definitions', () => {
  const definition = (presets: Record<string, unknown>) =>
    definitionSchema.parse({
      name: 'Orders',
      path: 'orders',
      type: 'create',
      object: order.uid,
      parameter: 'optional',
      presets,
      auth: { method: 'api-key', keys: [1] },
    });
  const problem = definitionErrorOf;
  const compile = (presets: Record<string, unknown>) =>
    compileInput(definition(presets), order, 'sqlite', ['param', 'now', 'today'], () => null, 1024);

  test('a preset variable must fit its field', () => {
    expect(problem(() => compile({ shipDate: { $var: 'now' } }))).toBe(
      'presets.shipDate: the variable "now" does not fit this date field'
    );
    expect(problem(() => compile({ sku: { $var: 'param' } }))).toBe(
      'presets.sku: the variable "param" does not fit this string field'
    );
    expect(() =>
      compile({ shipDate: { $var: 'today' }, quantity: { $var: 'param' }, note: { $var: 'now' } })
    ).not.toThrow();
  });

  test('a type that requires a field no endpoint can write cannot be created', () => {
    const withPhoto: Model = modelOf('api::product.product', 'products', [
      scalar('title', 'string'),
      { kind: 'unsupported', name: 'photo', reason: 'media fields are not supported yet', required: true },
    ]);
    expect(problem(() => requireCreatable(withPhoto, ['object']))).toBe(
      'object: api::product.product requires "photo", which cannot be written (media fields are not supported yet)'
    );
    expect(() => requireCreatable(order, ['object'])).not.toThrow();
  });

  test('translated types are written through the Document Service (their locales, their shared fields)', () => {
    expect(needsDocumentService(order, 'auto')).toBe(false);
    expect(needsDocumentService({ ...order, localized: true }, 'auto')).toBe(true);
  });
});

describe("a record's null in task filters", () => {
  const render = (filter: unknown, vars: Record<string, unknown>, nullable = true) => {
    const predicate = compileFilter(filter, order, 't0', {
      dialect: 'sqlite',
      modelOf: () => null,
      variables: ['previous.note', 'param'],
      nullable: nullable ? (name) => name.startsWith('previous.') : undefined,
    });
    const bindings: unknown[] = [];
    return { sql: renderPredicate(predicate, vars, bindings), bindings };
  };
  test('is compared as a value by $eq and $ne', () => {
    expect(render({ note: { $ne: { $var: 'previous.note' } } }, { 'previous.note': null }).sql).toBe(
      't0."note" IS NOT NULL'
    );
    expect(render({ note: { $eq: { $var: 'previous.note' } } }, { 'previous.note': null }).sql).toBe(
      't0."note" IS NULL'
    );
    expect(render({ note: { $ne: { $var: 'previous.note' } } }, { 'previous.note': 'a' })).toEqual({
      sql: '(t0."note" <> ? OR t0."note" IS NULL)',
      bindings: ['a'],
    });
  });
  test('fails closed elsewhere: other operators, and variables that are not record values', () => {
    expect(render({ quantity: { $lt: { $var: 'previous.note' } } }, { 'previous.note': null }).sql).toBe('NULL');
    expect(render({ quantity: { $eq: { $var: 'param' } } }, { param: null }).sql).toBe('NULL');
    expect(render({ note: { $eq: { $var: 'previous.note' } } }, { 'previous.note': null }, false).sql).toBe('NULL');
  });
});

describe("a record's empty relation in task filters", () => {
  const customer = modelOf('api::customer.customer', 'customers', [scalar('id', 'integer')]);
  const withCustomer = modelOf('api::order.order', 'orders', [
    scalar('id', 'integer'),
    relation('customer', customer.uid, false, {
      table: 'orders_customer_lnk',
      ownerColumn: 'order_id',
      targetColumn: 'customer_id',
    }),
  ]);
  const render = (filter: unknown, vars: Record<string, unknown>) => {
    const predicate = compileFilter(filter, withCustomer, 't0', {
      dialect: 'sqlite',
      modelOf: () => customer,
      variables: ['previous.customer'],
      nullable: (name) => name.startsWith('previous.'),
    });
    return renderPredicate(predicate, vars, []);
  };
  const link = 'SELECT 1 FROM "orders_customer_lnk" l1 WHERE l1."order_id" = t0."id"';
  test('$eq of null means no related row, $ne of null means some related row', () => {
    expect(render({ customer: { id: { $eq: { $var: 'previous.customer' } } } }, { 'previous.customer': null })).toBe(
      `NOT EXISTS (${link})`
    );
    expect(render({ customer: { id: { $ne: { $var: 'previous.customer' } } } }, { 'previous.customer': null })).toBe(
      `NOT (NOT EXISTS (${link}))`
    );
    expect(render({ customer: { id: { $eq: { $var: 'previous.customer' } } } }, { 'previous.customer': 4 })).toBe(
      't0."id" IN (SELECT l1."order_id" FROM "orders_customer_lnk" l1 WHERE l1."order_id" IS NOT NULL AND l1."customer_id" = ?)'
    );
  });
});
