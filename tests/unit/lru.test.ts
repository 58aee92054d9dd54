import { createLru } from '../../server/src/query/lru';

test('evicts the least recently used entry and hands it back', () => {
  const lru = createLru<number>(2);
  expect(lru.set('a', 1)).toBeNull();
  expect(lru.set('b', 2)).toBeNull();
  expect(lru.get('a')).toBe(1); // a is now the most recent
  expect(lru.set('c', 3)).toEqual(['b', 2]);
  expect(lru.get('b')).toBeUndefined();
  expect(lru.get('a')).toBe(1);
  expect(lru.get('c')).toBe(3);
});
