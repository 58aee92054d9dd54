import { splitValueList } from '../../server/src/query/value-list';
import { growthOf, LINEAR_GROWTH } from '../helpers/growth';

const split = (text: string) => splitValueList(text, 100);

describe('splitValueList', () => {
  test.each([
    ['1', ['1']],
    ['1,2,3', ['1', '2', '3']],
    ['a b,c', ['a b', 'c']],
    ['"a,b",c', ['a,b', 'c']],
    ['c,"a,b"', ['c', 'a,b']],
    ['"say \\"hi\\"",x', ['say "hi"', 'x']],
    ['"back\\\\slash"', ['back\\slash']],
    ['"\\\\\\""', ['\\"']],
    ['"",x'.replace('""', '"q"'), ['q', 'x']],
    [' 1 , 2', [' 1 ', ' 2']],
  ])('%s', (text, values) => {
    expect(split(text)).toEqual({ values });
  });

  test.each([
    ['', 'has no value'],
    [',', 'has an empty value'],
    ['1,', 'has an empty value'],
    [',1', 'has an empty value'],
    ['1,,2', 'has an empty value'],
    ['""', 'has an empty value'],
    ['"a,b', 'has a quote that is not closed'],
    ['"a\\"', 'has a quote that is not closed'],
    ['"a\\', 'has a backslash inside quotes that escapes neither " nor \\'],
    ['"a\\n"', 'has a backslash inside quotes that escapes neither " nor \\'],
    ['"a"b', 'has a closing quote not followed by a comma'],
    ['a"b"', 'has a quote inside a value: write that value in quotes'],
    ['a,b"', 'has a quote inside a value: write that value in quotes'],
  ])('%j is refused: %s', (text, problem) => {
    expect(split(text)).toEqual({ problem });
  });

  test('a backslash outside quotes is an ordinary character', () => {
    expect(split('a\\b,c')).toEqual({ values: ['a\\b', 'c'] });
  });

  test('takes up to its bound of values, and refuses one more', () => {
    const values = Array.from({ length: 100 }, (_, i) => String(i));
    expect(split(values.join(','))).toEqual({ values });
    expect(split([...values, '100'].join(','))).toEqual({ problem: 'has more than 100 values' });
  });

  test('stops at the first value past its bound, however long the text', () => {
    expect(splitValueList('a,b,c,"never closed', 2)).toEqual({ problem: 'has more than 2 values' });
  });

  test.each([
    ['many short values', (n: number) => Array.from({ length: n }, () => 'ab').join(',')],
    ['one long quoted value of escapes', (n: number) => `"${'\\"'.repeat(n)}"`],
    ['one long unquoted value', (n: number) => 'a'.repeat(n)],
    ['a quote never closed', (n: number) => `"${'a,'.repeat(n)}`],
  ])('time grows linearly with the text: %s', async (_, textOf) => {
    const growth = await growthOf((n) => {
      const text = textOf(n);
      return () => splitValueList(text, Infinity);
    }, 5000);
    expect(growth).toBeLessThan(LINEAR_GROWTH);
  });
});
