import { z } from 'zod';
import { rowId, storedInteger } from './columns';
import { refusal, rowDecoder, type Decoded } from './decode';

const TABLE = 'data_api_password_changes';

/** A row of `data_api_password_changes`: when a site user's password last changed (ms since the epoch). */
export const storedPasswordChangeSchema = z.object({ id: rowId, userId: rowId, changedAt: storedInteger });

export const passwordChangeId = rowDecoder(TABLE, storedPasswordChangeSchema.pick({ id: true }));

/**
 * A change's time, read on every request that carries a users-permissions token: a plain check, no schema. A
 * biginteger comes as text from Strapi and PostgreSQL.
 */
export const decodeChangedAt = (row: { changedAt?: unknown }): Decoded<number> => {
  const { changedAt } = row;
  const ms = typeof changedAt === 'number' || typeof changedAt === 'string' ? Number(changedAt) : NaN;
  return Number.isSafeInteger(ms) ? { ok: true, value: ms } : refusal(TABLE, row, 'changedAt is not an integer');
};

/** A site user's password hash (users-permissions' table), compared before and after an update. */
export const userPassword = rowDecoder('up_users', z.object({ id: rowId, password: z.unknown() }));
