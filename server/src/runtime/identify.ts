import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { SessionUser, SessionUserObject } from '../../../contracts/session';
import { pluginConfig } from '../config/plugin-config';
import { adminFromBearer, ADMIN_USER } from '../auth/admin-users';
import { KEY_PREFIX } from '../auth/api-key';
import { anyBearerToken } from '../auth/bearer';
import { readSessionCookie } from '../auth/session-cookie';
import { createSiteUsers } from '../auth/site-users';
import type { RuntimeServices } from './runtime-services';

export interface Identified {
  user: SessionUser;
  /** When the plugin's own session ends; null for users recognised by Strapi's credentials. */
  expiresAt: string | null;
}

/**
 * Who a request is logged in as, for one user object (docs/sessions.md):
 * - site users: the plugin's session cookie, else users-permissions' own refresh cookie (refresh mode), else
 *   its JWT / access token as `Authorization: Bearer`;
 * - admin users: the admin panel's access token as `Authorization: Bearer`.
 * The user is read at every request, so blocking or deleting one ends its access at once; a password change
 * ends every way in opened before it (the cookie's session, users-permissions' tokens).
 */
export const createIdentify = (
  strapi: Core.Strapi,
  { sessions, passwordChanges }: Pick<RuntimeServices, 'sessions' | 'passwordChanges'>
) => {
  const siteUsers = createSiteUsers(strapi);
  const sessionConfig = pluginConfig(strapi, 'session');

  const siteUser = async (ctx: Context, bearer: string | null): Promise<Identified | null> => {
    if (!siteUsers.available()) return null;
    const session = await sessions.siteUser(readSessionCookie(ctx, sessionConfig));
    if (session) {
      const user = await siteUsers.admit(session);
      return user && { user, expiresAt: session.expiresAt };
    }
    const claims =
      (await siteUsers.claimsOfRefreshCookie(ctx.cookies)) ??
      (bearer && !bearer.startsWith(KEY_PREFIX) ? await siteUsers.claimsOfBearer(bearer) : null);
    if (!claims) return null;
    const [user, allowed] = await Promise.all([
      siteUsers.load(claims.id),
      passwordChanges.allows(claims.id, claims.issuedAt),
    ]);
    return user && allowed ? { user, expiresAt: null } : null;
  };

  return {
    siteUsers,
    async identify(ctx: Context, object: SessionUserObject): Promise<Identified | null> {
      const bearer = anyBearerToken(ctx.get('authorization'));
      if (object !== ADMIN_USER) return siteUser(ctx, bearer);
      const user = bearer ? await adminFromBearer(strapi, bearer) : null;
      return user && { user, expiresAt: null };
    },
  };
};

export type Identify = ReturnType<typeof createIdentify>;
