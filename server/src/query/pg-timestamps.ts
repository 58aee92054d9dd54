/** PostgreSQL's `timestamp` (without time zone), the type of Strapi's datetime columns. */
const TIMESTAMP_OID = 1114;
const ZERO = 48; // '0'
const DASH = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;

type Parse = (text: string) => unknown;

export interface PgTypes {
  getTypeParser(oid: number, format?: string): Parse;
}

/** The number written by `text[from, to)`, or -1 when a character there is not a digit. */
const digitsAt = (text: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
};

/**
 * `YYYY-MM-DD HH:MM:SS[.f...]` (what PostgreSQL answers for Strapi's datetimes) read into the very Date the
 * driver's `postgres-date` makes of it, local time included (the Date constructor, the same fraction
 * arithmetic), without its regular expressions: they took a seventh of a 100-row List's time. Any other text
 * (a zone, BC, infinity, a year below 100) goes to `fallback`.
 */
const fastTimestamp =
  (fallback: Parse): Parse =>
  (text) => {
    const { length } = text;
    const shaped =
      (length === 19 || (length > 20 && length <= 26 && text.charCodeAt(19) === DOT)) &&
      text.charCodeAt(4) === DASH &&
      text.charCodeAt(7) === DASH &&
      text.charCodeAt(10) === SPACE &&
      text.charCodeAt(13) === COLON &&
      text.charCodeAt(16) === COLON;
    if (!shaped || (length > 19 && digitsAt(text, 20, length) < 0)) return fallback(text);
    const year = digitsAt(text, 0, 4);
    const month = digitsAt(text, 5, 7);
    const day = digitsAt(text, 8, 10);
    const hour = digitsAt(text, 11, 13);
    const minute = digitsAt(text, 14, 16);
    const second = digitsAt(text, 17, 19);
    // Years 0-99 are years of the 1900s to the Date constructor: postgres-date corrects them, so does the fallback.
    if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return fallback(text);
    return new Date(year, month - 1, day, hour, minute, second, length > 19 ? 1000 * parseFloat(text.slice(19)) : 0);
  };

/**
 * The type parsers of a query on `client`: the client's own, with its `timestamp` parser read faster when it
 * is the driver's default (`postgres-date`, whose function is named `parseDate`); a site that set a parser of
 * its own keeps it.
 */
export const pgQueryTypes = (client: PgTypes): PgTypes => {
  const timestamp = client.getTypeParser(TIMESTAMP_OID, 'text');
  if (timestamp.name !== 'parseDate') return client;
  const fast = fastTimestamp(timestamp);
  return {
    getTypeParser: (oid, format = 'text') =>
      oid === TIMESTAMP_OID && format === 'text' ? fast : client.getTypeParser(oid, format),
  };
};
