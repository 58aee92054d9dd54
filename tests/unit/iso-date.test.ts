import { isoFromEpochMs } from '../../server/src/utils/iso-date';

describe('isoFromEpochMs', () => {
  test('answers what Date#toISOString answers, on 200,000 random instants from 1970 to 9999', () => {
    let seed = 20261127;
    const random = () => {
      // xorshift32: the same instants on every run.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 4294967296;
    };
    for (let i = 0; i < 200_000; i += 1) {
      const ms = Math.floor(random() * 253_402_300_800_000);
      expect(isoFromEpochMs(ms)).toBe(new Date(ms).toISOString());
    }
  });

  test('edges: the epoch, leap days, the turn of centuries, the last millisecond of 9999', () => {
    const edges = [
      0,
      1,
      86_399_999,
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      253_402_300_799_999,
    ];
    for (const ms of edges) expect(isoFromEpochMs(ms)).toBe(new Date(ms).toISOString());
  });

  test('outside the fast range it is still Date#toISOString (years before 1970, after 9999, fractions)', () => {
    for (const ms of [-1, Date.UTC(1969, 6, 20, 20, 17), 253_402_300_800_000, 1.5]) {
      expect(isoFromEpochMs(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
