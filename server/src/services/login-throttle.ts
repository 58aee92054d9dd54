import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { keyedHash } from '../auth/keyed-hash';
import { loginAddressKey } from '../auth/login-address';
import { resolveKeySecret } from '../auth/key-secret';
import { pluginConfig } from '../config/plugin-config';
import { decodedOrThrow } from '../stored/decode';
import { pluginTable } from '../stored/plugin-table';
import { loginCounter } from '../stored/stored-login-throttle';

/**
 * Who a login attempt counts against: its address (an IPv6 one by its /64), and the user it names (or the
 * identifier, for no user).
 */
export interface LoginSubject {
  ip: string;
  userId: number | null;
  identifier: string;
}

/**
 * Failed logins, counted per address and per user in a fixed window, in the database (so every instance
 * counts the same). Each attempt is counted before its password is checked and reads the count it made, so
 * parallel attempts cannot all pass one read of the count, nor all fail on a count that later ones raised; a
 * good password gives its attempt back. Past a limit, logins wait for the window's end. Keys are HMACs: the
 * table never holds an address or an e-mail.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const settings = () => pluginConfig(strapi, 'session');
  const meta = () => pluginTable(strapi, UIDS.loginThrottle);
  const column = (attribute: 'key' | 'failures' | 'windowStart') => meta().column(attribute);
  const table = () => strapi.db.connection(meta().name);
  const keyOf = (text: string) => keyedHash(resolveKeySecret(strapi), 'login', text);

  // A user found by the identifier is counted by id: collations that ignore case or accents must not make
  // one account many counters.
  const countersOf = ({ ip, userId, identifier }: LoginSubject) => [
    { key: keyOf(`ip:${loginAddressKey(ip)}`), limit: settings().maxFailuresPerIp },
    {
      key: keyOf(userId !== null ? `user:${userId}` : `identifier:${identifier.trim().toLowerCase()}`),
      limit: settings().maxFailuresPerIdentifier,
    },
  ];

  /**
   * One more attempt on each key, in one transaction, and the counts as this attempt made them. The row of a
   * key is made first (on its own, so a lost insert race is harmless); the UPDATE then locks it until commit,
   * so parallel attempts count one after the other and each reads its own count, never a later one. Keys are
   * locked in the same order by every attempt (address, then user), so attempts cannot deadlock.
   */
  const countAll = async (keys: string[], now: number) => {
    const [keyColumn, failures, windowStart] = [column('key'), column('failures'), column('windowStart')];
    const windowFrom = now - settings().failureWindowMs;
    for (let round = 0; round < 3; round += 1) {
      for (const key of keys) {
        await table()
          .insert({ [keyColumn]: key, [failures]: 0, [windowStart]: now })
          .onConflict(keyColumn)
          .ignore();
      }
      const knex = strapi.db.connection;
      const rows = await knex.transaction(async (trx) => {
        for (const key of keys) {
          // An ended window starts again with this attempt.
          const updated = await trx(meta().name)
            .where(keyColumn, key)
            .update({
              [failures]: knex.raw('CASE WHEN ?? > ? THEN ?? + 1 ELSE 1 END', [windowStart, windowFrom, failures]),
              [windowStart]: knex.raw('CASE WHEN ?? > ? THEN ?? ELSE ? END', [
                windowStart,
                windowFrom,
                windowStart,
                now,
              ]),
            });
          if (!updated) return null; // pruned meanwhile: made again in the next round
        }
        const counted: unknown[] = await trx(meta().name)
          .whereIn(keyColumn, keys)
          .select({ key: keyColumn, failures, windowStart });
        return counted;
      });
      // A count that does not decode fails the attempt, as one that could not be made.
      if (rows) return rows.map((row) => decodedOrThrow(loginCounter.decode(row)));
    }
    throw new Error('data-api: could not count a login attempt');
  };

  // Refusals of this instance, for the operators' metrics (read when scraped).
  let refused = 0;

  const giveBack = (key: string) =>
    table().where(column('key'), key).andWhere(column('failures'), '>', 0).decrement(column('failures'), 1);

  return {
    /**
     * Counts an attempt; answers the seconds to wait when it is over a limit (the attempt must then stop), or 0.
     */
    async attempt(subject: LoginSubject): Promise<number> {
      const now = Date.now();
      const counters = countersOf(subject);
      const rows = await countAll(
        counters.map((c) => c.key),
        now
      );
      let wait = 0;
      for (const row of rows) {
        const limit = counters.find((c) => c.key === row.key)!.limit;
        const end = row.windowStart + settings().failureWindowMs;
        if (row.failures > limit && end > now) wait = Math.max(wait, Math.ceil((end - now) / 1000));
      }
      // A refused attempt checks no password: it gives its counts back, so the counts stay those of checks.
      if (wait) {
        refused += 1;
        for (const { key } of counters) await giveBack(key);
      }
      return wait;
    },

    /** Attempts refused since this instance started. */
    refusals: () => refused,

    /** The password was right: the user's count starts again, and the address gets this attempt back. */
    async succeeded(subject: LoginSubject) {
      const [ip, user] = countersOf(subject);
      await table().where(column('key'), user.key).del();
      await giveBack(ip.key);
    },

    /** Drops counters whose window has ended. */
    async prune() {
      await table()
        .where(column('windowStart'), '<=', Date.now() - settings().failureWindowMs)
        .del();
    },
  };
};
