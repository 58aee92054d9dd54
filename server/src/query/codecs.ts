import { LIMITS } from '../../../contracts/limits';
import { isoFromEpochMs } from '../utils/iso-date';
import type { Dialect } from './dialect';
import type { ModelField, ScalarType } from './model';

/** Returned by a parser for a value that is not valid for the field's type. */
export const INVALID: unique symbol = Symbol('invalid');
export type Parsed = unknown | typeof INVALID;

/**
 * How one field's values travel: from a query string or JSON into a typed value, from that into a driver
 * binding for the current database, and from the driver back to the JSON wire form (docs/reference.md#endpoint-definition-json).
 */
export interface Codec {
  parseText(text: string): Parsed;
  /** Also accepts the codec's own parsed form, so parsed values can be handed on as variables. */
  parseJson(value: unknown): Parsed;
  toDb(value: unknown): unknown;
  fromDb(raw: unknown): unknown;
  /** Whether :gt / :lt (and $lt, $gt, ...) make sense. */
  ordered: boolean;
  /** Whether the field can be compared at all (JSON cannot). */
  comparable: boolean;
  /** Whether text operators ($contains, $startsWith, ...) apply. */
  textual?: boolean;
}

const INT32 = LIMITS.maxRowId;
// No two parts of a pattern may match the same text, or a long near-miss backtracks (`\d+\.?\d*` was quadratic).
const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;
const INTEGER_TEXT = /^-?\d+$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_TEXT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME_TEXT = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;

const NUL = '\u0000';

/** Whether a string, or any string or key within a JSON value, holds NUL: PostgreSQL stores none, so none pass. */
export const holdsNul = (value: unknown): boolean => {
  const pending = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string' && v.includes(NUL)) return true;
    if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes(NUL)) return true;
        pending.push(item);
      }
    }
  }
  return false;
};

