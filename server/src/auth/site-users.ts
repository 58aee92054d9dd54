import type { Core } from '@strapi/strapi';
import { MESSAGES } from '../../../contracts/messages';
import type { SessionUser } from '../../../contracts/session';
import { ApiError } from '../errors/api-error';

export const SITE_USER = 'plugin::users-permissions.user';

/** A bcrypt hash of a random string: compared against when no user matches, so timing does not tell. */
const NO_USER_HASH = '$2a$10$rY.Vf24vs/x99z6Ff0afQuNGHyYI7mmDQCduAlFdQHycUpKNv5I8q';

interface UsersPermissionsSettings {
  advanced?: { email_confirmation?: boolean };
  grant?: { email?: { enabled?: boolean } };
}

/** A user row as read here: `role` is the role's type. Booleans may come as 0/1 (SQLite, MySQL). */
export interface SiteUserRow {
  id: number;
  email: string | null;
  username: string | null;
  blocked: unknown;
  confirmed: unknown;
  role: string | null;
}

/** Who a users-permissions token names, and when it was issued (seconds; null when it does not say). */
export interface TokenClaims {
  id: number;
  issuedAt: number | null;
}

/** The `iat` of a JWT whose signature was already verified. */
const issuedAtOf = (token: string): number | null => {
  try {
    const { iat } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      iat?: unknown;
    };
    return typeof iat === 'number' && Number.isFinite(iat) ? iat : null;
  } catch {
    return null;
  }
};

const isTrue = (value: unknown) => value === true || value === 1 || value === '1';

const toSessionUser = (row: SiteUserRow): SessionUser => ({
  object: SITE_USER,
  id: Number(row.id),
  email: row.email ?? null,
  username: row.username ?? null,
  role: row.role ?? null,
});

const withRoleType = (row: Record<string, unknown>): SiteUserRow =>
  ({ ...row, role: (row.role as { type?: string } | null)?.type ?? null }) as SiteUserRow;

/**
 * Site users (users-permissions). Logins follow its own `/api/auth/local` rules: the local provider must be
 * enabled, the password is checked first, then e-mail confirmation (when the site requires it) and blocking.
 */
export const createSiteUsers = (strapi: Core.Strapi) => {
  const plugin = () => strapi.plugin('users-permissions');
  const setting = async <K extends keyof UsersPermissionsSettings>(key: K) =>
    (await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key })) as
      | UsersPermissionsSettings[K]
      | null;
  const mustConfirm = async () => Boolean((await setting('advanced'))?.email_confirmation);
  const passwordMatches = (password: string, hash: string): Promise<boolean> =>
    plugin().service('user').validatePassword(password, hash);

  return {
    available: () => Boolean(plugin()),

    /** The local-provider user an identifier names (e-mail in any case, or username), or null. */
    async find(identifier: string): Promise<Record<string, unknown> | null> {
      if (!(await setting('grant'))?.email?.enabled) throw new ApiError(403, MESSAGES.loginDisabled);
      return strapi.db.query(SITE_USER).findOne({
        where: { provider: 'local', $or: [{ email: identifier.toLowerCase() }, { username: identifier }] },
        populate: { role: { select: ['type'] } },
      });
    },

    /**
     * The user if the password is theirs and they may log in, else an ApiError with the reason (the same for an
     * unknown user and a wrong password, which take the same time).
     */
    async check(user: Record<string, unknown> | null, password: string): Promise<SessionUser> {
      const valid = await passwordMatches(password, (user?.password as string | undefined) || NO_USER_HASH);
      if (!user || !user.password || !valid) throw new ApiError(401, MESSAGES.invalidCredentials);
      if (!isTrue(user.confirmed) && (await mustConfirm())) throw new ApiError(403, MESSAGES.accountNotConfirmed);
      if (isTrue(user.blocked)) throw new ApiError(403, MESSAGES.accountBlocked);
      return toSessionUser(withRoleType(user));
    },

    /** The user of a row, if it still may act: not blocked, and confirmed where the site requires it. */
    async admit(row: SiteUserRow): Promise<SessionUser | null> {
      if (isTrue(row.blocked)) return null;
      if (!isTrue(row.confirmed) && (await mustConfirm())) return null;
      return toSessionUser(row);
    },

    /** The user of an id, if it exists and may act. */
    async load(id: number): Promise<SessionUser | null> {
      const user = await strapi.db.query(SITE_USER).findOne({
        where: { id },
        select: ['id', 'email', 'username', 'blocked', 'confirmed'],
        populate: { role: { select: ['type'] } },
      });
      return user ? this.admit(withRoleType(user)) : null;
    },

    /** The user and issue time of a users-permissions token: its JWT (legacy) or access token (refresh mode). */
    async claimsOfBearer(token: string): Promise<TokenClaims | null> {
      try {
        const payload = (await plugin().service('jwt').verify(token)) as { id?: unknown };
        return typeof payload?.id === 'number' ? { id: payload.id, issuedAt: issuedAtOf(token) } : null;
      } catch {
        return null;
      }
    },

    /** The user and issue time of users-permissions' own refresh cookie (`jwtManagement: 'refresh'`, httpOnly). */
    async claimsOfRefreshCookie(cookies: { get: (name: string) => string | undefined }): Promise<TokenClaims | null> {
      if (strapi.config.get('plugin::users-permissions.jwtManagement') !== 'refresh') return null;
      const name = strapi.config.get<string>('plugin::users-permissions.sessions.cookie.name') || 'strapi_up_refresh';
      const token = cookies.get(name);
      if (!token || token.length > 8192) return null;
      const result = await strapi.sessionManager('users-permissions').validateRefreshToken(token);
      const id = result.isValid ? Number(result.userId) : NaN;
      return Number.isSafeInteger(id) ? { id, issuedAt: issuedAtOf(token) } : null;
    },
  };
};
