import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import type { SessionSummary, SessionUser } from '../../../contracts/session';
import { siteSessionSql } from '../auth/site-session-sql';
import { SITE_USER, type SiteUserRow } from '../auth/site-users';
import { codecFor, type Codec } from '../query/codecs';
import type { ScalarField } from '../query/model';
import { getService } from './get-service';
import { resolveKeySecret } from '../auth/key-secret';
import { generateSessionToken, hashSessionToken, passwordStamp } from '../auth/session-token';
import { decodeRows, describeRefusal, warnLeftOut } from '../stored/decode';
import { decodeSessionLogin, listedSession, listedSessionUser, sessionId } from '../stored/stored-session';
import { pluginConfig } from '../config/plugin-config';

/** How `expiresAt` travels to and from the database (a datetime column). */
const DATETIME: ScalarField = {
  kind: 'scalar',
  name: 'expiresAt',
  column: 'expires_at',
  type: 'datetime',
  attribute: { type: 'datetime' },
  writable: false,
};

const clip = (text: string | undefined | null, length: number) => (text ? text.slice(0, length) : null);

/**
 * Browser Sessions of site users, kept in the database so that every instance knows them and an admin can
 * revoke one. The cookie holds a random token; the table holds only its HMAC.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const query = () => strapi.db.query(UIDS.session);
  const hashOf = (token: string | undefined) => hashSessionToken(resolveKeySecret(strapi), token);
  const live = () => ({ expiresAt: { $gt: new Date() } });
  const leftOut = warnLeftOut(strapi);
  let statement: { sql: string; datetime: Codec } | null = null;

  /** Ends a user's oldest sessions past `maxPerUser`, so sessions cannot pile up without bound. */
  const capSessionsOf = async (user: SessionUser) => {
    const excess = await query().findMany({
      where: { userObject: user.object, userId: user.id },
      orderBy: { id: 'desc' },
      offset: pluginConfig(strapi, 'session').maxPerUser,
      select: sessionId.columns,
    });
    const ids = decodeRows(excess, sessionId.decode, leftOut).map((row) => row.id);
    if (ids.length) await query().deleteMany({ where: { id: { $in: ids } } });
  };

  return {
    /** Opens a session; the token goes into the cookie and nowhere else. */
    async start(user: SessionUser, passwordHash: unknown, meta: { ip: string; userAgent?: string }) {
      const token = generateSessionToken();
      const expiresAt = new Date(Date.now() + pluginConfig(strapi, 'session').maxAgeMs);
      await query().create({
        data: {
          tokenHash: hashOf(token),
          userObject: user.object,
          userId: user.id,
          passwordStamp: passwordStamp(resolveKeySecret(strapi), passwordHash),
          expiresAt,
          ip: clip(meta.ip, 64),
          userAgent: clip(meta.userAgent, 255),
        },
      });
      await capSessionsOf(user);
      return { token, expiresAt };
    },

    /**
     * The site user of a token's live session, with the row's expiry, or null: one prepared statement (session,
     * user and role), since every request to a session endpoint asks. A row that does not decode is no session
     * (logged).
     */
    async siteUser(token: string | undefined): Promise<(SiteUserRow & { expiresAt: string }) | null> {
      const tokenHash = hashOf(token);
      if (!tokenHash) return null;
      const { executor, dialect } = getService(strapi, 'engine').compileDeps();
      statement ??= { sql: siteSessionSql(strapi, dialect), datetime: codecFor(DATETIME, dialect) };
      const { sql, datetime } = statement;
      const [row] = await executor.all(sql, [tokenHash, SITE_USER, datetime.toDb(new Date())]);
      if (!row) return null;
      const login = decodeSessionLogin(row, datetime.fromDb);
      if (!login.ok) {
        strapi.log.warn(`[data-api] a session is refused, its row does not decode: ${describeRefusal(login)}`);
        return null;
      }
      const { value } = login;
      return value.passwordStamp === passwordStamp(resolveKeySecret(strapi), value.password) ? value : null;
    },

    /** Ends the session of a token (logout); nothing happens for an unknown one. */
    async end(token: string | undefined) {
      const tokenHash = hashOf(token);
      if (tokenHash) await query().deleteMany({ where: { tokenHash } });
    },

    /**
     * Live sessions, newest first, with their users, for the admin API: not those a password change ended (they
     * no longer let anyone in). A deleted user's rows stay listed, without a user, until they expire.
     */
    async find(): Promise<SessionSummary[]> {
      const found = await query().findMany({ where: live(), orderBy: { id: 'desc' }, select: listedSession.columns });
      const rows = decodeRows(found, listedSession.decode, leftOut);
      const ids = [...new Set(rows.map((r) => r.userId))];
      const users = ids.length
        ? await strapi.db.query(SITE_USER).findMany({ where: { id: { $in: ids } }, select: listedSessionUser.columns })
        : [];
      const byId = new Map(decodeRows(users, listedSessionUser.decode, leftOut).map((u) => [u.id, u]));
      const secret = resolveKeySecret(strapi);
      return rows.flatMap((row) => {
        const user = byId.get(row.userId);
        if (user && row.passwordStamp !== passwordStamp(secret, user.password)) return [];
        const { id, userObject, ip, userAgent, createdAt, expiresAt } = row;
        const listed = user ? { id: user.id, email: user.email, username: user.username } : null;
        return [{ id, userObject, user: listed, ip, userAgent, createdAt, expiresAt }];
      });
    },

    /** Revokes one session (admin API); true when it existed. */
    async revoke(id: number) {
      return Boolean(await query().delete({ where: { id } }));
    },

    /** Drops expired sessions; run at each login, so the table holds about the live ones. */
    async removeExpired() {
      await query().deleteMany({ where: { expiresAt: { $lte: new Date() } } });
    },
  };
};
