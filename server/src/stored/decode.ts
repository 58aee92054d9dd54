import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import { describeIssues } from '../../../contracts/problems';

/** Why a row of a plugin table does not decode: its table, its id when it has a numeric one, what does not fit. */
export interface Refusal {
  ok: false;
  table: string;
  id: number | null;
  reason: string;
}

export type Decoded<T> = { ok: true; value: T } | Refusal;

export const refusal = (table: string, row: unknown, reason: string): Refusal => {
  const id = typeof row === 'object' && row !== null && 'id' in row && typeof row.id === 'number' ? row.id : null;
  return { ok: false, table, id, reason };
};

/** `data_api_keys row 4: hash: ...`: a refusal in words, for a log line or an error. */
export const describeRefusal = ({ table, id, reason }: Refusal) =>
  `${table} row${id === null ? '' : ` ${id}`}: ${reason}`;

/** The table a decoder reads, the columns it reads (for a `select`) and the decoder itself. */
export interface RowDecoder<T> {
  table: string;
  columns: string[];
  decode: (row: unknown) => Decoded<T>;
}

/**
 * Rows of `table` checked against `schema` (zod): for rows read when definitions and keys are loaded, and by the
 * admin API. Rows read on every request have plain decoders (a few `typeof` checks) instead.
 */
export const rowDecoder = <S extends z.ZodObject>(table: string, schema: S): RowDecoder<z.output<S>> => ({
  table,
  columns: Object.keys(schema.shape),
  decode: (row) => {
    const parsed = schema.safeParse(row);
    return parsed.success
      ? { ok: true, value: parsed.data }
      : refusal(table, row, describeIssues(parsed.error).join('; '));
  },
});

/** The rows that decode; each one that does not is left out, and `refused` is told why. */
export const decodeRows = <T>(
  rows: unknown[],
  decode: (row: unknown) => Decoded<T>,
  refused: (refusal: Refusal) => void
): T[] =>
  rows.flatMap((row) => {
    const decoded = decode(row);
    if (decoded.ok) return [decoded.value];
    refused(decoded);
    return [];
  });

/** How a reader that leaves a row out says so: a warning naming the row and what does not fit. */
export const warnLeftOut = (strapi: Core.Strapi) => (refused: Refusal) =>
  strapi.log.warn(`[data-api] a stored row is left out, it does not decode: ${describeRefusal(refused)}`);

/** The value of a row that must decode (one just written, or one no answer can do without), else an error. */
export const decodedOrThrow = <T>(decoded: Decoded<T>): T => {
  if (decoded.ok) return decoded.value;
  throw new Error(`data-api: a stored row does not decode: ${describeRefusal(decoded)}`);
};

/** A decoded row's value passed through `f`; a refusal as it is. */
export const mapDecoded = <T, U>(decoded: Decoded<T>, f: (value: T) => U): Decoded<U> =>
  decoded.ok ? { ok: true, value: f(decoded.value) } : decoded;
