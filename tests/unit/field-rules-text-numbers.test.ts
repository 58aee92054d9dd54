import { INVALID } from '../../server/src/query/codecs';
import type { Dialect } from '../../server/src/query/dialect';
import type { ScalarType } from '../../server/src/query/model';
import { fieldRule, type WritableField } from '../../server/src/writes/field-rules';
import { scalar } from '../helpers/models';

/** The rule of a scalar field `f` with the given content-type attribute options. */
const rule = (type: ScalarType, attribute: Record<string, unknown> = {}, dialect: Dialect = 'sqlite') =>
  fieldRule(scalar('f', type, 'f', attribute) as WritableField, dialect);

describe('integer', () => {
  const r = rule('integer');

  test.each([0, 5, -7, 2147483647, -2147483648])('accepts %p', (v) => {
    expect(r(v)).toBe(v);
  });

  test.each([1.5, '5', true, 2147483648, -2147483649, {}, [1], undefined])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('min and max of the content type are inclusive bounds', () => {
    const bounded = rule('integer', { min: 1, max: 10 });
    expect(bounded(1)).toBe(1);
    expect(bounded(10)).toBe(10);
    expect(bounded(0)).toBe(INVALID);
    expect(bounded(11)).toBe(INVALID);
  });

  test('a min of 0 counts', () => {
    expect(rule('integer', { min: 0 })(-1)).toBe(INVALID);
    expect(rule('integer', { min: 0 })(0)).toBe(0);
  });

  test('bounds given as strings are read as numbers', () => {
    const bounded = rule('integer', { min: '2', max: '4' });
    expect(bounded(1)).toBe(INVALID);
    expect(bounded(3)).toBe(3);
    expect(bounded(5)).toBe(INVALID);
  });
});

describe('biginteger', () => {
  const r = rule('biginteger');

  test('safe integers and integer strings become strings', () => {
    expect(r(12)).toBe('12');
    expect(r('9223372036854775807')).toBe('9223372036854775807');
    expect(r('-9223372036854775808')).toBe('-9223372036854775808');
  });

  test.each([1.5, '1.5', '9223372036854775808', 2 ** 53, 'abc', true])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('min and max apply', () => {
    const bounded = rule('biginteger', { min: 10, max: 20 });
    expect(bounded('9')).toBe(INVALID);
    expect(bounded(10)).toBe('10');
    expect(bounded('20')).toBe('20');
    expect(bounded('21')).toBe(INVALID);
  });
});

describe('float', () => {
  test('any finite number, no column limit', () => {
    const r = rule('float');
    expect(r(1.25)).toBe(1.25);
    expect(r(-1e20)).toBe(-1e20);
    expect(r('1.5')).toBe(INVALID);
  });

  test('min and max apply', () => {
    const r = rule('float', { min: 0.5, max: 1.5 });
    expect(r(0.49)).toBe(INVALID);
    expect(r(0.5)).toBe(0.5);
    expect(r(1.5)).toBe(1.5);
    expect(r(1.51)).toBe(INVALID);
  });
});

describe('decimal', () => {
  const r = rule('decimal');

  test.each([0, 12.5, 99999999.99, -99999999.99])('accepts %p (fits decimal(10, 2))', (v) => {
    expect(r(v)).toBe(v);
  });

  test.each([1e8, -1e8, 123456789, '12.5'])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('min and max apply on top of the column limit', () => {
    const bounded = rule('decimal', { min: -5, max: 1e9 });
    expect(bounded(-5.01)).toBe(INVALID);
    expect(bounded(-5)).toBe(-5);
    expect(bounded(1e8)).toBe(INVALID);
  });
});

describe('string', () => {
  const r = rule('string');

  test('accepts strings up to 255 characters (varchar(255))', () => {
    expect(r('')).toBe('');
    expect(r('x'.repeat(255))).toBe('x'.repeat(255));
    expect(r('x'.repeat(256))).toBe(INVALID);
  });

  test.each([5, true, ['a'], { a: 1 }])('refuses the non-string %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('minLength and maxLength are inclusive', () => {
    const bounded = rule('string', { minLength: 2, maxLength: 4 });
    expect(bounded('a')).toBe(INVALID);
    expect(bounded('ab')).toBe('ab');
    expect(bounded('abcd')).toBe('abcd');
    expect(bounded('abcde')).toBe(INVALID);
  });

  test('a maxLength above 255 does not lift the column limit', () => {
    const r300 = rule('string', { maxLength: 300 });
    expect(r300('x'.repeat(255))).toBe('x'.repeat(255));
    expect(r300('x'.repeat(256))).toBe(INVALID);
  });

  test('regex must match; the empty string is exempt', () => {
    const slug = rule('string', { regex: '^[a-z]+$' });
    expect(slug('abc')).toBe('abc');
    expect(slug('Abc')).toBe(INVALID);
    expect(slug('a b')).toBe(INVALID);
    expect(slug('')).toBe('');
  });

  test('minLength still refuses the empty string', () => {
    expect(rule('string', { minLength: 1 })('')).toBe(INVALID);
  });
});

describe.each(['string', 'text', 'richtext', 'email', 'uid'] as const)('%s', (type) => {
  test('refuses a NUL character, which PostgreSQL cannot store', () => {
    expect(rule(type)('a\u0000')).toBe(INVALID);
  });
});

describe.each(['text', 'richtext'] as const)('%s', (type) => {
  test('has no column limit', () => {
    const long = 'x'.repeat(10000);
    expect(rule(type)(long)).toBe(long);
  });

  test('maxLength, minLength and regex apply', () => {
    const r = rule(type, { minLength: 2, maxLength: 3, regex: '^\\d+$' });
    expect(r('1')).toBe(INVALID);
    expect(r('12')).toBe('12');
    expect(r('1234')).toBe(INVALID);
    expect(r('ab')).toBe(INVALID);
  });

  test('refuses non-strings', () => {
    expect(rule(type)(12)).toBe(INVALID);
  });
});

describe('email', () => {
  const r = rule('email');

  test.each(['ann@example.com', 'a.b+c@mail.example.org', 'x@y.z', 'a@b.c.', 'a@..b'])('accepts %p', (v) => {
    expect(r(v)).toBe(v);
  });

  test.each([
    '',
    'ann',
    'ann@example',
    '@example.com',
    'ann@',
    'an n@example.com',
    'ann@exa mple.com',
    'a@b.',
    'a@.b',
    'a@b@c.d',
    'a@b.c\n',
    7,
  ])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('is a varchar(255) too', () => {
    const at255 = `${'a'.repeat(243)}@example.com`;
    expect(at255).toHaveLength(255);
    expect(r(at255)).toBe(at255);
    expect(r(`a${at255}`)).toBe(INVALID);
  });
});

describe('uid', () => {
  const r = rule('uid');

  test.each(['my-slug', 'A_b.c~d-9', ''])('accepts %p', (v) => {
    expect(r(v)).toBe(v);
  });

  test.each(['with space', 'slash/ed', 'ümlaut', 'q?x', 'a#b'])('refuses %p', (v) => {
    expect(r(v)).toBe(INVALID);
  });

  test('is a varchar(255) and takes maxLength', () => {
    expect(r('u'.repeat(255))).toBe('u'.repeat(255));
    expect(r('u'.repeat(256))).toBe(INVALID);
    expect(rule('uid', { maxLength: 3 })('abcd')).toBe(INVALID);
  });
});
