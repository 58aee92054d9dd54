'use strict';

/**
 * The rate limit scenarios of scripts/bench.js, on the 10-row List of scenario 2:
 *
 *   13. that List, without a limit                                              GET /_api/bench/products-10
 *   14. the same List with a limit it never reaches, counted in memory          GET /_api/bench/products-10-limited
 *   15. the same, counted in Redis (a redis-server of the run's own on 127.0.0.1) GET /_api/bench/products-10-limited
 *
 * Against 13 they give what a limit costs per request (targets: at most 10% with the memory store, 20% with
 * Redis); the harness runs them in interleaved rounds. The store is switched for scenario 15 alone: its set-up
 * restarts the plugin's limits with `rateLimit.store: 'redis'`, and goes back to memory afterwards. Before any load, each scenario's answer must
 * carry the `RateLimit` header, and Redis must hold the count.
 */
const Redis = require('ioredis');
const { startRedisServer } = require('./redis-server');
const { PRODUCT, FIELDS, listCheck } = require('./bench-products');

/** A limit no run reaches: the store is asked on every request, and always says yes. */
const NEVER_REACHED = { requests: 1_000_000, windowSeconds: 86_400 };
const CONFIG = 'plugin::data-api.rateLimit';

/** Restarts the plugin's limits on `options` (merged into the config); answers how to go back. */
const useStore = async (strapi, options) => {
  const limits = strapi.plugin('data-api').service('engine').limits;
  const before = strapi.config.get(CONFIG);
  const restart = async (config) => {
    await limits.stop();
    strapi.config.set(CONFIG, config);
    await limits.start();
  };
  await restart({ ...before, ...options });
  return () => restart(before);
};

const limitScenarios = async (strapi, origin, key) => {
  const verify = listCheck(10, 10);
  await strapi
    .plugin('data-api')
    .service('endpoints')
    .create({
      type: 'list',
      object: PRODUCT,
      fields: FIELDS.map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'asc' }],
      filter: { id: { $lte: 10 } },
      auth: { method: 'api-key', keys: [key.id] },
      name: 'Bench: products, 10 rows, limited',
      path: 'bench/products-10-limited',
      rateLimit: NEVER_REACHED,
    });
  const redis = await startRedisServer();
  const url = `${origin}/_api/bench/products-10-limited`;
  const headers = { Authorization: `Bearer ${key.secret}` };
  /** The answer is limited: it carries what is left of the limit. */
  const limited = async () => {
    const response = await fetch(url, { headers });
    if (!response.headers.get('ratelimit')) throw new Error(`${url} answered no RateLimit header`);
  };
  const common = { route: 'GET /_api/bench/products-10-limited', url, headers, status: 200, verify };
  return {
    scenarios: [
      {
        ...common,
        id: 'list10unlimited',
        name: '/_api List, 10 rows, no limit (median)',
        route: 'GET /_api/bench/products-10',
        url: `${origin}/_api/bench/products-10`,
      },
      { ...common, id: 'list10memory', name: '/_api List, 10 rows, limit in memory (median)', setUp: limited },
      {
        ...common,
        id: 'list10redis',
        name: '/_api List, 10 rows, limit in Redis (median)',
        setUp: async () => {
          const restore = await useStore(strapi, { store: 'redis', redisUrl: redis.url });
          await limited();
          const client = new Redis(redis.url);
          try {
            if (!(await client.dbsize())) throw new Error('the limited List counted nothing in Redis');
          } finally {
            client.disconnect();
          }
          return restore;
        },
      },
    ],
    close: () => redis.stop(),
  };
};

module.exports = { limitScenarios };
