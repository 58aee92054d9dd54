import { normalizePath } from '../../contracts/definition';
import { trimSlashes, trimTrailingSlashes } from '../../contracts/slashes';
import { CHEAP_MS, cpuMsOf } from '../helpers/cpu';

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

  // `/\/+$/` tried every slash of the run as a start, each scanning to its end: ~5e9 steps here.
  test('a long run of slashes that does not end the text costs no more than a short one', async () => {
    const hostile = `${'/'.repeat(100_000)}x`;
    const ms = await cpuMsOf(() => {
      expect(trimTrailingSlashes(hostile)).toBe(hostile);
      expect(trimSlashes(hostile)).toBe('x');
      expect(normalizePath(`a${hostile}`)).toBe(`a${hostile}`);
    });
    expect(ms).toBeLessThan(CHEAP_MS);
  });
});
