import { definitionErrorOf } from '../helpers/errors';
import { definitionSchema } from '../../contracts/definition';
import { describeIssues } from '../../contracts/problems';
import { bodyTooLarge, invalidData, tooManyRecords } from '../../contracts/messages';
import type { ModelField, ScalarType } from '../../server/src/query/model';
import { FieldError } from '../../server/src/errors/field-error';
import { compileInput, requiredByType } from '../../server/src/writes/input';
import { modelOf, relation, scalar } from '../helpers/models';

/** A field Strapi maintains itself. */
const system = (name: string, type: ScalarType, column: string): ModelField => ({
  kind: 'scalar',
  name,
  column,
  type,
  attribute: { type },
  writable: false,
});

const requiredRelation = (name: string, target: string, many: boolean): ModelField => {
  const field = relation(name, target, many, { table: `${name}_lnk`, ownerColumn: 'order_id', targetColumn: 'x_id' });
  return { ...field, attribute: { type: 'relation', required: true } } as ModelField;
};

const order = modelOf('api::order.order', 'orders', [
  scalar('id', 'integer'),
  system('documentId', 'string', 'document_id'),
  system('createdAt', 'datetime', 'created_at'),
  scalar('title', 'string', 'title', { required: true }),
  scalar('status', 'enumeration', 'status', { enum: ['pending', 'paid'], required: true, default: 'pending' }),
  scalar('quantity', 'integer', 'quantity', { min: 1, max: 100 }),
  scalar('note', 'text'),
  scalar('orderedAt', 'datetime', 'ordered_at'),
  scalar('ownerId', 'integer', 'owner_id'),
  scalar('source', 'string'),
  relation('customer', 'api::customer.customer', false, {
    table: 'orders_customer_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'customer_id',
  }),
  relation('tags', 'api::tag.tag', true, { table: 'orders_tags_lnk', ownerColumn: 'order_id', targetColumn: 'tag_id' }),
  { kind: 'unsupported', name: 'secret', reason: 'private fields cannot be exposed' },
]);

const VARIABLES = ['now', 'today', 'param', 'user.id', 'user.email'];

const definition = (overrides: Record<string, unknown>) =>
  definitionSchema.parse({
    name: 'Orders',
    path: 'orders',
    type: 'create',
    object: order.uid,
    auth: { method: 'api-key', keys: [1] },
    ...(overrides.type === 'modify' ? { parameter: 'required' } : {}),
    ...overrides,
  });
const fields = (...names: string[]) => names.map((name) => ({ name }));
const compile = (overrides: Record<string, unknown>, model = order) =>
  compileInput(definition(overrides), model, 'sqlite', VARIABLES, () => null, 1024);

const definitionError = (overrides: Record<string, unknown>, model = order) =>
  definitionErrorOf(() => compile(overrides, model));
/** The FieldError `parse` throws, as [field, index, message]. */
const refused = (parse: () => unknown) => {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(FieldError);
    const e = error as FieldError;
    return [e.field, e.index, e.message];
  }
  throw new Error('expected a FieldError');
};

describe('compileInput: definition errors', () => {
  test('"id" is never accepted', () => {
    expect(definitionError({ fields: fields('title', 'id') })).toBe(
      'fields[1]: "id" is assigned by the database, never written'
    );
    expect(definitionError({ type: 'modify', fields: fields('id') })).toBe(
      'fields[0]: "id" is assigned by the database, never written'
    );
  });

  test.each(['documentId', 'createdAt'])('the system field %s is refused', (name) => {
    expect(definitionError({ fields: fields('title', name) })).toBe(
      `fields[1]: "${name}" is set by Strapi and cannot be written`
    );
  });

  test('unknown and unsupported fields are refused', () => {
    expect(definitionError({ fields: fields('title', 'nope') })).toBe(
      'fields[1]: unknown field "nope" on api::order.order'
    );
    expect(definitionError({ fields: fields('title', 'secret') })).toBe('fields[1]: private fields cannot be exposed');
  });

  test('a preset cannot also be an accepted field', () => {
    expect(definitionError({ fields: fields('title', 'note'), presets: { note: 'x' } })).toBe(
      'presets.note: "note" is also an accepted field; a preset is never taken from the client'
    );
  });

  test('a create must cover the fields its content type requires without a default', () => {
    expect(definitionError({ fields: fields('note') })).toBe(
      'fields: api::order.order requires "title": accept it or give it a preset'
    );
    // `status` is required too, but has a default.
    expect(() => compile({ fields: fields('title') })).not.toThrow();
    expect(() => compile({ fields: fields('note'), presets: { title: 'Fixed' } })).not.toThrow();
  });

  test('a modify need not cover required fields', () => {
    expect(() => compile({ type: 'modify', fields: fields('note') })).not.toThrow();
  });

  test('required relations count as required fields', () => {
    const withCustomer = modelOf('api::order.order', 'orders', [
      scalar('id', 'integer'),
      scalar('title', 'string'),
      requiredRelation('customer', 'api::customer.customer', false),
    ]);
    expect(definitionError({ fields: fields('title') }, withCustomer)).toBe(
      'fields: api::order.order requires "customer": accept it or give it a preset'
    );
  });

  test('presets: unknown variables, invalid constants, unknown or system fields', () => {
    expect(definitionError({ fields: fields('title'), presets: { ownerId: { $var: 'user.role' } } })).toBe(
      'presets.ownerId: unknown variable "user.role"'
    );
    expect(definitionError({ fields: fields('title'), presets: { quantity: 0 } })).toBe(
      'presets.quantity: 0 is not a valid value for this field'
    );
    expect(definitionError({ fields: fields('title'), presets: { status: 'gone' } })).toBe(
      'presets.status: "gone" is not a valid value for this field'
    );
    expect(definitionError({ fields: fields('title'), presets: { nope: 1 } })).toBe(
      'presets.nope: unknown field "nope" on api::order.order'
    );
    expect(definitionError({ fields: fields('title'), presets: { createdAt: '2026-01-01' } })).toBe(
      'presets.createdAt: "createdAt" is set by Strapi and cannot be written'
    );
    expect(definitionError({ fields: fields('title'), presets: { id: 5 } })).toBe(
      'presets.id: "id" is set by Strapi and cannot be written'
    );
  });

  test('a preset cannot write null into a required field', () => {
    expect(definitionError({ fields: fields('note'), presets: { title: null } })).toBe(
      'presets.title: null is not a valid value for this field'
    );
  });
});

