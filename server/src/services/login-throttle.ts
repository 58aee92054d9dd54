import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { keyedHash } from '../auth/keyed-hash';
import { resolveKeySecret } from '../auth/key-secret';
import { isUniqueViolation } from '../errors/unique-violation';
import { pluginConfig } from '../utils/plugin-config';

/** Who a login attempt counts against: its address, and the user it names (or the identifier, for no user). */
export interface LoginSubject {
  ip: string;
  userId: number | null;
  identifier: string;
}

/**
 * Failed logins, counted per address and per user in a fixed window, in the database (so every instance
 * counts the same). Each attempt is counted before its password is checked, atomically, so parallel attempts
 * cannot all pass one read of the count; a good password gives its attempt back. Past a limit, logins wait for
 * the window's end. Keys are HMACs: the table never holds an address or an e-mail.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const settings = () => pluginConfig(strapi, 'session');
  const meta = () => strapi.db.metadata.get(UIDS.loginThrottle);
  const column = (attribute: 'key' | 'failures' | 'windowStart') =>
    (meta().attributes[attribute] as { columnName?: string }).columnName ?? attribute;
  const table = () => strapi.db.connection(meta().tableName);
  const keyOf = (text: string) => keyedHash(resolveKeySecret(strapi), 'login', text);

  // A user found by the identifier is counted by id: collations that ignore case or accents must not make
  // one account many counters.
  const countersOf = ({ ip, userId, identifier }: LoginSubject) => [
    { key: keyOf(`ip:${ip}`), limit: settings().maxFailuresPerIp },
    {
      key: keyOf(userId !== null ? `user:${userId}` : `identifier:${identifier.trim().toLowerCase()}`),
      limit: settings().maxFailuresPerIdentifier,
    },
  ];

  /**
   * One more attempt for a key: counted in its window, else the ended window starts again, else a first row.
   * Each step is one atomic statement; a step that loses a race to another attempt retries the first.
   */
  const count = async (key: string, now: number): Promise<void> => {
    const [keyColumn, failures, windowStart] = [column('key'), column('failures'), column('windowStart')];
    const windowFrom = now - settings().failureWindowMs;
    for (let round = 0; round < 3; round += 1) {
      const inWindow = await table()
        .where(keyColumn, key)
        .andWhere(windowStart, '>', windowFrom)
        .increment(failures, 1);
      if (inWindow) return;
      const restarted = await table()
        .where(keyColumn, key)
        .andWhere(windowStart, '<=', windowFrom)
        .update({ [failures]: 1, [windowStart]: now });
      if (restarted) return;
      try {
        await table().insert({ [keyColumn]: key, [failures]: 1, [windowStart]: now });
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error('data-api: could not count a login attempt');
  };

  const giveBack = (key: string) =>
    table().where(column('key'), key).andWhere(column('failures'), '>', 0).decrement(column('failures'), 1);

  return {
    /**
     * Counts an attempt; answers the seconds to wait when it is over a limit (the attempt must then stop), or 0.
     */
    async attempt(subject: LoginSubject): Promise<number> {
      const now = Date.now();
      const counters = countersOf(subject);
      for (const { key } of counters) await count(key, now);
      const rows = await table()
        .whereIn(
          column('key'),
          counters.map((c) => c.key)
        )
        .select({ key: column('key'), failures: column('failures'), windowStart: column('windowStart') });
      let wait = 0;
      for (const row of rows) {
        const limit = counters.find((c) => c.key === row.key)!.limit;
        const end = Number(row.windowStart) + settings().failureWindowMs;
        if (Number(row.failures) > limit && end > now) wait = Math.max(wait, Math.ceil((end - now) / 1000));
      }
      // A refused attempt checks no password: it gives its counts back, so the counts stay those of checks.
      if (wait) for (const { key } of counters) await giveBack(key);
      return wait;
    },

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
