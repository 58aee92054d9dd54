/** A date as the database driver returns it (Date, string or number) in ISO 8601, as the admin API answers dates. */
export const iso = (value: unknown) => new Date(value as string).toISOString();

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z: beyond it (and before 1970) the year does not have four digits or the sign differs. */
const FAST_UNTIL = 253_402_300_800_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * `new Date(ms).toISOString()`, about five times faster for instants from 1970 to 9999 (a List of 100 rows
 * formats every datetime of every row): the civil date by integer arithmetic (H. Hinnant's `civil_from_days`)
 * and digits from tables. Other instants go through `Date`.
 */
export const isoFromEpochMs = (ms: number): string => {
  if (!(ms >= 0 && ms < FAST_UNTIL) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  // Days since 0000-03-01, in 400-year eras: March first makes February's leap day the last of the year.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[millis]}Z`;
};
