import type { Context } from 'koa';
import { MESSAGES } from '../../contracts/messages';
import type { ApiError } from '../../server/src/errors/api-error';
import { createAnswerBytesCheck } from '../../server/src/runtime/answer-bytes';
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

describe('the answer size backstop (maxAnswerBytes)', () => {
  const endpoint = { id: 7, name: 'Pages', path: 'pages' };
  const setUp = () => {
    const warnings: string[] = [];
    let now = 0;
    const headers = new Set(['Link']);
    const ctx = { remove: (name: string) => headers.delete(name) } as unknown as Context;
    const check = createAnswerBytesCheck(1000, { warn: (m) => warnings.push(m) }, () => now);
    const refusal = (bytes: number) => {
      try {
        check(ctx, endpoint, bytes);
        return null;
      } catch (error) {
        return error as ApiError;
      }
    };
    return { warnings, headers, refusal, later: (ms: number) => (now += ms) };
  };

  test('an answer of at most maxAnswerBytes is sent', () => {
    const { refusal, warnings, headers } = setUp();
    expect(refusal(1000)).toBeNull();
    expect(warnings).toEqual([]);
    expect(headers.has('Link')).toBe(true);
  });

  test('a larger one is a 400 without its paging links, logged once a minute per endpoint', () => {
    const { refusal, warnings, headers, later } = setUp();
    const refused = refusal(1001);
    expect([refused?.status, refused?.message]).toEqual([400, MESSAGES.answerTooLarge]);
    expect(headers.has('Link')).toBe(false);
    expect(warnings).toEqual([
      '[data-api] endpoint "Pages" (/_api/pages) answered 1001 bytes, more than maxAnswerBytes (1000): refused with 400',
    ]);
    later(59_999);
    expect(refusal(5000)?.status).toBe(400);
    expect(warnings).toHaveLength(1);
    later(1);
    refusal(5000);
    expect(warnings).toHaveLength(2);
  });
});
