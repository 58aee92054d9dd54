import { createByteLru } from '../../server/src/cache/byte-lru';

const lru = (maxBytes: number) => {
  let evicted = 0;
  const map = createByteLru<string>(maxBytes, () => {
    evicted += 1;
  });
  return { map, evicted: () => evicted };
};

describe('byte-bounded LRU', () => {
  test('holds entries up to maxBytes, then drops the least recently used first', () => {
    const { map, evicted } = lru(100);
    map.set('a', 'A', 40);
    map.set('b', 'B', 40);
    expect(map.get('a')).toBe('A'); // a is now the most recently used
    map.set('c', 'C', 40);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual(['A', undefined, 'C']);
    expect([map.bytes, map.size, evicted()]).toEqual([80, 2, 1]);
  });

  test('never holds more than maxBytes, whatever is set', () => {
    const { map, evicted } = lru(1000);
    for (let n = 0; n < 5000; n += 1) {
      map.set(`k${n}`, 'v', 1 + (n % 97));
      expect(map.bytes).toBeLessThanOrEqual(1000);
    }
    expect(evicted()).toBeGreaterThan(4000);
    expect(map.size + evicted()).toBe(5000);
  });

  test('an entry larger than the bound is not held (and what it pushed out is gone)', () => {
    const { map } = lru(100);
    map.set('a', 'A', 50);
    map.set('big', 'B', 150);
    expect([map.get('a'), map.get('big'), map.bytes, map.size]).toEqual([undefined, undefined, 0, 0]);
  });

  test('setting a key again replaces its value and its size', () => {
    const { map, evicted } = lru(100);
    map.set('a', 'A', 60);
    map.set('a', 'A2', 30);
    expect([map.get('a'), map.bytes, map.size, evicted()]).toEqual(['A2', 30, 1, 0]);
  });

  test('deletes one key, or every entry a predicate picks', () => {
    const { map } = lru(100);
    for (const k of ['a1', 'a2', 'b1']) map.set(k, k, 10);
    expect(map.delete('b1')).toBe(true);
    expect(map.delete('b1')).toBe(false);
    map.set('b2', 'b2', 10);
    expect(map.deleteWhere((v) => v.startsWith('a'))).toBe(2);
    expect([map.size, map.bytes, map.get('b2')]).toEqual([1, 10, 'b2']);
  });
});
