import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { slugOf } from '../../contracts/openapi';
import { mediaRule } from '../../server/src/files/incoming';
import {
  comparedValueSchema,
  FILE_INPUT,
  orNull,
  readSchema,
  writeSchema,
} from '../../server/src/openapi/field-schemas';
import { INVALID } from '../../server/src/query/codecs';
import type { ScalarField, ScalarType } from '../../server/src/query/model';
import { contentDisposition } from '../../server/src/utils/content-disposition';
import { fieldRule } from '../../server/src/writes/field-rules';
import { relation, scalar } from '../helpers/models';

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
for (const format of ['int32', 'int64', 'double']) ajv.addFormat(format, true);
const fits = (schema: Record<string, unknown>, value: unknown) =>
  ajv.compile({ ...schema, components: { schemas: { FileInput: FILE_INPUT } } })(value);

describe('slugs (docs/openapi.md)', () => {
  test.each([
    ['Shop API', 'shop_api'],
    ['Partner API: v2 (Beta)!', 'partner_api__v2__beta__'],
    ['already_ok_123', 'already_ok_123'],
    ['Café crème', 'caf__cr_me'],
    ['../../etc/passwd', '______etc_passwd'],
  ])('%s -> %s', (title, slug) => {
    expect(slugOf(title)).toBe(slug);
  });
});

describe('Content-Disposition', () => {
  test('names the file in ASCII and, exactly, in UTF-8', () => {
    expect(contentDisposition('attachment', 'Shop API.json')).toBe(
      `attachment; filename="Shop API.json"; filename*=UTF-8''Shop%20API.json`
    );
    expect(contentDisposition('inline', `Ünïcode "it's" (1).json`)).toBe(
      `inline; filename="_n_code _it's_ (1).json"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22it%27s%22%20%281%29.json`
    );
  });
});

