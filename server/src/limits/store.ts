import type { Core } from '@strapi/strapi';
import {
  RateLimiterMySQL,
  RateLimiterPostgres,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { PluginConfig } from '../config';
import { dialectOf } from '../query/dialect';
import { memoryStore } from './memory-store';
import { redisStore } from './redis-store';

type Options = PluginConfig['rateLimit'];

/** Where budgets are counted: a limiter of `points` per `duration` seconds whose keys start with `keyPrefix`. */
export interface Store {
  /** False for the memory store, which cannot fail: its calls need no timeout and no circuit breaker. */
  remote: boolean;
  limiter(points: number, duration: number, keyPrefix: string): RateLimiterAbstract;
  close(): Promise<void>;
}

/** Rows of windows that ended more than this long ago are deleted (database store), every CLEAR_EVERY_MS. */
const EXPIRED_AFTER_MS = 3_600_000;
const CLEAR_EVERY_MS = 300_000;

/** The rate-limiter-flexible class of the site's database, with what it needs to find its table. */
const databaseLimiter = (strapi: Core.Strapi) => {
  const config = strapi.config.get<{ connection: { connection?: { database?: string; schema?: string } } }>('database')
    .connection.connection;
  switch (dialectOf(strapi)) {
    case 'postgres':
      return { Limiter: RateLimiterPostgres, where: config?.schema ? { schemaName: config.schema } : {} };
    case 'mysql':
      // Without dbName it would create and use a database of its own.
      return { Limiter: RateLimiterMySQL, where: { dbName: config?.database } };
    default:
      return { Limiter: RateLimiterSQLite, where: {} };
  }
};

/**
 * The site's database, through Strapi's knex pool: each call takes a connection and gives it back at once
 * (SQLite has only one). The table (named by `prefix`) is created once here; its expired rows are deleted by
 * one timer rather than one per limiter.
 */
const databaseStore = async (strapi: Core.Strapi, { prefix }: Options): Promise<Store> => {
  const { Limiter, where } = databaseLimiter(strapi);
  const base = { storeClient: strapi.db.connection, storeType: 'knex', tableName: prefix, ...where };
  // Creates the table (its callback says when); counts nothing itself.
  const janitor = await new Promise<RateLimiterAbstract>((resolve, reject) => {
    const created: RateLimiterAbstract = new Limiter(
      { ...base, points: 1, duration: 1, clearExpiredByTimeout: false },
      (error?: unknown) => (error ? reject(error) : resolve(created))
    );
  });
  const clear = janitor as unknown as { clearExpired(before: number): Promise<void> };
  const timer = setInterval(() => clear.clearExpired(Date.now() - EXPIRED_AFTER_MS).catch(() => {}), CLEAR_EVERY_MS);
  timer.unref();
  return {
    remote: true,
    limiter: (points, duration, keyPrefix) =>
      new Limiter({ ...base, tableCreated: true, clearExpiredByTimeout: false, points, duration, keyPrefix }),
    close: async () => clearInterval(timer),
  };
};

/** The store of the plugin config's `rateLimit.store`. */
export const openStore = (strapi: Core.Strapi, options: Options): Promise<Store> =>
  options.store === 'redis'
    ? redisStore(strapi, options)
    : options.store === 'database'
      ? databaseStore(strapi, options)
      : Promise.resolve(memoryStore());
