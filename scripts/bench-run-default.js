'use strict';

/**
 * `npm run bench`: throughput and latency of the /_api runtime against Strapi's own routes, on the playground
 * with BENCH_PRODUCTS products (10,000), over real HTTP on 127.0.0.1:
 *
 *   1. /_api List of 100 rows   vs  /api/products?pagination[pageSize]=100   (ratio, target >= 10x)
 *      and  vs  the same page from a bare node:http server in this process, through the playground's own
 *      database driver, which keeps its total as the plugin does (percentage, target >= 80%; the two take turns
 *      in BENCH_FLOOR_ROUNDS rounds, medians compared, and their CPU time per request is compared too) and which
 *      counts it on every request (no target); its answers are checked item by item against the /_api one
 *      (scripts/bench-bare.js)
 *   2. /_api List of 10 rows    vs  /_health, the middleware stack alone      (percentage, target >= 50%)
 *      and the same List with its access log line written (to /dev/null) vs without: the log's cost, no target;
 *      the same List with If-None-Match naming its ETag (304, no body) vs the full answer, and the ETag's own
 *      work as a share of the List's time per request: the cost of conditional GETs, no target (bench-etag.js)
 *   3. /_api Create of 100 orders in one array request  vs  100 sequential POST /api/orders, same payloads
 *      (ratio of the median times, target >= 10x; scripts/bench-create.js)
 *   5-7. one site user's orders: /_api List with the session cookie  vs  the same rows with an API key (the cost
 *      of identifying the user)  and  vs  Strapi REST with the user's JWT (target >= 10x; scripts/bench-session.js)
 *   8-9. 100 products with a photo and a two-file gallery: /_api List with signed file URLs  vs  Strapi REST with
 *      the media populated (target >= 10x; scripts/bench-files.js)
 *   10-11. 100 blog posts with a dynamic zone, an seo component (media, nested repeatable) and repeatable links:
 *      /_api List  vs  Strapi REST with the equivalent populate (target >= 5x; scripts/bench-blog.js)
 *   16-17. the marketing site's home page: one /_api List call  vs  Strapi REST with the equivalent deep
 *      populate (target >= 10x; scripts/bench-site.js)
 *   18-19. the List of 100 with a response cache: a hit  vs  the bare server keeping its total (target >= 3x)  and
 *      vs  Strapi REST (target >= 50x); the 304 to If-None-Match naming the cached ETag  vs  the hit (target >= 1x;
 *      scripts/bench-cache.js)
 *   13-15. the List of 10 rows with a rate limit it never reaches, counted in memory and in Redis  vs  without a
 *      limit, in BENCH_LIMIT_ROUNDS interleaved rounds, medians compared (targets >= 90% and >= 80%;
 *      scripts/bench-limits.js), usage counting's share taken off (scripts/bench-usage.js)
 *
 * The targets are in the report's table (scripts/bench-report-default.js).
 */
const fs = require('node:fs');
const { PLAYGROUND } = require('./fresh-database');
const { SETTINGS, step } = require('./bench-settings');
const { checkScenario, runScenario, runInRounds } = require('./bench-harness');
const { PRODUCT, defineEndpoints, listCheck, restCheck } = require('./bench-products');
const { report } = require('./bench-report-default');
const { measureCreates } = require('./bench-create');
const { startBareServer, samePageAs, DRIVER_NAMES } = require('./bench-bare');
const { sessionScenarios } = require('./bench-session');
const { fileScenarios } = require('./bench-files');
const { blogScenarios, BLOG_SEED_POSTS } = require('./bench-blog');
const { siteScenarios } = require('./bench-site');
const { notModifiedScenario, measureEtagWork } = require('./bench-etag');
const { limitScenarios } = require('./bench-limits');
const { measureUsageWork } = require('./bench-usage');
const { cacheScenarios } = require('./bench-cache');

/**
 * The bench runs at log level `error`, where the access log costs one level check. This writes every line at
 * level `http` (the plugin's access log) to /dev/null through Strapi's own format, as a site with the log on
 * would; answers how to go back.
 */
const writeLogsToNowhere = (strapi) => {
  const { winston, formats } = require(require.resolve('@strapi/logger', { paths: [PLAYGROUND] }));
  const { level } = strapi.log;
  const transports = [...strapi.log.transports];
  const nowhere = new winston.transports.Stream({
    stream: fs.createWriteStream('/dev/null'),
    format: formats.prettyPrint({ timestamps: 'YYYY-MM-DD hh:mm:ss.SSS' }),
  });
  strapi.log.clear().add(nowhere);
  strapi.log.level = 'http';
  return () => {
    strapi.log.clear();
    for (const transport of transports) strapi.log.add(transport);
    strapi.log.level = level;
  };
};