describe('field schemas', () => {
  test('null is added to the type and to an enumeration', () => {
    expect(orNull({ type: 'string', enum: ['a'] })).toEqual({ type: ['string', 'null'], enum: ['a', null] });
    expect(orNull({ type: ['integer', 'string'] })).toEqual({ type: ['integer', 'string', 'null'] });
    expect(orNull({})).toEqual({});
  });

  test('reads: id and timestamps are never null, other fields may be', () => {
    expect(readSchema(scalar('id', 'integer') as ScalarField, '').type).toBe('integer');
    expect(readSchema(scalar('updatedAt', 'datetime') as ScalarField, '').type).toBe('string');
    expect(readSchema(scalar('total', 'decimal') as ScalarField, '').type).toEqual(['number', 'null']);
    expect(readSchema(relation('tags', 'api::tag.tag', true, {} as never) as never, '')).toMatchObject({
      type: 'array',
    });
  });

  /**
   * The documented write schema of a field accepts exactly what the server's own rule accepts, over values
   * chosen at the edges of each rule: a client that follows the document is never refused, and one that does
   * not is.
   */
  const field = (type: ScalarType, attribute: Record<string, unknown> = {}) =>
    scalar('f', type, 'f', attribute) as ScalarField;
  const CASES: Array<[string, ScalarField, unknown[]]> = [
    ['integer 1..1000', field('integer', { min: 1, max: 1000 }), [0, 1, 1000, 1001, 1.5, '3', null, 2 ** 31]],
    ['integer', field('integer'), [-(2 ** 31), 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, true]],
    ['decimal 0..100000', field('decimal', { min: 0, max: 100000 }), [-0.01, 0, 99.99, 100000, 100000.01, 'x']],
    [
      'decimal',
      field('decimal'),
      [99_999_999.99, 99_999_999.994, 99_999_999.996, 100_000_000, -99_999_999.99, -99_999_999.996, -100_000_000],
    ],
    ['integer, bounds past 32 bits', field('integer', { min: -1e12, max: 1e12 }), [2 ** 31 - 1, 2 ** 31, -(2 ** 31)]],
    ['float', field('float', { min: -1 }), [-1, -1.5, 1e300, '1']],
    ['string <= 80', field('string', { maxLength: 80, required: true }), ['', 'a'.repeat(80), 'a'.repeat(81), null, 1]],
    ['string 3..', field('string', { minLength: 3 }), ['ab', 'abc', null]],
    ['string', field('string'), ['a'.repeat(255), 'a'.repeat(256)]],
    ['string regex', field('string', { regex: '^[A-Z]{3}-\\d+$' }), ['ABC-1', 'abc-1', 'ABC-', '']],
    [
      'text <= 500',
      field('text', { maxLength: 500 }),
      ['a'.repeat(500), 'a'.repeat(501), 'a'.repeat(10_000).slice(0, 400)],
    ],
    ['email', field('email'), ['a@b.co', 'not an email', 'a@b']],
    ['uid', field('uid'), ['a-b_c.d~e', 'a b', 'é']],
    ['enumeration', field('enumeration', { enum: ['free', 'pro'] }), ['free', 'pro', 'gold', null, 1]],
    ['boolean', field('boolean'), [true, false, 'true', 0, null]],
    ['date', field('date'), ['2026-02-28', '2026-02-30', '2026-2-3', 20260228]],
    ['time', field('time'), ['14:30', '14:30:59', '14:30:59.123', '24:00', '14:60']],
  ];

  test.each(CASES)('%s: the documented schema accepts what the rule accepts', (_name, f, values) => {
    const rule = fieldRule(f, 'postgres');
    const schema = writeSchema(f, f.attribute.required !== true);
    for (const value of values) {
      expect([value, fits(schema, value)]).toEqual([value, rule(value) !== INVALID]);
    }
  });

  test('relations: ids, unique, for to-many an array', () => {
    const one = relation('customer', 'api::customer.customer', false, {} as never);
    const many = relation('tags', 'api::tag.tag', true, {} as never);
    for (const value of [1, 0, -1, 1.5, null, '1']) {
      expect([value, fits(writeSchema(one as never, true), value)]).toEqual([
        value,
        fieldRule(one as never, 'sqlite')(value) !== INVALID,
      ]);
    }
    for (const value of [[], [1, 2], [1, 1], [0], 'x']) {
      expect([value, fits(writeSchema(many as never, false), value)]).toEqual([
        value,
        fieldRule(many as never, 'sqlite')(value) !== INVALID,
      ]);
    }
  });

  test('media: the file object of docs/files.md, one or an array, as the server takes it', () => {
    const media = (multiple: boolean, required = false) =>
      ({ kind: 'media', name: 'm', multiple, allowedTypes: ['images'], link: {}, attribute: { required } }) as never;
    const accepts = (rule: (value: unknown) => unknown, value: unknown) => {
      try {
        rule(value);
        return true;
      } catch {
        return false;
      }
    };
    const file = (name: unknown, data: unknown = 'R0lGODlh') => ({ data, name });
    const values = [
      file('a.gif'),
      file('con.txt'),
      file('Lpt1'),
      file('console.txt'),
      file('   '),
      file('..'),
      file('a/b.gif'),
      file('a.gif', ''),
      { ...file('a.gif'), extra: 1 },
      { data: 'R0lGODlh' },
      null,
      [],
      [file('a.gif'), file('b.gif')],
      [file('a.gif'), file('con')],
    ];
    for (const [multiple, required] of [
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ]) {
      const field = media(multiple, required);
      const schema = writeSchema(field, !required);
      for (const value of values) {
        expect([multiple, required, value, fits(schema, value)]).toEqual([
          multiple,
          required,
          value,
          accepts(mediaRule(field, 1024), value),
        ]);
      }
    }
  });

  test('query filters on ids and relations take any 32-bit number', () => {
    for (const f of [scalar('id', 'integer') as ScalarField, relation('customer', 'c', false, {} as never)]) {
      const schema = comparedValueSchema(f as never);
      expect([0, -1, 2 ** 31 - 1].map((v) => fits(schema, v))).toEqual([true, true, true]);
      expect(fits(schema, 2 ** 31)).toBe(false);
    }
  });
});
