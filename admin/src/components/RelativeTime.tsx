import { useIntl } from 'react-intl';

/** The units a span is said in, largest first, with their length in seconds. */
const UNITS = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * A moment as Strapi's API Tokens list says it ("2 hours ago", "in 30 days"), in its largest whole unit, with
 * the full date and time as its tooltip.
 */
export const RelativeTime = ({ timestamp }: { timestamp: string }) => {
  const { formatRelativeTime, formatDate } = useIntl();
  const date = new Date(timestamp);
  // To the minute beyond an hour: a key made for 30 days a few seconds ago still expires "next month".
  const exact = Math.round((date.getTime() - Date.now()) / 1000);
  const seconds = Math.abs(exact) >= 3_600 ? Math.round(exact / 60) * 60 : exact;
  const [unit, length] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? UNITS[UNITS.length - 1];
  return (
    <time dateTime={date.toISOString()} title={formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })}>
      {formatRelativeTime(Math.trunc(seconds / length), unit, { numeric: 'auto' })}
    </time>
  );
};
