import { z } from 'zod';

/** A row's id (an integer primary key). */
export const rowId = z.number().int().positive();

/**
 * An instant as Strapi's query engine (ISO text), a driver (a Date) or raw SQL (epoch ms) answers it, in ISO
 * 8601 as the admin API answers dates.
 */
export const storedInstant = z.union([z.string(), z.number(), z.date()]).transform((value, ctx) => {
  const time = new Date(value).getTime();
  if (!Number.isNaN(time)) return new Date(time).toISOString();
  ctx.addIssue({ code: 'custom', message: 'not a date' });
  return z.NEVER;
});

/** An integer column as a number: drivers answer a biginteger (and PostgreSQL an integer's SUM) as text. */
export const storedInteger = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/, 'not an integer')])
  .transform(Number)
  .refine(Number.isSafeInteger, 'beyond the integers a number holds exactly');

/** A boolean column; null (a row stored before the column existed) counts as false. */
export const storedFlag = z
  .boolean()
  .nullish()
  .transform((value) => value === true);
