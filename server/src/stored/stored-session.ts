import { z } from 'zod';
import { SESSION_USER_OBJECTS } from '../../../contracts/definition';
import { rowId, storedInstant } from './columns';
import { refusal, rowDecoder, type Decoded } from './decode';

const TABLE = 'data_api_sessions';

/** A row of `data_api_sessions`: the token is stored only as its HMAC. */
export const storedSessionSchema = z.object({
  id: rowId,
  tokenHash: z.string(),
  userObject: z.enum(SESSION_USER_OBJECTS),
  userId: rowId,
  /** A keyed hash of the user's password hash at login: a session outlives no password change. */
  passwordStamp: z.string().nullable(),
  expiresAt: storedInstant,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: storedInstant,
});

/** A session as the admin API lists it (never its token). */
export const listedSession = rowDecoder(TABLE, storedSessionSchema.omit({ tokenHash: true }));

export const sessionId = rowDecoder(TABLE, storedSessionSchema.pick({ id: true }));

/** The user of a listed session (users-permissions' table), with the password hash its stamp is compared with. */
export const listedSessionUser = rowDecoder(
  'up_users',
  z.object({ id: rowId, email: z.string().nullable(), username: z.string().nullable(), password: z.unknown() })
);

/**
 * What a request to a Browser Session endpoint reads in one statement (auth/site-session-sql.ts): the user of
 * the token's live session, the user's role type and password hash, the session's stamp and expiry (as the
 * database answers it). Booleans may come as 0/1 (SQLite, MySQL).
 */
export interface SessionLogin {
  id: number;
  email: string | null;
  username: string | null;
  blocked: unknown;
  confirmed: unknown;
  role: string | null;
  password: unknown;
  passwordStamp: string | null;
  /** ISO 8601. */
  expiresAt: string;
}

const isText = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * Read on every request to a session endpoint: a few `typeof` checks, no schema. `instant` reads the expiry as
 * the datetime column holds it on this database.
 */
export const decodeSessionLogin = (
  row: Record<string, unknown>,
  instant: (stored: unknown) => unknown
): Decoded<SessionLogin> => {
  const { id, email, username, blocked, confirmed, role, password, passwordStamp } = row;
  const expiresAt = instant(row.expiresAt);
  if (typeof id !== 'number') return refusal(TABLE, row, 'the user id is not a number');
  if (!isText(email) || !isText(username) || !isText(role) || !isText(passwordStamp)) {
    return refusal(TABLE, row, 'email, username, role and password stamp must be text or null');
  }
  if (typeof expiresAt !== 'string') return refusal(TABLE, row, 'the expiry is not a date');
  return {
    ok: true,
    value: { id, email, username, blocked, confirmed, role, password, passwordStamp, expiresAt },
  };
};
