import { DefinitionError } from '../../server/src/errors/definition-error';
import { INVALID } from '../../server/src/query/codecs';
import { checkedDefault, constantRule, fieldRule, type WritableField } from '../../server/src/writes/field-rules';
import { growthOf, LINEAR_GROWTH } from '../helpers/growth';
import { scalar } from '../helpers/models';

/**
 * A content type's `regex` runs on request input: in linear time, with the meaning Strapi gives it
 * (`new RegExp(pattern)`, no flags), and a pattern that needs backtracking refuses the endpoint when it is saved.
 */
const field = (regex: string, extra: Record<string, unknown> = {}) =>
  scalar('code', 'string', 'code', { regex, ...extra }) as WritableField;
const rule = (regex: string) => fieldRule(field(regex), 'sqlite');
const accepts = (regex: string, value: string) => rule(regex)(value) !== INVALID;

test('a catastrophic pattern on hostile input is judged in linear time', async () => {
  const r = rule('^(a+)+$');
  expect(r(`${'a'.repeat(40)}!`)).toBe(INVALID);
  expect(r('aaaa')).toBe('aaaa');
  // A backtracking engine doubles its work with each `a` (2^40 steps above); this one grows with the length.
  const growth = await growthOf((n) => {
    const hostile = `${'a'.repeat(n)}!`;
    return () => r(hostile);
  }, 1000);
  expect(growth).toBeLessThan(LINEAR_GROWTH);
});

const PATTERNS = [
  '^[a-z]+$',
  '^\\d{3}-\\d{4}$',
  '^\\S+$',
  '\\s',
  '[\\s,]',
  '^[^\\s]+$',
  '^.+$',
  '^[\\s\\S]*$',
  '^\\u00e9t\\u00e9$',
  '^[^@]+@[^@]+\\.[a-z]{2,}$',
  '^(foo|bar)?baz$',
  '\\bword\\b',
  '^[A-Z][a-z]*(?:-[A-Z][a-z]*)*$',
  '^\\w+$',
  '^a{2,3}$',
  'x$',
  '^a\\_b$',
  '^a\\/b\\.c$',
  '^[\\b]$',
  '^\\x41\\0?$',
  '^[\\x30-\\x39\\-]+$',
  '^(?<area>\\d{2})\\/\\d+$',
  '^[.]+$',
];
const VALUES = [
  'abc',
  'ABC',
  'a b',
  'a\u00a0b',
  'a\u2003b',
  'a\rb',
  'a\nb',
  'a\u2028b',
  'tab\there',
  '\ufeff',
  '123-4567',
  'été',
  'x@y.org',
  'foobaz',
  'baz',
  'a word here',
  'Jean-Paul',
  'aa',
  'aaaa',
  'x\n',
  '12/345',
  '...',
  'a,b',
  'a_b',
  'a/b.c',
  '\b',
  'A',
  '0-9',
];

test.each(PATTERNS)('%p judges every value as JavaScript does', (pattern) => {
  const js = new RegExp(pattern);
  for (const value of VALUES) expect([value, accepts(pattern, value)]).toEqual([value, js.test(value)]);
});

test.each([
  ['(a)\\1', 'linear time'],
  ['^(?=a)a$', 'linear time'],
  ['(?<=a)b', 'linear time'],
  ['(?<!a)b', 'linear time'],
  ['\\Aabc', 'means something else'],
  ['abc\\z', 'means something else'],
  ['\\p{L}', 'means something else'],
  ['[]a]', 'empty class'],
  ['[^]', 'empty class'],
  ['[[:alpha:]]', 'POSIX'],
  ['(?i)abc', 'not a valid JavaScript'],
  ['^\\a+$', 'a plain "a" in JavaScript'],
  ['^\\e$', 'a plain "e" in JavaScript'],
  ['[\\B]', 'a plain "B" in JavaScript'],
  ['\\k', 'backreference'],
])('%p refuses the endpoint, naming the field', (pattern, reason) => {
  expect(() => rule(pattern)).toThrow(DefinitionError);
  expect(() => rule(pattern)).toThrow(/"code".*regex/);
  expect(() => rule(pattern)).toThrow(reason);
});

test("a default is the content type's own constant: checked as Strapi checks it, lookaround included", () => {
  expect(checkedDefault(field('^(?!x)[a-z]+$', { default: 'abc' }), 'sqlite')).toBe('abc');
  expect(checkedDefault(field('^(?!x)[a-z]+$', { default: 'xyz' }), 'sqlite')).toBe(INVALID);
  expect(checkedDefault(field('^[a-z]+$'), 'sqlite')).toBe(INVALID);
});

test("a constant of a definition (preset, task value) is the site's own: checked as Strapi checks it", () => {
  const lookahead = field('^(?=.*\\d)[a-z0-9]{4,}$');
  expect(() => fieldRule(lookahead, 'sqlite')).toThrow(DefinitionError);
  expect(constantRule(lookahead, 'sqlite')('abc1')).toBe('abc1');
  expect(constantRule(lookahead, 'sqlite')('abcd')).toBe(INVALID);
});
