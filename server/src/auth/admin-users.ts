import type { Core } from '@strapi/strapi';
import type { SessionUser } from '../../../contracts/session';

export const ADMIN_USER = 'admin::user';

/**
 * An admin panel user from the access token its fetch client sends (`Authorization: Bearer`), checked as
 * Strapi's own admin strategy checks it: a valid token of a session still active, an active user.
 */
export const adminFromBearer = async (strapi: Core.Strapi, token: string): Promise<SessionUser | null> => {
  const manager = strapi.sessionManager?.('admin');
  if (!manager) return null;
  const result = manager.validateAccessToken(token);
  if (!result.isValid || !(await manager.isSessionActive(result.payload.sessionId))) return null;
  const id = Number(result.payload.userId);
  if (!Number.isSafeInteger(id)) return null;
  const user = await strapi.db.query(ADMIN_USER).findOne({
    where: { id },
    select: ['id', 'email', 'username', 'isActive', 'blocked'],
    populate: { roles: { select: ['code'], orderBy: { id: 'asc' } } },
  });
  if (!user || user.isActive !== true || user.blocked === true) return null;
  const roles = (user.roles as Array<{ code: string }> | undefined) ?? [];
  return {
    object: ADMIN_USER,
    id: user.id as number,
    email: (user.email as string | null) ?? null,
    username: (user.username as string | null) ?? null,
    role: roles[0]?.code ?? null,
  };
};
