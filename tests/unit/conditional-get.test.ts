import { namesTag } from '../../server/src/runtime/conditional-get';
import { growthOf, LINEAR_GROWTH } from '../helpers/growth';

/** `If-None-Match` against a tag by the weak comparison (RFC 9110 13.1.2), grammar errors counting as no match. */
describe('namesTag', () => {
  const tag = '"OzJ1mmRIqso81-yS0Dq3uMzampc"';
  const bare = tag.slice(1, -1);

  test.each([
    [tag],
    [`W/${tag}`],
    ['*'],
    [' * '],
    [`"a", ${tag}`],
    [`"a",${tag},"b"`],
    [`,, \t${tag}\t,`],
    [`W/"a", W/${tag}`],
    [`"with,comma", ${tag}`],
  ])('%j names it', (header) => {
    expect(namesTag(header, tag)).toBe(true);
  });

  test.each([
    [''],
    ['"other"'],
    [bare],
    [`"a"${bare}"`],
    [`${tag}junk`],
    [`W/W/${tag}`],
    [`w/${tag}`],
    [`"unterminated, ${tag}`],
    [`*, ${tag}`],
    [`"${tag}"`],
    [`"a" junk, ${tag}`],
  ])('%j does not', (header) => {
    expect(namesTag(header, tag)).toBe(false);
  });

  test('a long value is read in one pass', () => {
    const others = Array.from({ length: 2000 }, (_, i) => `W/"tag-${i}"`).join(', ');
    expect(namesTag(`${others}, ${tag}`, tag)).toBe(true);
    expect(namesTag(others, tag)).toBe(false);
  });

  // Values that would make a backtracking pattern take quadratic time or worse.
  test.each([
    ['quotes', (n: number) => '"'.repeat(n)],
    ['weak marks', (n: number) => 'W/'.repeat(n / 2)],
    ['separators', (n: number) => ', '.repeat(n / 2)],
    ['an open quote', (n: number) => `"${'a'.repeat(n)}`],
  ])('a hostile value (%s) is read in time proportional to its length', async (_, hostileOf) => {
    expect(namesTag(hostileOf(100_000), tag)).toBe(false);
    const growth = await growthOf((n) => {
      const hostile = hostileOf(n);
      return () => namesTag(hostile, tag);
    }, 5000);
    expect(growth).toBeLessThan(LINEAR_GROWTH);
  });
});
