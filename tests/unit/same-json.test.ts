import { sameJson } from '../../server/src/utils/same-json';

// How an import tells an unchanged definition: what it means, not how it is written.
describe('sameJson', () => {
  test('member order does not matter, at any depth', () => {
    expect(sameJson({ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 })).toBe(true);
  });

  test('an absent member is the same as one that is null (how an optional setting is stored)', () => {
    expect(sameJson({ a: 1, rateLimit: null }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1, locale: undefined }, { a: 1 })).toBe(true);
  });

  test('array order and values do matter', () => {
    expect(sameJson({ fields: ['id', 'total'] }, { fields: ['total', 'id'] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson({ a: false }, { a: null })).toBe(false);
  });
});
