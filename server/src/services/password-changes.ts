import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { SITE_USER } from '../auth/site-users';
import { decodedOrThrow, decodeRows, describeRefusal, warnLeftOut } from '../stored/decode';
import { decodeChangedAt, passwordChangeId, userPassword } from '../stored/stored-password-change';

/** What the database's lifecycles hand a subscriber (`@strapi/database`'s Event, the part read here). */
interface UpdateEvent {
  params: { where?: unknown; data?: Record<string, unknown> };
  state: Record<string, unknown>;
}

/**
 * When each site user's password last changed, recorded from the database's lifecycles on the user table, so
 * that every path counts: /api/auth/change-password and reset-password, the admin panel, the Document Service.
 * A users-permissions token issued before is refused, and its refresh sessions end. Tokens carry their issue
 * time in whole seconds, so one issued within the same second as the change still stands. A change written with
 * raw SQL is not seen.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const changes = () => strapi.db.query(UIDS.passwordChange);
  const hashesOf = async (where: unknown) => {
    const rows = await strapi.db.query(SITE_USER).findMany({ where, select: userPassword.columns });
    return new Map(decodeRows(rows, userPassword.decode, warnLeftOut(strapi)).map((u) => [u.id, u.password]));
  };

  const record = async (userId: number, changedAt: number) => {
    const { id } = decodedOrThrow(passwordChangeId.decode(await changes().create({ data: { userId, changedAt } })));
    // Only older rows go: two changes at once each keep the newer one.
    await changes().deleteMany({ where: { userId, id: { $lt: id } } });
  };

  // The hashes are compared, not the presence of `password` in the update: a form may send the same one back.
  const before = async (event: UpdateEvent) => {
    if (event.params.data?.password === undefined) return;
    event.state.passwordHashes = await hashesOf(event.params.where);
  };
  const after = async (event: UpdateEvent) => {
    const previous = event.state.passwordHashes;
    if (!(previous instanceof Map) || !previous.size) return;
    const now = Date.now();
    const current = await hashesOf({ id: { $in: [...previous.keys()] } });
    for (const [id, hash] of current) {
      if (hash === previous.get(id)) continue;
      await record(id, now);
      // users-permissions ends its refresh sessions only in its own change/reset routes: a refresh token from
      // before a change made elsewhere (admin panel, Document Service) would mint new access tokens.
      await strapi.sessionManager?.('users-permissions').invalidateRefreshToken(String(id));
    }
  };

  return {
    subscribe() {
      strapi.db.lifecycles.subscribe({
        models: [SITE_USER],
        beforeUpdate: before,
        afterUpdate: after,
        beforeUpdateMany: before,
        afterUpdateMany: after,
      });
    },

    /**
     * Whether a token of this user issued at `issuedAt` (seconds; null: it tells none) still stands. A change whose
     * time does not decode refuses the token (logged).
     */
    async allows(userId: number, issuedAt: number | null): Promise<boolean> {
      const change = await changes().findOne({
        where: { userId },
        select: ['changedAt'],
        orderBy: { changedAt: 'desc' },
      });
      if (!change) return true;
      const changedAt = decodeChangedAt(change);
      if (!changedAt.ok) {
        strapi.log.warn(
          `[data-api] a token is refused, a password change does not decode: ${describeRefusal(changedAt)}`
        );
        return false;
      }
      return issuedAt !== null && issuedAt >= Math.floor(changedAt.value / 1000);
    },
  };
};
