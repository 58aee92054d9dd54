import { INVALID } from '../../server/src/query/codecs';
import type { Dialect } from '../../server/src/query/dialect';
import type { ModelField, RelationField, ScalarType } from '../../server/src/query/model';
import { defaultOf, fieldRule, type WritableField } from '../../server/src/writes/field-rules';
import { relation, scalar } from '../helpers/models';

/** The rule of a scalar field `f` with the given content-type attribute options. */
const rule = (type: ScalarType, attribute: Record<string, unknown> = {}, dialect: Dialect = 'sqlite') =>
  fieldRule(scalar('f', type, 'f', attribute) as WritableField, dialect);

const relationField = (many: boolean, attribute: Record<string, unknown> = {}): RelationField => {
  const field = relation('customer', 'api::customer.customer', many, {
    table: 'l',
    ownerColumn: 'a',
    targetColumn: 'b',
  }) as RelationField;
  return { ...field, attribute: { ...field.attribute, ...attribute } };
};
const relationRule = (many: boolean, attribute: Record<string, unknown> = {}) =>
  fieldRule(relationField(many, attribute), 'sqlite');

describe('enumeration', () => {
  const r = rule('enumeration', { enum: ['pending', 'paid'] });

  test('accepts listed values only', () => {
    expect(r('paid')).toBe('paid');
    expect(r('Paid')).toBe(INVALID);
    expect(r('shipped')).toBe(INVALID);
    expect(r('')).toBe(INVALID);
    expect(r(1)).toBe(INVALID);
  });
});

describe('boolean', () => {
  test.each(['sqlite', 'postgres', 'mysql'] as const)('takes only true and false (%s)', (dialect) => {
    const r = rule('boolean', {}, dialect);
    expect(r(true)).toBe(true);
    expect(r(false)).toBe(false);
    expect(r('true')).toBe(INVALID);
    expect(r(1)).toBe(INVALID);
    expect(r(0)).toBe(INVALID);
  });
});

describe('dates and times', () => {
  test('date: a real calendar day', () => {
    const r = rule('date');
    expect(r('2024-02-29')).toBe('2024-02-29');
    expect(r('2023-02-29')).toBe(INVALID);
    expect(r('2024-13-01')).toBe(INVALID);
    expect(r('2024-1-1')).toBe(INVALID);
    expect(r(20240101)).toBe(INVALID);
  });

  test('datetime: ISO text becomes a Date', () => {
    const r = rule('datetime');
    expect(r('2026-01-02T03:04:05Z')).toEqual(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
    expect(r('2026-01-02T03:04:05+02:00')).toEqual(new Date(Date.UTC(2026, 0, 2, 1, 4, 5)));
    expect(r('2026-01-02')).toEqual(new Date(Date.UTC(2026, 0, 2)));
    expect(r('2026-02-30T00:00:00Z')).toBe(INVALID);
    expect(r('yesterday')).toBe(INVALID);
    expect(r(1767323045000)).toBe(INVALID);
  });

  test('time: normalized to HH:mm:ss.SSS', () => {
    const r = rule('time');
    expect(r('14:30')).toBe('14:30:00.000');
    expect(r('14:30:15.5')).toBe('14:30:15.500');
    expect(r('24:00')).toBe(INVALID);
    expect(r('1430')).toBe(INVALID);
  });
});

describe('json', () => {
  const r = rule('json');

  test.each([{ a: [1, { b: null }] }, [1, 'two'], 'text', 0, false, ''])('accepts any JSON value: %p', (v) => {
    expect(r(v)).toBe(v);
  });

  test('null clears it; undefined is not a value', () => {
    expect(r(null)).toBeNull();
    expect(r(undefined)).toBe(INVALID);
  });
  test.each([{ a: ['x\u0000'] }, { 'k\u0000': 1 }, 'a\u0000'])('refuses a NUL character anywhere: %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });
});

describe('blocks', () => {
  const r = rule('blocks');

  test('takes an array of blocks', () => {
    const blocks = [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }];
    expect(r(blocks)).toBe(blocks);
    expect(r([])).toEqual([]);
  });

  // Nodes that are not objects would crash Strapi's blocks validator, which checks the rest.
  test.each([
    { type: 'paragraph' },
    'text',
    1,
    [{ type: 'paragraph', children: [{ text: 'a\u0000' }] }],
    [1, 2, 3],
    [null],
    [[{ type: 'paragraph', children: [] }]],
    [{ type: 'paragraph', children: [{ type: 'link', children: [null] }] }],
  ])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });
});

describe('to-one relation', () => {
  const r = relationRule(false);

  test.each([1, 42, 2147483647])('accepts the id %p', (v) => {
    expect(r(v)).toBe(v);
  });

  test.each([0, -1, 1.5, '1', 2147483648, [1], { id: 1 }, true])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('null unlinks', () => {
    expect(r(null)).toBeNull();
  });
});

describe('to-many relation', () => {
  const r = relationRule(true);

  test('an array of distinct ids, in the order given', () => {
    expect(r([3, 1, 2])).toEqual([3, 1, 2]);
    expect(r([])).toEqual([]);
  });

  test.each([[[1, 1]], [[1, 0]], [[1, '2']], [[1.5]], [[2147483648]], [3], [{ connect: [1] }]])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('at most 1000 ids', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(r(ids)).toEqual(ids);
    expect(r([...ids, 1001])).toBe(INVALID);
  });

  test('null unlinks all', () => {
    expect(r(null)).toBeNull();
  });
});

describe('required fields', () => {
  test.each([
    ['integer', 3],
    ['string', 'x'],
    ['boolean', false],
    ['json', {}],
    ['blocks', []],
    ['datetime', '2026-01-02T00:00:00Z'],
  ] as const)('%s refuses null but keeps its other rules', (type, good) => {
    const r = rule(type, { required: true });
    expect(r(null)).toBe(INVALID);
    expect(r(good)).not.toBe(INVALID);
  });

  test('required relations refuse null', () => {
    expect(relationRule(false, { required: true })(null)).toBe(INVALID);
    expect(relationRule(false, { required: true })(4)).toBe(4);
    expect(relationRule(true, { required: true })(null)).toBe(INVALID);
    expect(relationRule(true, { required: true })([4])).toEqual([4]);
  });

  test('without required, null clears every kind of field', () => {
    for (const type of ['integer', 'decimal', 'string', 'email', 'uid', 'enumeration', 'date', 'time'] as const) {
      expect(rule(type, { enum: ['a'] })(null)).toBeNull();
    }
  });

  test('only required: true counts', () => {
    expect(rule('string', { required: 'yes' })(null)).toBeNull();
  });
});

describe('defaultOf', () => {
  const field = (f: ModelField) => f as WritableField;

  test("the content type's default, falsy ones included", () => {
    expect(defaultOf(field(scalar('n', 'integer', 'n', { default: 5 })))).toBe(5);
    expect(defaultOf(field(scalar('b', 'boolean', 'b', { default: false })))).toBe(false);
    expect(defaultOf(field(scalar('s', 'string', 's', { default: '' })))).toBe('');
  });

  test('undefined without a default, and for relations', () => {
    expect(defaultOf(field(scalar('n', 'integer')))).toBeUndefined();
    expect(defaultOf({ ...relationField(false), attribute: { type: 'relation', default: 3 } })).toBeUndefined();
  });
});
