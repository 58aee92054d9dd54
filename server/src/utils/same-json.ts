import { isPlainObject } from '../../../contracts/json';

/**
 * A JSON value written so that values meaning the same read the same: object members sorted by name, and a
 * member that is null or undefined left out (the plugin stores an absent optional setting as null).
 */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((key) => (value[key] === null || value[key] === undefined ? [] : [[key, canonical(value[key])]]))
  );
};

/** Whether two JSON values say the same, whatever the order of their members (arrays keep their order). */
export const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
