import { LIMITS } from '../../../contracts/limits';
import { DefinitionError } from '../errors/definition-error';
import { codecFor, holdsNul, INVALID, type Parsed } from '../query/codecs';
import type { Dialect } from '../query/dialect';
import type { RelationField, ScalarField } from '../query/model';
import { compileLinearRegex } from './linear-regex';

export type WritableField = ScalarField | RelationField;

/** Checks one incoming value against the field's type and its content type's rules; INVALID when it breaks one. */
export type FieldRule = (value: unknown) => Parsed;

/** Strapi stores these in `varchar(255)` columns. */
const SHORT_TEXT = new Set(['string', 'email', 'uid', 'enumeration']);
const TEXT = new Set(['string', 'email', 'uid', 'text', 'richtext']);
/** Strapi's `decimal(10, 2)` column holds values whose rounding to cents is below this, in absolute value. */
export const DECIMAL_LIMIT = 1e8;
/**
 * `local@domain.tld`: no whitespace, one `@`, a `.` inside the domain. Plain code: as a regex
 * (`^[^\s@]+@[^\s@]+\.[^\s@]+$`) a long near-miss backtracks in quadratic time.
 */
const isEmail = (s: string) => {
  const at = s.indexOf('@');
  const dot = s.indexOf('.', at + 2);
  return at > 0 && s.indexOf('@', at + 1) === -1 && dot !== -1 && dot < s.length - 1 && !/\s/.test(s);
};
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

/**
 * A list of blocks nodes: objects, down every `children` list. Strapi's blocks validator reads the `type` of
 * each node, and crashes on one that is not an object (a 500 on Strapi's own API); its other rules are
 * checked by that validator.
 */
const isNodeList = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every(
    (node) =>
      typeof node === 'object' &&
      node !== null &&
      !Array.isArray(node) &&
      (!Array.isArray((node as { children?: unknown }).children) ||
        isNodeList((node as { children: unknown }).children))
  );

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

type Matcher = (s: string) => boolean;
/** How a field's `regex` is run: chosen by whether the value comes from a request. */
type RegexOf = (field: ScalarField, pattern: string) => Matcher;

/** Request input: a linear-time engine; a pattern it cannot run that way refuses the endpoint (fails closed). */
const linearRegex: RegexOf = (field, pattern) => {
  try {
    return compileLinearRegex(pattern);
  } catch (error) {
    // The rule knows its field, not where the definition names it: the problem is about the input as a whole.
    throw new DefinitionError(
      [],
      `"${field.name}": its content type's regex cannot be checked safely: ${(error as Error).message}`
    );
  }
};

/** The content type's own constants (defaults): JavaScript's engine, as Strapi's validator runs them. */
const javascriptRegex: RegexOf = (_field, pattern) => {
  const regex = new RegExp(pattern);
  return (s) => regex.test(s);
};

const textRule = (field: ScalarField, regexOf: RegexOf): Matcher => {
  const minLength = asNumber(field.attribute.minLength);
  const maxLength = asNumber(field.attribute.maxLength);
  // The database counts characters; minLength/maxLength count as Strapi's own validator does (UTF-16 units).
  const columnLimit = SHORT_TEXT.has(field.type) ? SHORT_TEXT_LIMIT : Infinity;
  const regex = typeof field.attribute.regex === 'string' ? regexOf(field, field.attribute.regex) : null;
  return (s) =>
    (minLength === null || s.length >= minLength) &&
    (maxLength === null || s.length <= maxLength) &&
    (s.length <= columnLimit || [...s].length <= columnLimit) &&
    (!regex || s === '' || regex(s)) &&
    (field.type !== 'email' || isEmail(s)) &&
    (field.type !== 'uid' || UID.test(s));
};

const relationRule = (field: RelationField): FieldRule => {
  const isId = (v: unknown): v is number =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= LIMITS.maxRowId;
  if (!field.many) return (v) => (v === null || isId(v) ? v : INVALID);
  return (v) =>
    Array.isArray(v) && v.length <= LIMITS.relationIds && v.every(isId) && new Set(v).size === v.length ? v : INVALID;
};

const ruleOf = (field: WritableField, dialect: Dialect, regexOf: RegexOf): FieldRule => {
  const required = field.attribute.required === true;
  const orNull =
    (rule: FieldRule): FieldRule =>
    (v) =>
      v === null ? (required ? INVALID : null) : rule(v);
  if (field.kind === 'relation') return orNull(relationRule(field));
  // PostgreSQL stores no NUL character, in text or in JSON: refused on every database alike.
  if (field.type === 'json') return orNull((v) => (v !== undefined && withinDepth(v) && !holdsNul(v) ? v : INVALID));
  if (field.type === 'blocks') return orNull((v) => (withinDepth(v) && isNodeList(v) && !holdsNul(v) ? v : INVALID));
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
    const fits = textRule(field, regexOf);
    return orNull((v) => (typeof v === 'string' && !holdsNul(v) && fits(v) ? v : INVALID));
  }
  if (field.type === 'enumeration') {
    return orNull((v) => (typeof v === 'string' && [...v].length <= SHORT_TEXT_LIMIT ? codec.parseJson(v) : INVALID));
  }
  return orNull((v) => codec.parseJson(v));
};

/**
 * The rule of a writable field: its type (as List reads it), then `min`/`max`, `minLength`/`maxLength`, `regex`
 * (in linear time: DefinitionError for a pattern that cannot run so), e-mail and uid formats, and the column's
 * own limits. `null` clears a field unless the content type requires it.
 */
export const fieldRule = (field: WritableField, dialect: Dialect): FieldRule => ruleOf(field, dialect, linearRegex);

/**
 * The rule of a constant the site itself wrote (a preset or task value of a definition, a content type's
 * default): no request chose it, so `regex` runs as Strapi runs it, with every pattern JavaScript accepts.
 */
export const constantRule = (field: WritableField, dialect: Dialect): FieldRule =>
  ruleOf(field, dialect, javascriptRegex);

/** The value a field takes on create when nothing sets it: the content type's `default`. */
export const defaultOf = (field: WritableField): unknown =>
  field.kind === 'scalar' && field.attribute.default !== undefined ? field.attribute.default : undefined;

/** The field's default in the form its rule gives, or INVALID (none, or one that breaks the rule). */
export const checkedDefault = (field: WritableField, dialect: Dialect): Parsed => {
  const raw = defaultOf(field);
  return raw === undefined ? INVALID : constantRule(field, dialect)(raw);
};
