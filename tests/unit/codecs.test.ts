import { INVALID, codecFor } from '../../server/src/query/codecs';
import type { Dialect } from '../../server/src/query/dialect';
import type { ScalarType } from '../../server/src/query/model';
import { relation as modelRelation, scalar } from '../helpers/models';

const codec = (type: ScalarType, dialect: Dialect = 'sqlite', attribute: Record<string, unknown> = {}) =>
  codecFor(scalar('f', type, 'f', attribute), dialect);
const relation = (many: boolean) =>
  modelRelation('customer', 'api::customer.customer', many, { table: 'l', ownerColumn: 'a', targetColumn: 'b' });

describe('date', () => {
  const c = codec('date');

  test.each(['2026-03-05', '2024-02-29', '2026-12-31'])('accepts %s', (text) => {
    expect(c.parseText(text)).toBe(text);
    expect(c.parseJson(text)).toBe(text);
  });

  test.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '2026-03-05T00:00:00Z', 'today'])(
    'refuses %s',
    (text) => {
      expect(c.parseText(text)).toBe(INVALID);
    }
  );

  test('reads driver Dates (local midnight) and text', () => {
    expect(c.fromDb(new Date(2026, 2, 5))).toBe('2026-03-05');
    expect(c.fromDb('2026-03-05T00:00:00.000Z')).toBe('2026-03-05');
    expect(c.fromDb('2026-03-05')).toBe('2026-03-05');
    expect(c.fromDb(null)).toBeNull();
  });
});

describe('datetime', () => {
  const c = codec('datetime');
  const iso = (v: unknown) => (v === INVALID ? 'INVALID' : (v as Date).toISOString());

  test.each([
    ['2026-03-05T14:30:00Z', '2026-03-05T14:30:00.000Z'],
    ['2026-03-05T14:30:00.250Z', '2026-03-05T14:30:00.250Z'],
    ['2026-03-05T14:30:00+02:00', '2026-03-05T12:30:00.000Z'],
    ['2026-03-05T14:30:00-0100', '2026-03-05T15:30:00.000Z'],
    ['2026-03-05T14:30', '2026-03-05T14:30:00.000Z'],
    ['2026-03-05', '2026-03-05T00:00:00.000Z'],
  ])('%s without a zone is UTC, with one is converted: %s', (text, expected) => {
    expect(iso(c.parseText(text))).toBe(expected);
    expect(iso(c.parseJson(text))).toBe(expected);
  });

  test.each(['yesterday', '2026-03-05 14:30:00', '2026-03-05T25:00:00Z', '2026-13-01T00:00:00Z', '1772721000000'])(
    'refuses %s',
    (text) => {
      expect(c.parseText(text)).toBe(INVALID);
    }
  );

  test('refuses calendar days that do not exist, as the date type does', () => {
    expect(c.parseText('2026-02-30T10:00:00Z')).toBe(INVALID);
    expect(c.parseText('2026-02-30')).toBe(INVALID);
  });

  test('JSON must be a string', () => {
    expect(c.parseJson(1772721000000)).toBe(INVALID);
  });

  test('binds epoch ms on SQLite and the Date elsewhere', () => {
    const at = new Date('2026-03-05T14:30:00Z');
    expect(codec('datetime', 'sqlite').toDb(at)).toBe(at.getTime());
    expect(codec('datetime', 'postgres').toDb(at)).toBe(at);
    expect(codec('timestamp', 'mysql').toDb(at)).toBe(at);
  });

  test.each([
    [Date.UTC(2026, 2, 5, 14, 30), '2026-03-05T14:30:00.000Z'],
    [BigInt(Date.UTC(2026, 2, 5)), '2026-03-05T00:00:00.000Z'],
    [new Date('2026-03-05T14:30:00Z'), '2026-03-05T14:30:00.000Z'],
    ['2026-03-05 14:30:00', '2026-03-05T14:30:00.000Z'],
    ['2026-03-05T14:30:00+01:00', '2026-03-05T13:30:00.000Z'],
    ['not a date', 'not a date'],
    [null, null],
  ])('reads %p as %p', (raw, expected) => {
    expect(c.fromDb(raw)).toBe(expected);
  });
});

describe('time', () => {
  const c = codec('time');

  test.each([
    ['14:30', '14:30:00.000'],
    ['00:00:00', '00:00:00.000'],
    ['23:59:59.999', '23:59:59.999'],
    ['08:15:00.5', '08:15:00.500'],
  ])('accepts %s as %s', (text, full) => {
    expect(c.parseText(text)).toBe(full);
  });

  test('reads every database form as HH:mm:ss.SSS', () => {
    expect(c.fromDb('14:30:00')).toBe('14:30:00.000');
    expect(c.fromDb('14:30:00.120')).toBe('14:30:00.120');
  });

  test.each(['24:00', '14:60', '9:30', '14:30:00.1234', '14h30'])('refuses %s', (text) => {
    expect(c.parseText(text)).toBe(INVALID);
  });
});

describe.each(['json', 'blocks'] as const)('%s', (type) => {
  const c = codec(type);

  test('cannot be compared nor parsed from a filter', () => {
    expect(c.comparable).toBe(false);
    expect(c.parseText('{}')).toBe(INVALID);
    expect(c.parseJson({ a: 1 })).toBe(INVALID);
  });

  test('stores JSON text and reads it back', () => {
    expect(c.toDb({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(c.fromDb('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(c.fromDb({ a: 1 })).toEqual({ a: 1 });
    expect(c.fromDb('{broken')).toBe('{broken');
    expect(c.fromDb(null)).toBeNull();
  });
});

describe('parseJson accepts what parseText returned (query values handed on as variables)', () => {
  test.each([
    ['integer', '12'],
    ['biginteger', '9223372036854775807'],
    ['decimal', '12.5'],
    ['boolean', 'false'],
    ['string', 'a b'],
    ['date', '2026-03-05'],
    ['datetime', '2026-03-05T14:30:00Z'],
    ['time', '14:30'],
  ] as const)('%s', (type, text) => {
    const c = codec(type);
    const parsed = c.parseText(text);
    expect(parsed).not.toBe(INVALID);
    expect(c.parseJson(parsed)).toEqual(parsed);
  });

  test('an invalid Date is still refused', () => {
    expect(codec('datetime').parseJson(new Date('nope'))).toBe(INVALID);
  });
});

describe('relations', () => {
  test('a to-one relation is a row id, comparable but not ordered', () => {
    const c = codecFor(relation(false), 'postgres');
    expect(c.parseText('3')).toBe(3);
    expect(c.parseText('x')).toBe(INVALID);
    expect(c.ordered).toBe(false);
    expect(c.fromDb('3')).toBe(3);
  });

  test('a to-many relation reads "3,1,2" as ids in link order', () => {
    const c = codecFor(relation(true), 'sqlite');
    expect(c.fromDb('3,1,2')).toEqual([3, 1, 2]);
    expect(c.fromDb('7')).toEqual([7]);
    expect(c.fromDb('')).toEqual([]);
    expect(c.fromDb(null)).toEqual([]);
    expect(c.parseJson(4)).toBe(4);
  });

  test('an unsupported field has no codec', () => {
    expect(() => codecFor({ kind: 'unsupported', name: 'photo', reason: 'media' }, 'sqlite')).toThrow(
      'field photo has no codec'
    );
  });
});