const identity = (v: unknown) => v;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const isValidDate = (text: string) => {
  const m = DATE_TEXT.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

const toIsoDatetime = (raw: unknown): string | null => {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : isoFromEpochMs(raw.getTime());
  if (typeof raw === 'number' || typeof raw === 'bigint') return isoFromEpochMs(Number(raw));
  const text = String(raw);
  // SQLite rows written by hand may hold "YYYY-MM-DD HH:MM:SS" without a zone: Strapi means UTC.
  const normalized = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text.replace(' ', 'T')}Z`;
  const date = new Date(normalized);
  return Number.isNaN(date.getTime()) ? text : isoFromEpochMs(date.getTime());
};

const integerCodec = (min: number, max: number): Codec => {
  const check = (n: number) => (Number.isSafeInteger(n) && n >= min && n <= max ? n : INVALID);
  return {
    parseText: (t) => (INTEGER_TEXT.test(t) ? check(Number(t)) : INVALID),
    parseJson: (v) => (typeof v === 'number' ? check(v) : INVALID),
    toDb: identity,
    fromDb: (raw) => (raw === null || raw === undefined ? null : Number(raw)),
    ordered: true,
    comparable: true,
  };
};

const BIG_MAX = BigInt('9223372036854775807');
const bigintCodec: Codec = {
  parseText: (t) => (INTEGER_TEXT.test(t) && BigInt(t) <= BIG_MAX && BigInt(t) >= -BIG_MAX - BigInt(1) ? t : INVALID),
  parseJson: (v) =>
    typeof v === 'number' && Number.isSafeInteger(v)
      ? String(v)
      : typeof v === 'string'
        ? bigintCodec.parseText(v)
        : INVALID,
  toDb: identity,
  fromDb: (raw) => {
    if (raw === null || raw === undefined) return null;
    const n = Number(raw);
    // JSON numbers lose precision past 2^53: such values travel as strings.
    return Number.isSafeInteger(n) ? n : String(raw);
  },
  ordered: true,
  comparable: true,
};

const numberCodec: Codec = {
  parseText: (t) => (DECIMAL_TEXT.test(t) && Number.isFinite(Number(t)) ? Number(t) : INVALID),
  parseJson: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : INVALID),
  toDb: identity,
  fromDb: (raw) => (raw === null || raw === undefined ? null : Number(raw)),
  ordered: true,
  comparable: true,
};

const booleanCodec = (dialect: Dialect): Codec => ({
  parseText: (t) => (t === 'true' ? true : t === 'false' ? false : INVALID),
  parseJson: (v) => (typeof v === 'boolean' ? v : INVALID),
  // better-sqlite3 binds no booleans; MySQL stores tinyint(1).
  toDb: (v) => (dialect === 'postgres' ? v : v ? 1 : 0),
  fromDb: (raw) => (raw === null || raw === undefined ? null : raw === true || raw === 1 || raw === '1' || raw === 't'),
  ordered: false,
  comparable: true,
});

const stringCodec = (values?: string[]): Codec => {
  const check = (s: string) => ((values && !values.includes(s)) || s.includes(NUL) ? INVALID : s);
  return {
    parseText: check,
    parseJson: (v) => (typeof v === 'string' ? check(v) : INVALID),
    toDb: identity,
    fromDb: (raw) => (raw === null || raw === undefined ? null : String(raw)),
    ordered: !values,
    comparable: true,
    textual: !values,
  };
};

const dateCodec: Codec = {
  parseText: (t) => (isValidDate(t) ? t : INVALID),
  parseJson: (v) => (typeof v === 'string' && isValidDate(v) ? v : INVALID),
  toDb: identity,
  fromDb: (raw) => {
    if (raw === null || raw === undefined) return null;
    if (raw instanceof Date) return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
    return String(raw).slice(0, 10);
  },
  ordered: true,
  comparable: true,
};

const datetimeCodec = (dialect: Dialect): Codec => {
  const parse = (t: string) => {
    if (!DATETIME_TEXT.test(t) || !isValidDate(t.slice(0, 10))) return INVALID;
    const date = new Date(DATE_TEXT.test(t) ? `${t}T00:00:00Z` : /[zZ]|[+-]\d{2}:?\d{2}$/.test(t) ? t : `${t}Z`);
    return Number.isNaN(date.getTime()) ? INVALID : date;
  };
  return {
    parseText: parse,
    // A Date is this codec's own parsed form (query-string values arrive already parsed).
    parseJson: (v) =>
      typeof v === 'string' ? parse(v) : v instanceof Date && !Number.isNaN(v.getTime()) ? v : INVALID,
    // Strapi stores datetimes in SQLite as epoch milliseconds, elsewhere as timestamps the driver maps to Date.
    toDb: (v) => (dialect === 'sqlite' ? (v as Date).getTime() : v),
    fromDb: toIsoDatetime,
    ordered: true,
    comparable: true,
  };
};

/** Times travel as `HH:mm:ss.SSS` whatever the database returns (`14:30:00` on PostgreSQL). */
const fullTime = (text: string) => {
  const [hms, fraction = ''] = text.split('.');
  return `${hms.length === 5 ? `${hms}:00` : hms}.${fraction.padEnd(3, '0').slice(0, 3)}`;
};

const timeCodec: Codec = {
  parseText: (t) => (TIME_TEXT.test(t) ? fullTime(t) : INVALID),
  parseJson: (v) => (typeof v === 'string' && TIME_TEXT.test(v) ? fullTime(v) : INVALID),
  toDb: identity,
  fromDb: (raw) => (raw === null || raw === undefined ? null : fullTime(String(raw))),
  ordered: true,
  comparable: true,
};

const jsonCodec: Codec = {
  parseText: () => INVALID,
  parseJson: () => INVALID,
  toDb: (v) => JSON.stringify(v),
  fromDb: (raw) => {
    if (raw === null || raw === undefined) return null;
    if (typeof raw !== 'string') return raw;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  },
  ordered: false,
  comparable: false,
};

const INTEGER = integerCodec(-INT32 - 1, INT32);

/** A to-many relation arrives as "3,1,2" (ids in link order) from one aggregate per row. */
export const idListCodec: Codec = {
  ...INTEGER,
  fromDb: (raw) => (raw === null || raw === undefined || raw === '' ? [] : String(raw).split(',').map(Number)),
  ordered: false,
};

const scalarCodec = (type: ScalarType, attribute: Record<string, unknown>, dialect: Dialect): Codec => {
  switch (type) {
    case 'integer':
      return INTEGER;
    case 'biginteger':
      return bigintCodec;
    case 'float':
    case 'decimal':
      return numberCodec;
    case 'boolean':
      return booleanCodec(dialect);
    case 'enumeration':
      return stringCodec(attribute.enum as string[]);
    case 'date':
      return dateCodec;
    case 'datetime':
    case 'timestamp':
      return datetimeCodec(dialect);
    case 'time':
      return timeCodec;
    case 'json':
    case 'blocks':
      return jsonCodec;
    default:
      return stringCodec();
  }
};

/** File ids of a media field: turned into signed URLs by the List, never compared. */
const mediaCodec = (multiple: boolean): Codec => ({
  ...(multiple ? idListCodec : INTEGER),
  fromDb: multiple ? idListCodec.fromDb : (raw) => (raw === null || raw === undefined ? null : Number(raw)),
  ordered: false,
  comparable: false,
});

/** The codec of a field; for a relation, the codec of the related row id. */
export const codecFor = (field: ModelField, dialect: Dialect): Codec => {
  // A relation compares by the related row id; `?id:gt=0` stays a fair question, so the whole range parses.
  if (field.kind === 'relation') return field.many ? idListCodec : { ...INTEGER, ordered: false };
  if (field.kind === 'media') return mediaCodec(field.multiple);
  if (field.kind !== 'scalar') throw new Error(`field ${field.name} has no codec`);
  return scalarCodec(field.type, field.attribute, dialect);
};
