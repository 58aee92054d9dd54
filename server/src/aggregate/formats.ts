import type { DIMENSION_FORMATS } from '../../../contracts/aggregate';
import type { Dialect } from '../query/dialect';

export type DateFormat = (typeof DIMENSION_FORMATS)[number];

/** How a date or datetime column is stored, which decides how SQL reads it as a UTC moment. */
export interface DateSource {
  dialect: Dialect;
  /** `date` columns hold a calendar day; datetimes a moment. */
  kind: 'date' | 'datetime';
  /**
   * The Node.js process's time zone: PostgreSQL and MySQL datetimes hold the wall-clock time in that zone
   * (Strapi writes JavaScript Dates through drivers that use local time). SQLite holds epoch milliseconds.
   */
  timeZone: string;
}

/** The zone's offset now, as MySQL's CONVERT_TZ takes it without time zone tables (`+05:30`). */
const currentOffset = () => {
  const minutes = -new Date().getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

const isUtc = (zone: string) => ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT', 'Universal', 'Zulu'].includes(zone);

/** A string literal for SQL; zone names come from the runtime, never from a client, but are quoted anyway. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The column as a UTC moment (datetimes) or a day (dates), in the dialect's own type. */
const utc = (column: string, source: DateSource): string => {
  if (source.kind === 'date') return column;
  if (source.dialect === 'sqlite') return `datetime(${column} / 1000, 'unixepoch')`;
  if (isUtc(source.timeZone)) return column;
  if (source.dialect === 'postgres') return `((${column} AT TIME ZONE ${literal(source.timeZone)}) AT TIME ZONE 'UTC')`;
  // MySQL knows zone names only with its time zone tables loaded: the offset of today stands in (docs/deviations.md).
  return `CONVERT_TZ(${column}, ${literal(currentOffset())}, '+00:00')`;
};

/** SQLite's ISO week: the week's Thursday decides its year; the week number counts from that year's first. */
const sqliteIsoWeek = (day: string) => {
  const thursday = `date(${day}, '-' || ((CAST(strftime('%w', ${day}) AS INTEGER) + 6) % 7) || ' days', '+3 days')`;
  const week = `printf('%s-W%02d', strftime('%Y', ${thursday}), (CAST(strftime('%j', ${thursday}) AS INTEGER) - 1) / 7 + 1)`;
  // printf would turn an empty date into "-W00".
  return `CASE WHEN ${day} IS NULL THEN NULL ELSE ${week} END`;
};

/**
 * A date or datetime formatted for a dimension (docs/aggregate.md), in UTC, as the same string on every
 * database: `2026`, `2026-Q1`, `2026-03`, `2026-W09` (ISO week), `2026-03-05`, `2026-03-05T14`.
 */
export const formatDate = (column: string, format: DateFormat, source: DateSource): string => {
  const value = utc(column, source);
  if (source.dialect === 'postgres') {
    const pattern = {
      year: 'YYYY',
      quarter: 'YYYY-"Q"Q',
      month: 'YYYY-MM',
      week: 'IYYY-"W"IW',
      day: 'YYYY-MM-DD',
      hour: 'YYYY-MM-DD"T"HH24',
    }[format];
    return `to_char(${value}, '${pattern}')`;
  }
  if (source.dialect === 'mysql') {
    if (format === 'quarter') return `CONCAT(YEAR(${value}), '-Q', QUARTER(${value}))`;
    const pattern = { year: '%Y', month: '%Y-%m', week: '%x-W%v', day: '%Y-%m-%d', hour: '%Y-%m-%dT%H' }[format];
    return `DATE_FORMAT(${value}, '${pattern}')`;
  }
  if (format === 'quarter') {
    return `(strftime('%Y', ${value}) || '-Q' || ((CAST(strftime('%m', ${value}) AS INTEGER) + 2) / 3))`;
  }
  if (format === 'week') return sqliteIsoWeek(value);
  const pattern = { year: '%Y', month: '%Y-%m', day: '%Y-%m-%d', hour: '%Y-%m-%dT%H' }[format];
  return `strftime('${pattern}', ${value})`;
};
