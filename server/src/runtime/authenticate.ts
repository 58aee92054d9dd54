import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { ADMIN_USER } from '../auth/admin-users';
import { bearerToken, hashSecret } from '../auth/api-key';
import type { Identify } from './identify';
import type { Snapshot } from '../engine/registry';
import { NOBODY, type Identity } from './caller';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { ApiError } from '../errors/api-error';
import type { RuntimeServices } from './runtime-services';

const challenge = (error?: string) => ({
  'WWW-Authenticate': error ? `Bearer realm="data-api", error="${error}"` : 'Bearer realm="data-api"',
});

/**
 * Who called an endpoint (docs/endpoints.md#authentication), or the error that answers them. An API key
 * endpoint: 401 with a Bearer challenge when the key is missing, unknown, revoked or expired; 403 when it is
 * valid but not allowed on this endpoint. A Browser Session endpoint answers only a logged-in user of its user
 * object (401 for anyone else, API keys included); an admin user without the Content Manager rights the endpoint
 * uses gets 403. A public endpoint answers anyone and reads no credential: an `Authorization` header, valid or
 * not, is ignored, as it would give the caller nothing more.
 */
export const createAuthenticate = (
  { apiKeys, adminRights }: Pick<RuntimeServices, 'apiKeys' | 'adminRights'>,
  identify: Identify['identify']
) => {
  const checkApiKey = (ctx: Context, keys: Set<number>, snapshot: Snapshot): Identity => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw new ApiError(401, MESSAGES.unauthorized, challenge());
    const key = snapshot.keys.get(hashSecret(snapshot.keySecret, token));
    if (!key || (key.expiresAt !== null && key.expiresAt <= Date.now())) {
      throw new ApiError(401, MESSAGES.unauthorized, challenge('invalid_token'));
    }
    if (!keys.has(key.id)) throw new ApiError(403, MESSAGES.forbidden);
    apiKeys.touch(key.id);
    return { kind: 'key', keyId: key.id, keyLimit: key.rateLimit, preview: key.preview };
  };

  return async (ctx: Context, endpoint: CompiledEndpoint, snapshot: Snapshot): Promise<Identity> => {
    if (endpoint.auth.method === 'public') return NOBODY;
    if (endpoint.auth.method === 'api-key') return checkApiKey(ctx, endpoint.auth.keys, snapshot);
    const found = await identify(ctx, endpoint.auth.userObject);
    if (!found) throw new ApiError(401, MESSAGES.unauthorized);
    // An admin reaches through an endpoint only what their own Content Manager permissions allow.
    if (endpoint.auth.userObject === ADMIN_USER && !(await adminRights.allows(found.user.id, endpoint))) {
      throw new ApiError(403, MESSAGES.forbidden);
    }
    return { kind: 'user', user: found.user };
  };
};

export type Authenticate = ReturnType<typeof createAuthenticate>;
