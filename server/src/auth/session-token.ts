import { randomBytes } from 'node:crypto';
import { keyedHash } from './keyed-hash';

/** A Browser Session's cookie value: 256 random bits, url-safe. Only its HMAC is stored. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const generateSessionToken = () => randomBytes(32).toString('base64url');

/** The stored form of a token, or null for a cookie value that cannot be one (never looked up). */
export const hashSessionToken = (keySecret: string, token: string | undefined): string | null =>
  token && TOKEN.test(token) ? keyedHash(keySecret, 'session', token) : null;

/**
 * A stamp of the user's password hash, kept with the session: a changed or reset password ends every session
 * opened before, as users-permissions ends its own.
 */
export const passwordStamp = (keySecret: string, passwordHash: unknown): string =>
  keyedHash(keySecret, 'password', String(passwordHash ?? ''));
