import { definitionSchema } from '../../contracts/definition';
import { describeIssues } from '../../contracts/problems';
import { requiredByType } from '../../server/src/writes/input';
import { modelOf, scalar } from '../helpers/models';
import { system, requiredRelation, fields, compile, definitionError } from '../helpers/write-input';

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