describe('requiredByType', () => {
  test('lists required fields without a default, relations included', () => {
    const model = modelOf('api::x.x', 'xs', [
      scalar('id', 'integer', 'id', { required: true }),
      system('createdAt', 'datetime', 'created_at'),
      scalar('a', 'string', 'a', { required: true }),
      scalar('b', 'boolean', 'b', { required: true, default: false }),
      scalar('c', 'string'),
      requiredRelation('r', 'api::y.y', true),
      { kind: 'unsupported', name: 'p', reason: 'private fields cannot be exposed' },
    ]);
    expect(requiredByType(model).map((f) => f.name)).toEqual(['a', 'r']);
  });
});

describe('parse on create', () => {
  const input = compile({
    fields: [{ name: 'title' }, { name: 'quantity', required: true }, { name: 'note' }, { name: 'orderedAt' }],
    presets: { source: 'web', ownerId: { $var: 'user.id' } },
  });

  test('returns the parsed values, then the presets, and the input as sent', () => {
    const body = { title: 'Pens', quantity: 3, orderedAt: '2026-01-02T03:04:05Z' };
    const { values, input: sent } = input.parse(body, 0, { 'user.id': 7 });
    expect([...values]).toEqual([
      ['title', 'Pens'],
      ['quantity', 3],
      ['orderedAt', new Date(Date.UTC(2026, 0, 2, 3, 4, 5))],
      ['source', 'web'],
      ['ownerId', 7],
    ]);
    expect(sent).toEqual(body);
  });

  test('a field not accepted is refused with its name and the record index', () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 1, color: 'red' }, 4, {}))).toEqual([
      'color',
      4,
      'Invalid data for field: color',
    ]);
  });

  test('the client cannot send id', () => {
    expect(refused(() => input.parse({ id: 9, title: 'A', quantity: 1 }, 0, {}))).toEqual([
      'id',
      0,
      'Invalid data for field: id',
    ]);
  });

  test('the client cannot send a preset field', () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 1, source: 'api' }, 1, { 'user.id': 7 }))).toEqual([
      'source',
      1,
      'Invalid data for field: source',
    ]);
  });

  test('a value its rule refuses', () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 101 }, 2, {}))).toEqual([
      'quantity',
      2,
      'Invalid data for field: quantity',
    ]);
    expect(refused(() => input.parse({ title: 'A', quantity: 1, orderedAt: 'soon' }, 0, {}))[0]).toBe('orderedAt');
  });

  test('a field the endpoint marks required must be present and not null', () => {
    expect(refused(() => input.parse({ title: 'A' }, 3, {}))).toEqual([
      'quantity',
      3,
      'Invalid data for field: quantity',
    ]);
    expect(refused(() => input.parse({ title: 'A', quantity: null }, 0, {}))[0]).toBe('quantity');
  });

  test('a field the content type requires must be present even when the endpoint does not mark it', () => {
    expect(refused(() => input.parse({ quantity: 1 }, 0, {}))[0]).toBe('title');
    expect(refused(() => input.parse({ title: null, quantity: 1 }, 0, {}))[0]).toBe('title');
  });

  test('optional fields may be left out or cleared', () => {
    const { values } = input.parse({ title: 'A', quantity: 1, note: null }, 0, { 'user.id': 1 });
    expect(values.get('note')).toBeNull();
    expect(values.has('orderedAt')).toBe(false);
  });

  test('a preset variable without a value writes null', () => {
    expect(input.parse({ title: 'A', quantity: 1 }, 0, {}).values.get('ownerId')).toBeNull();
  });

  test("a preset variable's value is checked by the field's rule", () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 1 }, 5, { 'user.id': 'seven' }))).toEqual([
      'ownerId',
      5,
      'Invalid data for field: ownerId',
    ]);
  });

  test('a preset into a required field refuses a missing variable', () => {
    const byEmail = compile({ fields: fields('note'), presets: { title: { $var: 'user.email' } } });
    expect(byEmail.parse({}, 0, { 'user.email': 'ann@example.com' }).values.get('title')).toBe('ann@example.com');
    expect(refused(() => byEmail.parse({}, 2, {}))).toEqual(['title', 2, 'Invalid data for field: title']);
  });

  test('relations take ids', () => {
    const linked = compile({ fields: fields('title', 'customer', 'tags') });
    expect([...linked.parse({ title: 'A', customer: 4, tags: [2, 1] }, 0, {}).values]).toEqual([
      ['title', 'A'],
      ['customer', 4],
      ['tags', [2, 1]],
    ]);
    expect(refused(() => linked.parse({ title: 'A', tags: [2, 2] }, 0, {}))[0]).toBe('tags');
    expect(refused(() => linked.parse({ title: 'A', customer: { id: 4 } }, 0, {}))[0]).toBe('customer');
  });
});

