import type Redis from 'ioredis';
import { CHECK_SERVER } from './redis-store-scripts';

export interface GuardKeys {
  /** Where the run id of the server that holds the data is kept. */
  readonly server: string;
  /** The counter every entry reads (the purge-all mark's). */
  readonly all: string;
  readonly counterOf: (uid: string) => string;
}

/** The line of `INFO server` that names this run of the server. */
const RUN_ID = 'run_id:';
/** How a server says it will not run a command for this client. */
const REFUSED = ['NOPERM', 'ERR unknown command'];

/**
 * What must hold before the Redis store serves a hit (docs/cache.md#redis): on this connection, the server was
 * checked to be the one whose data the entries were kept in (CHECK_SERVER), and the counters of every write of
 * this instance whose deletion failed are deleted. Until then lookups and keeps wait for it, and fail (misses,
 * the database answers) while Redis cannot do it. The debts are paid as soon as the connection is ready again,
 * so that other instances stop serving the entries they invalidate.
 */
export const createRedisGuard = (client: Redis, keys: GuardKeys, newToken: () => string) => {
  /** Types whose writes this instance could not record: at most the site's types and purge marks. */
  const owed = new Set<string>();
  /** Counts the connection's closes; `checked` is the count when the server was last checked. */
  let connection = 0;
  let checked = -1;
  let settling: Promise<void> | null = null;

  // A server that refuses INFO (an ACL without it, a renamed command) is never recognized: every connection then
  // makes all entries misses, which costs hits, never freshness.
  const runId = () =>
    client.info('server').then(
      (info) =>
        info
          .split('\r\n')
          .find((line) => line.startsWith(RUN_ID))
          ?.slice(RUN_ID.length) ?? newToken(),
      (error: Error) => {
        if (REFUSED.some((start) => error.message.startsWith(start))) return newToken();
        throw error;
      }
    );

  const settle = async () => {
    const at = connection;
    if (checked !== at) {
      await client.eval(CHECK_SERVER, 2, keys.server, keys.all, await runId());
      if (connection !== at) throw new Error('the connection to Redis closed while it was checked');
      checked = at;
    }
    if (owed.size) {
      const paying = [...owed];
      await client.unlink(...paying.map(keys.counterOf));
      for (const uid of paying) owed.delete(uid);
    }
  };

  client.on('close', () => {
    connection += 1;
  });
  client.on('ready', () => {
    void run().catch(() => {});
  });
  const run = () =>
    (settling ??= settle().finally(() => {
      settling = null;
    }));

  return {
    /** Whether a hit may be served with nothing to do first. */
    clear: () => checked === connection && owed.size === 0,
    /** Does what must be done before a hit; rejects while Redis cannot do it. */
    settle: run,
    /** This instance could not delete these types' counters after their writes: no hit until it has. */
    owe(uids: readonly string[]) {
      for (const uid of uids) owed.add(uid);
    },
  };
};

export type RedisGuard = ReturnType<typeof createRedisGuard>;
