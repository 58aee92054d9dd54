import { createHash, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { PluginConfig } from '../config';
import type { Generations } from '../totals/generations';
import { sizeOf } from './answer';
import { PURGE_ALL_MARK } from './purge-marks';
import { createCatchUp } from './redis-store-catch-up';
import { createRedisGuard } from './redis-store-guard';
import { KEEP, LOOKUP } from './redis-store-scripts';
import type { CacheStore, Lookup } from './store';

const STORE = 'redis';
/** The longest wait between two reconnection attempts. */
const RECONNECT_MAX_MS = 1000;

/** A miss's stamp: the tokens its reads' counters held before the database was read, in the order of `reads`. */
interface Tokens {
  readonly reads: readonly string[];
  readonly tokens: readonly string[];
}

type Script = (numberOfKeys: number, ...args: Array<string | Buffer | number>) => Promise<unknown>;

/** A Lua script, run by its SHA (its text is sent only to a server that does not know it), answering Buffers. */
const scriptOf = (client: Redis, name: string, lua: string): Script => {
  client.defineCommand(name, { lua });
  return (client as unknown as Record<string, Script>)[`${name}Buffer`].bind(client);
};

/**
 * Entries shared by every instance of the site, in one Redis, all under `<prefix>:` (docs/cache.md#redis): the
 * entries (`e:`, keyed by a hash of the cache key, so bounded), one counter per type read and purge mark (`g:`),
 * and the run id of the server (`server`). It reads, writes and deletes no other key. Validity (scripts in
 * redis-store-scripts.ts): a write deletes its types' counters in Redis, so every instance's next lookup misses.
 *
 * The client is set up as the rate limits' (limits/redis-store.ts): no offline queue and no retries, so that a
 * Redis that is down or slow costs a request at most `storeTimeoutMs` and answers a miss; it reconnects on its own.
 */
export const createRedisStore = (
  { redisUrl, prefix, storeTimeoutMs, maxEntryBytes }: PluginConfig['cache'],
  /** This instance's write clock, which learns other instances' writes through the database, and how often. */
  { generations, intervalMs }: { generations: Generations; intervalMs: number }
): CacheStore => {
  const client = new Redis(redisUrl!, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
    // Sent at once, not at the next turn of the event loop: before the write's answer leaves this instance.
    autoPipeliningIgnoredCommands: ['unlink'],
    commandTimeout: storeTimeoutMs,
    socketTimeout: storeTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MAX_MS),
  });
  // Without a listener ioredis prints every failed reconnection; the response cache logs the outage once.
  client.on('error', () => {});
  const counterOf = (uid: string) => `${prefix}:g:${uid}`;
  const entryOf = (key: string) => `${prefix}:e:${createHash('sha256').update(key).digest('base64url')}`;
  // This process's random origin and a sequence: no counter ever holds a token twice, whoever sets it and however
  // often it is deleted (a counter that counted from 0 again after an eviction could meet a value recorded before).
  const origin = randomBytes(12).toString('base64url');
  let sequence = 0;
  const newToken = () => `${origin}${(sequence += 1).toString(36)}`;
  const guard = createRedisGuard(
    client,
    { server: `${prefix}:server`, all: counterOf(PURGE_ALL_MARK), counterOf },
    newToken
  );
  const lookupScript = scriptOf(client, 'dataApiCacheLookup', LOOKUP);
  const keepScript = scriptOf(client, 'dataApiCacheKeep', KEEP);
  const deleteCounters = (uids: readonly string[]) => {
    // Not deleted (Redis down or slow): the entries that read them must not be served until they are.
    client.unlink(...uids.map(counterOf)).catch(() => guard.owe(uids));
  };
  const catchUp = createCatchUp(generations, intervalMs, deleteCounters);
  /** The reads lookups were made with: an endpoint's array changes only when its reads grow. */
  const noted = new WeakSet<readonly string[]>();
  const settled = async () => {
    if (!guard.clear()) await guard.settle();
  };

  return {
    name: STORE,
    async lookup(key: string, reads: readonly string[]): Promise<Lookup> {
      if (!noted.has(reads)) {
        noted.add(reads);
        catchUp.read(reads);
      }
      await settled();
      const reply = (await lookupScript(
        1 + reads.length,
        entryOf(key),
        ...reads.map(counterOf),
        newToken(),
        ...reads
      )) as Array<Buffer | number | null>;
      if (reply[0] === 1) {
        const [, body, etag, link] = reply as [number, Buffer, Buffer, Buffer | null];
        return { hit: { body, etag: etag.toString(), link: link?.toString() ?? null } };
      }
      const tokens = (reply.slice(1) as Buffer[]).map(String);
      return { hit: null, stamp: { store: STORE, value: { reads, tokens } satisfies Tokens } };
    },
    async keep(key, answer, stamp, { reads, ttlMs }) {
      const { reads: stamped, tokens } = stamp.value as Tokens;
      // A type first read by this answer has no token from before it was read: the next miss keeps the answer.
      if (sizeOf(key, answer) > maxEntryBytes || reads.some((uid) => !stamped.includes(uid))) return;
      await settled();
      const fields: Array<string | Buffer> = ['b', answer.body, 't', answer.etag];
      if (answer.link !== null) fields.push('l', answer.link);
      stamped.forEach((uid, i) => fields.push(uid, tokens[i]));
      await keepScript(
        1 + stamped.length,
        entryOf(key),
        ...stamped.map(counterOf),
        Math.ceil(ttlMs),
        ...tokens,
        ...fields
      );
    },
    written(uids) {
      catchUp.wrote(uids);
      deleteCounters(uids);
    },
    // Purges are writes of purge marks (response-cache.ts): their entries are misses at once and expire.
    drop: () => 0,
    usage: () => ({ bytes: 0, entries: 0, evictions: 0 }),
    close: async () => {
      catchUp.stop();
      client.disconnect();
    },
  };
};
