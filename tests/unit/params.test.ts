import { codecFor } from '../../server/src/query/codecs';
import type { ModelField } from '../../server/src/query/model';
import { scalar as modelScalar } from '../helpers/models';
import { parseListQuery, type QueryFilterSpec } from '../../server/src/query/params';
import { ApiError } from '../../server/src/errors/api-error';

const scalar = (name: string, type: Parameters<typeof modelScalar>[1], attribute: Record<string, unknown> = {}) =>
  modelScalar(name, type, name, attribute);
const spec = (key: string, field: ModelField): [string, QueryFilterSpec] => [
  key,
  { key, codec: codecFor(field, 'sqlite'), valueList: key.endsWith(':in') },
];
const filterable = new Map<string, QueryFilterSpec>([
  spec('id', scalar('id', 'integer')),
  spec('id:gt', scalar('id', 'integer')),
  spec('id:lt', scalar('id', 'integer')),
  spec('id:in', scalar('id', 'integer')),
  spec('status', scalar('status', 'enumeration', { enum: ['paid', 'shipped'] })),
  spec('total:gt', scalar('total', 'decimal')),
  spec('note', scalar('note', 'text')),
  spec('note:in', scalar('note', 'text')),
  spec('orderedAt:gt', scalar('orderedAt', 'datetime')),
  spec('gift', scalar('gift', 'boolean')),
]);
const parse = (querystring: string) => parseListQuery(querystring, filterable);

const expectInvalid = (querystring: string, message = 'Invalid request parameters') => {
  let error: unknown;
  try {
    parse(querystring);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  expect((error as ApiError).message).toBe(message);
};

describe('page', () => {
  test('defaults to 1 with an empty query', () => {
    expect(parse('')).toEqual({ page: 1, filters: new Map(), entries: [] });
  });

  test.each([
    ['page=1', 1],
    ['page=2', 2],
    ['page=999999999', 999999999],
  ])('%s', (querystring, page) => {
    expect(parse(querystring).page).toBe(page);
  });

  test.each([
    'page=abc',
    'page=0',
    'page=-1',
    'page=1.5',
    'page=',
    'page=01',
    'page=1e3',
    'page=%201',
    'page=1000000000',
    'page=99999999999999999999',
  ])('%s is 400', (querystring) => expectInvalid(querystring));
});

describe('filters', () => {
  test('values are typed by the field codec, in the order given', () => {
    const parsed = parse('total:gt=10.5&status=paid&id:gt=7&gift=true&note=a+b%26c');
    expect([...parsed.filters]).toEqual([
      ['total:gt', 10.5],
      ['status', 'paid'],
      ['id:gt', 7],
      ['gift', true],
      ['note', 'a b&c'],
    ]);
  });

  test('a datetime filter becomes a Date', () => {
    const value = parse('orderedAt:gt=2026-03-05T14:30:00%2B02:00').filters.get('orderedAt:gt');
    expect(value).toBeInstanceOf(Date);
    expect((value as Date).toISOString()).toBe('2026-03-05T12:30:00.000Z');
  });

  test('a percent-encoded colon in the key is the same key', () => {
    expect(parse('id%3Alt=50').filters.get('id:lt')).toBe(50);
  });

  test('the raw pairs are kept for the paging links, page included', () => {
    expect(parse('status=paid&page=3').entries).toEqual([
      ['status', 'paid'],
      ['page', '3'],
    ]);
  });

  test('an empty text value is a valid string filter', () => {
    expect(parse('note=').filters.get('note')).toBe('');
  });

  test.each([
    ['an unknown parameter', 'colour=red'],
    ['an operator the field lacks', 'status:gt=paid'],
    ['a bare key', 'foo'],
    ['a value invalid for the type', 'total:gt=abc'],
    ['an empty number', 'id='],
    ['an enum value not listed', 'status=lost'],
    ['a non-boolean', 'gift=1'],
    ['an invalid datetime', 'orderedAt:gt=yesterday'],
    ['an id out of range', 'id:gt=2147483648'],
    ['a repeated filter', 'status=paid&status=shipped'],
    ['a repeated page', 'page=1&page=2'],
    ['a repeated operator', 'id:gt=1&id:gt=2'],
  ])('%s is 400', (_, querystring) => expectInvalid(querystring));
});

describe(':in filters', () => {
  test('take a list of values, each typed by the field codec', () => {
    const parsed = parse('id:in=3,1,2&note:in="a,b",c&id:gt=0');
    expect([...parsed.filters]).toEqual([
      ['id:in', [3, 1, 2]],
      ['note:in', ['a,b', 'c']],
      ['id:gt', 0],
    ]);
    expect(parsed.entries).toEqual([
      ['id:in', '3,1,2'],
      ['note:in', '"a,b",c'],
      ['id:gt', '0'],
    ]);
  });

  test('take up to 100 values', () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(parse(`id:in=${ids.join(',')}`).filters.get('id:in')).toEqual(ids);
  });

  test.each([
    ['no value', 'id:in=', 'Invalid request parameters: id:in has no value'],
    ['an empty value', 'id:in=1,,2', 'Invalid request parameters: id:in has an empty value'],
    ['an empty quoted value', 'note:in=a,""', 'Invalid request parameters: note:in has an empty value'],
    [
      'a value invalid for the type',
      'id:in=1,two',
      'Invalid request parameters: id:in has an invalid value (number 2)',
    ],
    ['an id out of range', 'id:in=2147483648', 'Invalid request parameters: id:in has an invalid value (number 1)'],
    ['an open quote', 'note:in="a,b', 'Invalid request parameters: note:in has a quote that is not closed'],
    [
      '101 values',
      `id:in=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      'Invalid request parameters: id:in has more than 100 values',
    ],
    [
      'a repeated filter that has an :in',
      'id=1&id=2',
      'Invalid request parameters: id is given twice; ask for several values with one id:in=v1,v2,...',
    ],
    [
      'a repeated key even with the same value',
      'id=1&id=1',
      'Invalid request parameters: id is given twice; ask for several values with one id:in=v1,v2,...',
    ],
    [
      'a repeated :in',
      'id:in=1&id:in=2',
      'Invalid request parameters: id:in is given twice; ask for several values with one id:in=v1,v2,...',
    ],
  ])('%s is 400 naming the key', (_, querystring, message) => expectInvalid(querystring, message));

  test('an operator without :in keeps the bare message', () => {
    expectInvalid('status:in=paid');
  });
});
