import { namesTag } from '../../server/src/runtime/conditional-get';

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
    // Values that would make a backtracking pattern take quadratic time or worse.
    const started = process.hrtime.bigint();
    for (const hostile of ['"'.repeat(100_000), 'W/'.repeat(50_000), ', '.repeat(50_000), `"${'a'.repeat(100_000)}`]) {
      expect(namesTag(hostile, tag)).toBe(false);
    }
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(100);
  });
});