describe('parse on modify', () => {
  const input = compile({
    type: 'modify',
    fields: fields('title', 'quantity', 'status'),
    presets: { source: 'admin-panel' },
  });

  test('only the fields sent, then the presets', () => {
    expect([...input.parse({ quantity: 9 }, 0, {}).values]).toEqual([
      ['quantity', 9],
      ['source', 'admin-panel'],
    ]);
    expect([...input.parse({}, 0, {}).values]).toEqual([['source', 'admin-panel']]);
  });

  test('a field the content type requires cannot be cleared', () => {
    expect(refused(() => input.parse({ title: null }, 0, {}))).toEqual(['title', 0, 'Invalid data for field: title']);
    expect(refused(() => input.parse({ status: null }, 0, {}))[0]).toBe('status');
  });

  test('unknown fields and id are refused', () => {
    expect(refused(() => input.parse({ note: 'x' }, 0, {}))[0]).toBe('note');
    expect(refused(() => input.parse({ id: 3 }, 0, {}))[0]).toBe('id');
  });
});

describe('FieldError', () => {
  test('names the field; the index defaults to 0', () => {
    const error = new FieldError('quantity');
    expect(error.message).toBe('Invalid data for field: quantity');
    expect(error.index).toBe(0);
    expect(new FieldError('title', 3).index).toBe(3);
  });
});

describe('messages', () => {
  test('invalidData names the field, the array item and the task', () => {
    expect(invalidData('quantity')).toBe('Invalid data for field: quantity');
    expect(invalidData('quantity', {})).toBe('Invalid data for field: quantity');
    expect(invalidData('quantity', { item: 2 })).toBe('Invalid data for field: quantity (item 2)');
    expect(invalidData('quantity', { item: 0 })).toBe('Invalid data for field: quantity (item 0)');
    expect(invalidData('title', { task: 1 })).toBe('Invalid data for field: title (task 1)');
    expect(invalidData('title', { item: 3, task: 0 })).toBe('Invalid data for field: title (item 3, task 0)');
  });

  test('limits', () => {
    expect(bodyTooLarge(1024)).toBe('Request body is too large (at most 1024 bytes)');
    expect(tooManyRecords(1000)).toBe('Too many records: at most 1000 per request');
  });
});

describe('definitionSchema: publish and status', () => {
  const base = {
    name: 'Orders',
    path: 'orders',
    object: 'api::order.order',
    auth: { method: 'api-key', keys: [1] },
  };
  const problems = (overrides: Record<string, unknown>) => {
    const result = definitionSchema.safeParse({ ...base, ...overrides });
    return result.success ? [] : describeIssues(result.error);
  };

  test.each([
    ['create', {}],
    ['modify', { parameter: 'required' }],
    ['delete', { parameter: 'required' }],
  ])('publish is allowed on %s', (type, extra) => {
    expect(problems({ type, publish: true, ...extra })).toEqual([]);
  });

  test('publish is refused on reads', () => {
    expect(problems({ type: 'list', fields: fields('id'), publish: true })).toEqual([
      'publish: only create, modify and delete endpoints write, and so publish',
    ]);
    expect(
      problems({
        type: 'aggregate',
        publish: true,
        aggregate: { dimensions: [], measures: [{ variable: 'n', op: 'count' }], maxItems: 10 },
      })
    ).toContain('publish: only create, modify and delete endpoints write, and so publish');
  });

  test("status 'draft' is refused on create only", () => {
    expect(problems({ type: 'create', status: 'draft' })).toEqual([
      'status: a create endpoint has no records to read: status applies to reads and targets',
    ]);
    expect(problems({ type: 'modify', parameter: 'required', status: 'draft' })).toEqual([]);
    expect(problems({ type: 'delete', parameter: 'required', status: 'draft' })).toEqual([]);
    expect(problems({ type: 'list', fields: fields('id'), status: 'draft' })).toEqual([]);
  });

  test('defaults: published, no publishing', () => {
    const parsed = definitionSchema.parse({ ...base, type: 'create' });
    expect([parsed.status, parsed.publish]).toEqual(['published', false]);
  });
});