/**
 * The bare server's page of 100 (scripts/bench-bare.js), counting its total on every request and keeping it:
 * their answers are checked against the `/_api` List's, item by item, before any load.
 */
const bareScenarios = async (list, bareOrigin, client) => {
  const verify = samePageAs(JSON.parse(await checkScenario(list)));
  const bare = (id, name, path) => ({
    id,
    name,
    route: `GET ${path} (node:http + ${DRIVER_NAMES[client]}, same page)`,
    url: `${bareOrigin}${path}`,
    headers: {},
    status: 200,
    verify,
  });
  return {
    kept: bare('bareKept100', 'bare node:http, 100 rows, total kept (median)', '/kept/products'),
    counted: bare('bare100', 'bare node:http, 100 rows, counted', '/products'),
  };
};

/** `limited`: the List of 10 without a limit, with one in memory and with one in Redis, measured in rounds. */
const runScenarios = async (strapi, origin, bareOrigin, key, context, limited) => {
  const { rows } = context;
  const auth = { Authorization: `Bearer ${key.secret}` };
  const list100 = {
    id: 'list100',
    name: '/_api List, 100 rows (median)',
    route: 'GET /_api/bench/products',
    url: `${origin}/_api/bench/products`,
    headers: auth,
    status: 200,
    verify: listCheck(100, rows),
  };
  const list10 = {
    id: 'list10',
    name: '/_api List, 10 rows',
    route: 'GET /_api/bench/products-10',
    url: `${origin}/_api/bench/products-10`,
    headers: auth,
    status: 200,
    verify: listCheck(10, 10),
  };
  const bare = await bareScenarios(list100, bareOrigin, context.client);
  // The List and its floor take turns in rounds: their ratio is the run's closest comparison.
  const floor = [list100, bare.kept];
  const scenarios = [
    ...floor,
    bare.counted,
    {
      id: 'rest100',
      name: 'Strapi REST, 100 rows',
      route: 'GET /api/products?pagination[pageSize]=100',
      url: `${origin}/api/products?pagination[pageSize]=100`,
      headers: {},
      status: 200,
      verify: restCheck(100, rows),
    },
    list10,
    await notModifiedScenario(list10),
    {
      id: 'list10logged',
      name: '/_api List, 10 rows, access log written',
      route: 'GET /_api/bench/products-10 (log level http, to /dev/null)',
      url: `${origin}/_api/bench/products-10`,
      headers: auth,
      status: 200,
      verify: listCheck(10, 10),
      setUp: () => writeLogsToNowhere(strapi),
    },
    {
      id: 'health',
      name: 'Strapi /_health',
      route: 'GET /_health (204, no body)',
      url: `${origin}/_health`,
      headers: {},
      status: 204,
    },
  ];

  scenarios.push(...(await sessionScenarios(strapi, origin, key)));
  scenarios.push(...(await fileScenarios(strapi, origin, key)));
  scenarios.push(...(await blogScenarios(strapi, origin, key)));
  scenarios.push(...(await siteScenarios(strapi, origin, key)));
  scenarios.push(...(await cacheScenarios(strapi, origin, key, list100)));
  const results = await runInRounds(floor, SETTINGS.floorRounds);
  for (const scenario of scenarios) results[scenario.id] ??= await runScenario(scenario);
  const etagWork = await measureEtagWork(list10);
  const usageWork = measureUsageWork(strapi, 'bench/products-10');
  Object.assign(results, await runInRounds(limited, SETTINGS.limitRounds));
  scenarios.push(...limited);
  const creates = await measureCreates(
    strapi,
    origin,
    key,
    { warmup: SETTINGS.createWarmup, rounds: SETTINGS.createRounds },
    step
  );
  report(context, scenarios, results, creates, etagWork, usageWork);
};

/** Every scenario above, on the playground seeded with BENCH_PRODUCTS products. */
const measure = async ({ strapi, origin }, context) => {
  const rows = await strapi.db.query(PRODUCT).count();
  if (rows !== SETTINGS.products)
    throw new Error(`expected ${SETTINGS.products} products after seeding, found ${rows}`);
  const key = await defineEndpoints(strapi);
  const bare = await startBareServer(strapi);
  try {
    step(`Strapi listens on ${origin}, the bare server on ${bare.origin}; ${rows} products`);
    await runDefault(strapi, origin, bare.origin, key, { ...context, rows });
  } finally {
    await bare.close();
  }
};

const runDefault = async (strapi, origin, bareOrigin, key, context) => {
  const limits = await limitScenarios(strapi, origin, key);
  try {
    await runScenarios(strapi, origin, bareOrigin, key, context, limits.scenarios);
  } finally {
    await limits.close();
  }
};

module.exports = {
  seed: `products=${SETTINGS.products},posts=${BLOG_SEED_POSTS}`,
  seeding: 'a moment',
  measure,
};
