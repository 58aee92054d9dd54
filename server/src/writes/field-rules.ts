import { LIMITS } from '../../../contracts/limits';
import { codecFor, INVALID, type Parsed } from '../query/codecs';
import type { Dialect } from '../query/dialect';
import type { RelationField, ScalarField } from '../query/model';

export type WritableField = ScalarField | RelationField;

/** Checks one incoming value against the field's type and its content type's rules; INVALID when it breaks one. */
export type FieldRule = (value: unknown) => Parsed;

/** Strapi stores these in `varchar(255)` columns. */
const SHORT_TEXT = new Set(['string', 'email', 'uid', 'enumeration']);
const TEXT = new Set(['string', 'email', 'uid', 'text', 'richtext']);
/** Strapi's `decimal(10, 2)` column holds values whose rounding to cents is below this, in absolute value. */
export const DECIMAL_LIMIT = 1e8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a uid field holds (as Strapi's own validator checks it), also published in OpenAPI documents. */
export const UID_PATTERN = '^[A-Za-z0-9-_.~]*$';
const UID = new RegExp(UID_PATTERN);
/** The characters a `varchar(255)` column holds. */
export const SHORT_TEXT_LIMIT = 255;

/** JSON nested deeper than this is refused: it could not be stored without exhausting the stack. */
const MAX_JSON_DEPTH = 64;

const withinDepth = (value: unknown): boolean => {
  let level: unknown[] = [value];
  for (let depth = 0; level.length; depth += 1) {
    if (depth > MAX_JSON_DEPTH) return false;
    level = level.flatMap((v) => (typeof v === 'object' && v !== null ? Object.values(v) : []));
  }
  return true;
};

const asNumber = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

const numberRule = (field: ScalarField): ((n: number) => boolean) => {
  const min = asNumber(field.attribute.min);
  const max = asNumber(field.attribute.max);
  const decimal = field.type === 'decimal';
  // The column rounds to two places first: 99999999.995 would not fit.
  return (n) =>
    (min === null || n >= min) &&
    (max === null || n <= max) &&
    (!decimal || Math.abs(Math.round(n * 100) / 100) < DECIMAL_LIMIT);
};

const textRule = (field: ScalarField): ((s: string) => boolean) => {
  const minLength = asNumber(field.attribute.minLength);
  const maxLength = asNumber(field.attribute.maxLength);
  // The database counts characters; minLength/maxLength count as Strapi's own validator does (UTF-16 units).
  const columnLimit = SHORT_TEXT.has(field.type) ? SHORT_TEXT_LIMIT : Infinity;
  const regex = typeof field.attribute.regex === 'string' ? new RegExp(field.attribute.regex) : null;
  return (s) =>
    (minLength === null || s.length >= minLength) &&
    (maxLength === null || s.length <= maxLength) &&
    (s.length <= columnLimit || [...s].length <= columnLimit) &&
    (!regex || s === '' || regex.test(s)) &&
    (field.type !== 'email' || EMAIL.test(s)) &&
    (field.type !== 'uid' || UID.test(s));
};

const relationRule = (field: RelationField): FieldRule => {
  const isId = (v: unknown): v is number =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= LIMITS.maxRowId;
  if (!field.many) return (v) => (v === null || isId(v) ? v : INVALID);
  return (v) =>
    Array.isArray(v) && v.length <= LIMITS.relationIds && v.every(isId) && new Set(v).size === v.length ? v : INVALID;
};

/**
 * The rule of a writable field: its type (as List reads it), then `min`/`max`, `minLength`/`maxLength`, `regex`,
 * e-mail and uid formats, and the column's own limits. `null` clears a field unless the content type requires it.
 */
export const fieldRule = (field: WritableField, dialect: Dialect): FieldRule => {
  const required = field.attribute.required === true;
  const orNull =
    (rule: FieldRule): FieldRule =>
    (v) =>
      v === null ? (required ? INVALID : null) : rule(v);
  if (field.kind === 'relation') return orNull(relationRule(field));
  if (field.type === 'json') return orNull((v) => (v !== undefined && withinDepth(v) ? v : INVALID));
  if (field.type === 'blocks') return orNull((v) => (Array.isArray(v) && withinDepth(v) ? v : INVALID));
  const codec = codecFor(field, dialect);
  if (field.type === 'integer' || field.type === 'float' || field.type === 'decimal') {
    const inRange = numberRule(field);
    return orNull((v) => {
      const parsed = codec.parseJson(v);
      return parsed !== INVALID && inRange(parsed as number) ? parsed : INVALID;
    });
  }
  if (field.type === 'biginteger') {
    const inRange = numberRule(field);
    return orNull((v) => {
      const parsed = codec.parseJson(v);
      return parsed !== INVALID && inRange(Number(parsed)) ? parsed : INVALID;
    });
  }
  if (TEXT.has(field.type)) {
    const fits = textRule(field);
    return orNull((v) => (typeof v === 'string' && fits(v) ? v : INVALID));
  }
  if (field.type === 'enumeration') {
    return orNull((v) => (typeof v === 'string' && [...v].length <= SHORT_TEXT_LIMIT ? codec.parseJson(v) : INVALID));
  }
  return orNull((v) => codec.parseJson(v));
};

/** The value a field takes on create when nothing sets it: the content type's `default`. */
export const defaultOf = (field: WritableField): unknown =>
  field.kind === 'scalar' && field.attribute.default !== undefined ? field.attribute.default : undefined;
