import { pgQueryTypes, type PgTypes } from '../../server/src/query/pg-timestamps';

// The driver Strapi uses on PostgreSQL (no type declarations of its own): its type parsers are the reference.
const { types } = jest.requireActual<{ types: PgTypes }>('pg');

const TIMESTAMP = 1114;
const driverParse = types.getTypeParser(TIMESTAMP, 'text');
const parse = pgQueryTypes(types).getTypeParser(TIMESTAMP, 'text');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Time of a parsed value, so that Dates compare by instant and anything else as it is. */
const instant = (value: unknown) => (value instanceof Date ? value.getTime() : value);

/** Runs `check` with the process in `zone` (Node reads TZ again when it is assigned). */
const inZone = (zone: string, check: () => void) => {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
};

describe('PostgreSQL timestamps read by pg-timestamps', () => {
  test.each(['UTC', 'Europe/Paris', 'America/St_Johns'])(
    'give the instant the driver gives, on 20,000 random datetimes as Strapi stores them (%s)',
    (zone) => {
      let seed = 20261128;
      const random = (n: number) => {
        // xorshift32: the same datetimes on every run.
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        return (seed >>> 0) % n;
      };
      // The driver's default parser is replaced, not kept: this compares two parsers.
      expect(parse).not.toBe(driverParse);
      inZone(zone, () => {
        for (let i = 0; i < 20_000; i += 1) {
          const digits = random(7);
          const fraction = digits ? `.${pad(random(1_000_000), 6).slice(0, digits)}` : '';
          const text =
            `${pad(100 + random(9900), 4)}-${pad(1 + random(12))}-${pad(1 + random(31))} ` +
            `${pad(random(24))}:${pad(random(60))}:${pad(random(60))}${fraction}`;
          expect([text, instant(parse(text))]).toEqual([text, instant(driverParse(text))]);
        }
      });
    }
  );

  test('leave every other text to the driver: zones, BC, infinity, years below 100, dates, clock changes', () => {
    const texts = [
      '2024-01-01 10:00:00+00',
      '2024-01-01 10:00:00.5+02:30',
      '2024-01-01 10:00:00 BC',
      'infinity',
      '-infinity',
      '0050-06-01 12:00:00',
      '2024-01-01',
      '2024-03-31 02:30:00',
      '2024-10-27 02:30:00.25',
      '2024-02-30 25:61:61',
    ];
    inZone('Europe/Paris', () => {
      for (const text of texts) expect([text, instant(parse(text))]).toEqual([text, instant(driverParse(text))]);
    });
  });

  test("keep a site's own timestamp parser", () => {
    const own = (text: string) => `kept ${text}`;
    const client = { getTypeParser: (oid: number) => (oid === TIMESTAMP ? own : driverParse) };
    expect(pgQueryTypes(client).getTypeParser(TIMESTAMP, 'text')).toBe(own);
  });
});
