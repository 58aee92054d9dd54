import { createHmac, randomBytes } from 'node:crypto';
import { anyBearerToken } from './bearer';

/**
 * API key secrets: `dapi_` and 43 url-safe random characters (256 bits). Only an HMAC-SHA512 keyed by a server
 * secret is stored, and keys are looked up by that HMAC, so lookup timing tells nothing about a secret.
 */
export const KEY_PREFIX = 'dapi_';
const SECRET = /^dapi_[A-Za-z0-9_-]{43}$/;

export const generateSecret = () => `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export const hashSecret = (keySecret: string, secret: string) =>
  createHmac('sha512', keySecret).update(secret).digest('hex');

/** The part of a secret shown in the admin panel to tell keys apart. */
export const displayPrefix = (secret: string) => secret.slice(0, KEY_PREFIX.length + 6);

/** The API key secret of an `Authorization: Bearer` header, or null. */
export const bearerToken = (header: string | undefined): string | null => {
  const token = anyBearerToken(header);
  return token && SECRET.test(token) ? token : null;
};
