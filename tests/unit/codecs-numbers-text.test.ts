import { INVALID, codecFor, holdsNul } from '../../server/src/query/codecs';
import type { Dialect } from '../../server/src/query/dialect';
import type { ScalarType } from '../../server/src/query/model';
import { growthOf, LINEAR_GROWTH } from '../helpers/growth';
import { scalar } from '../helpers/models';

const codec = (type: ScalarType, dialect: Dialect = 'sqlite', attribute: Record<string, unknown> = {}) =>
  codecFor(scalar('f', type, 'f', attribute), dialect);
describe('integer', () => {
  const c = codec('integer');

  test.each([
    ['12', 12],
    ['-7', -7],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
  ])('parses %s', (text, value) => {
    expect(c.parseText(text)).toBe(value);
  });

  test.each(['2147483648', '-2147483649', '1.5', '1e3', '+1', ' 1', '', 'abc'])('refuses text %p', (text) => {
    expect(c.parseText(text)).toBe(INVALID);
  });

  test('JSON must be an integer number in range', () => {
    expect(c.parseJson(5)).toBe(5);
    expect(c.parseJson(1.5)).toBe(INVALID);
    expect(c.parseJson('5')).toBe(INVALID);
    expect(c.parseJson(2 ** 31)).toBe(INVALID);
  });

  test('reads driver values as numbers', () => {
    expect(c.fromDb('42')).toBe(42);
    expect(c.fromDb(null)).toBeNull();
    expect(c.ordered && c.comparable).toBe(true);
  });

  test('the id field takes the 32-bit range, so that ?id:gt=0 is a fair question', () => {
    const id = codecFor(scalar('id', 'integer'), 'sqlite');
    expect(id.parseText('1')).toBe(1);
    expect(id.parseText('0')).toBe(0);
    expect(id.parseText('2147483648')).toBe(INVALID);
  });
});

describe('biginteger', () => {
  const c = codec('biginteger');

  test('keeps text values as strings within the signed 64-bit range', () => {
    expect(c.parseText('9223372036854775807')).toBe('9223372036854775807');
    expect(c.parseText('-9223372036854775808')).toBe('-9223372036854775808');
    expect(c.parseText('9223372036854775808')).toBe(INVALID);
    expect(c.parseText('1.0')).toBe(INVALID);
  });

  test('JSON: safe integers or integer strings', () => {
    expect(c.parseJson(12)).toBe('12');
    expect(c.parseJson('123456789012345678')).toBe('123456789012345678');
    expect(c.parseJson(2 ** 53)).toBe(INVALID);
    expect(c.parseJson(1.5)).toBe(INVALID);
  });

  test('reads safe values as numbers and larger ones as strings', () => {
    expect(c.fromDb('42')).toBe(42);
    expect(c.fromDb('9007199254740993')).toBe('9007199254740993');
    expect(c.fromDb(undefined)).toBeNull();
  });
});

describe.each(['decimal', 'float'] as const)('%s', (type) => {
  const c = codec(type);

  test.each([
    ['12.50', 12.5],
    ['-3', -3],
    ['.5', 0.5],
    ['12.', 12],
    ['1e3', 1000],
  ])('parses %s', (text, value) => {
    expect(c.parseText(text)).toBe(value);
  });

  test.each(['abc', '', '1,5', 'Infinity', 'NaN', '1e999', '0x10'])('refuses text %p', (text) => {
    expect(c.parseText(text)).toBe(INVALID);
  });

  test.each(['.', '-', '1e', 'e5', '1.2.3', '--1', '1e+'])('refuses near misses %p', (text) => {
    expect(c.parseText(text)).toBe(INVALID);
  });

  // The former pattern (`\d+\.?\d*`) could split a run of digits two ways: quadratic backtracking on a near miss.
  test.each([
    ['digits and a letter', (n: number) => `${'1'.repeat(n)}x`],
    ['a fraction and a letter', (n: number) => `1.${'1'.repeat(n)}x`],
    ['an exponent and a letter', (n: number) => `1e${'1'.repeat(n)}x`],
  ])('a near miss (%s) costs in proportion to its length', async (_, textOf) => {
    expect(c.parseText(textOf(20_000))).toBe(INVALID);
    const growth = await growthOf((n) => {
      const text = textOf(n);
      return () => c.parseText(text);
    }, 5000);
    expect(growth).toBeLessThan(LINEAR_GROWTH);
  });

  test('JSON must be a finite number, never a string', () => {
    expect(c.parseJson(12.5)).toBe(12.5);
    expect(c.parseJson('12.5')).toBe(INVALID);
    expect(c.parseJson(Infinity)).toBe(INVALID);
  });

  test('reads PostgreSQL decimal strings as numbers', () => {
    expect(c.fromDb('12.50')).toBe(12.5);
    expect(c.fromDb(null)).toBeNull();
  });
});

describe('boolean', () => {
  test('parses only true and false', () => {
    const c = codec('boolean');
    expect(c.parseText('true')).toBe(true);
    expect(c.parseText('false')).toBe(false);
    for (const text of ['1', '0', 'TRUE', 'yes', '']) expect(c.parseText(text)).toBe(INVALID);
    expect(c.parseJson(false)).toBe(false);
    expect(c.parseJson(0)).toBe(INVALID);
    expect(c.ordered).toBe(false);
  });

  test.each([
    ['sqlite', 1, 0],
    ['mysql', 1, 0],
    ['postgres', true, false],
  ] as const)('binds on %s as %p / %p', (dialect, yes, no) => {
    const c = codec('boolean', dialect);
    expect(c.toDb(true)).toBe(yes);
    expect(c.toDb(false)).toBe(no);
  });

  test.each([
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    [true, true],
    [false, false],
    ['t', true],
    ['f', false],
    [null, null],
  ])('reads %p as %p', (raw, value) => {
    expect(codec('boolean').fromDb(raw)).toBe(value);
  });
});

describe('enumeration', () => {
  const c = codec('enumeration', 'sqlite', { enum: ['pending', 'paid'] });

  test('accepts listed values only', () => {
    expect(c.parseText('paid')).toBe('paid');
    expect(c.parseText('lost')).toBe(INVALID);
    expect(c.parseText('Paid')).toBe(INVALID);
    expect(c.parseJson('pending')).toBe('pending');
    expect(c.parseJson(1)).toBe(INVALID);
  });

  test('is comparable but not ordered', () => {
    expect(c.comparable).toBe(true);
    expect(c.ordered).toBe(false);
  });
});

describe.each(['string', 'text', 'email', 'uid', 'richtext'] as const)('%s', (type) => {
  test('takes any string, is ordered, reads as a string', () => {
    const c = codec(type);
    expect(c.parseText('a b')).toBe('a b');
    expect(c.parseText('')).toBe('');
    expect(c.parseJson(5)).toBe(INVALID);
    expect(c.ordered).toBe(true);
    expect(c.fromDb(5)).toBe('5');
  });

  test('refuses a NUL character, which PostgreSQL cannot store', () => {
    const c = codec(type);
    expect(c.parseText('a\u0000b')).toBe(INVALID);
    expect(c.parseJson('\u0000')).toBe(INVALID);
  });
});

describe('holdsNul', () => {
  test.each([
    ['a\u0000', true],
    [{ a: [1, { b: 'x\u0000' }] }, true],
    [{ 'k\u0000': 1 }, true],
    [['ok', { a: null, b: 2, c: 'fine' }], false],
    [12, false],
    [null, false],
  ])('%p: %p', (value, holds) => {
    expect(holdsNul(value)).toBe(holds);
  });
});
