import { normalizePath } from '../../contracts/definition';
import { trimSlashes, trimTrailingSlashes } from '../../contracts/slashes';
import { growthOf, LINEAR_GROWTH } from '../helpers/growth';

describe('trimming slashes', () => {
  test.each([
    ['orders', 'orders'],
    ['orders///', 'orders'],
    ['a//b/', 'a//b'],
    ['///', ''],
    ['', ''],
  ])('trimTrailingSlashes(%p) is %p', (text, trimmed) => {
    expect(trimTrailingSlashes(text)).toBe(trimmed);
  });

  test.each([
    ['/orders/', 'orders'],
    ['//a/b//', 'a/b'],
    ['/', ''],
  ])('trimSlashes(%p) is %p', (text, trimmed) => {
    expect(trimSlashes(text)).toBe(trimmed);
  });

  // `/\/+$/` tried every slash of the run as a start, each scanning to its end: quadratic in the run's length.
  test('the cost of a run of slashes that does not end the text grows in proportion to its length', async () => {
    const hostileOf = (n: number) => `${'/'.repeat(n)}x`;
    const hostile = hostileOf(20_000);
    expect(trimTrailingSlashes(hostile)).toBe(hostile);
    expect(trimSlashes(hostile)).toBe('x');
    expect(normalizePath(`a${hostile}`)).toBe(`a${hostile}`);
    const growth = await growthOf((n) => {
      const text = hostileOf(n);
      return () => [trimTrailingSlashes(text), trimSlashes(text), normalizePath(`a${text}`)];
    }, 5000);
    expect(growth).toBeLessThan(LINEAR_GROWTH);
  });
});
