import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { bearerToken, hashSecret } from '../auth/api-key';
import type { Snapshot } from '../services/registry';
import { getService } from '../utils/get-service';
import type { CompiledEndpoint } from './compile';
import { ApiError } from '../errors/api-error';

const challenge = (error?: string) => ({
  'WWW-Authenticate': error ? `Bearer realm="data-api", error="${error}"` : 'Bearer realm="data-api"',
});

/**
 * API key (spec 5): 401 with a Bearer challenge when the key is missing, unknown, revoked or expired;
 * 403 when it is valid but not allowed on this endpoint.
 */
export const authenticate = (
  strapi: Core.Strapi,
  ctx: Context,
  endpoint: CompiledEndpoint,
  snapshot: Snapshot
): void => {
  if (endpoint.auth.method !== 'api-key') throw new ApiError(401, MESSAGES.unauthorized);
  const token = bearerToken(ctx.get('authorization'));
  if (!token) throw new ApiError(401, MESSAGES.unauthorized, challenge());
  const key = snapshot.keys.get(hashSecret(snapshot.keySecret, token));
  if (!key || (key.expiresAt !== null && key.expiresAt <= Date.now())) {
    throw new ApiError(401, MESSAGES.unauthorized, challenge('invalid_token'));
  }
  if (!endpoint.auth.keys.has(key.id)) throw new ApiError(403, MESSAGES.forbidden);
  getService(strapi, 'apiKeys').touch(key.id);
};
