'use strict';

/**
 * `npm run bench`: throughput and latency of the /_api runtime against Strapi's own routes, on the playground
 * with 10,000 products, over real HTTP on 127.0.0.1.
 *
 *   1. /_api List of 100 rows   vs  /api/products?pagination[pageSize]=100   (ratio, target >= 10x)
 *      and  vs  the same page from a bare node:http server in this process, through the playground's own
 *      database driver (percentage, target >= 80%; its answer is checked item by item against the /_api one;
 *      scripts/bench-bare.js)
 *   2. /_api List of 10 rows    vs  /_health, the middleware stack alone      (percentage, target >= 50%)
 *      and the same List with its access log line written (to /dev/null) vs without: the log's cost, no target;
 *      the same List with If-None-Match naming its ETag (304, no body) vs the full answer, and the ETag's own
 *      work (SHA-1 of the answer's bytes, timed in this process on the answer served, checked against its ETag)
 *      as a share of the List's time per request: the cost of conditional GETs, no target
 *   3. /_api Create of 100 orders in one array request  vs  100 sequential POST /api/orders, same payloads
 *      (ratio of the median times, target >= 10x; scripts/bench-create.js)
 *   5-7. one site user's orders: /_api List with the session cookie  vs  the same rows with an API key (the cost
 *      of identifying the user)  and  vs  Strapi REST with the user's JWT (target >= 10x; scripts/bench-session.js)
 *   8-9. 100 products with a photo and a two-file gallery: /_api List with signed file URLs  vs  Strapi REST with
 *      the media populated (target >= 10x; scripts/bench-files.js)
 *   10-11. 100 blog posts with a dynamic zone, an seo component (media, nested repeatable) and repeatable links:
 *      /_api List  vs  Strapi REST with the equivalent populate (target >= 5x; scripts/bench-blog.js)
 *   16-17. the marketing site's home page (a dynamic zone of sections holding relations to records with images,
 *      links to pages, translations): one /_api List call  vs  Strapi REST with the equivalent deep populate
 *      (target >= 10x; scripts/bench-site.js)
 *   13-15. the List of 10 rows of 2 with a rate limit it never reaches, counted in memory and in Redis (a
 *      redis-server of the run's own)  vs  without a limit, in BENCH_LIMIT_ROUNDS interleaved rounds (default 3),
 *      medians compared (targets >= 90% and >= 80%; scripts/bench-limits.js)
 *
 * Strapi runs in this process on a fresh database (SQLite by default, DATABASE_CLIENT=postgres|mysql for a
 * new database on that server); autocannon runs in a child process (scripts/bench-load.js) so the load
 * generator does not compete with the server for its event loop.
 *
 * Environment: BENCH_SECONDS (measured seconds per scenario, default 8), BENCH_WARMUP_SECONDS (default 2),
 * BENCH_CONNECTIONS (default 10), BENCH_PRODUCTS (default 10000), BENCH_CREATE_ROUNDS (measured rounds of the
 * Create scenario, default 10), BENCH_CREATE_WARMUP (its warm-up rounds, default 3), BENCH_LIMIT_ROUNDS (rounds
 * of the rate limit scenarios, default 3), DATABASE_* as for the playground.
 *
 * `npm run bench:aggregate` (`node --expose-gc scripts/bench.js --aggregate`) runs the Aggregate scenario instead,
 * alone, on its own fresh database seeded with BENCH_ORDERS orders (default 1,000,000: seeding them takes about
 * 25 s on SQLite, 35 s on MariaDB and 60 s on PostgreSQL on a 2-vCPU machine, and about 1 GB of memory):
 *
 *   4. /_api Aggregate, month x status, count + sum(total)  vs  the same GROUP BY written by hand in SQL and run
 *      through knex on the same database (ratio of the median times, target <= 1.5x), and the process's peak
 *      RSS during the requests against its RSS before them (scripts/bench-aggregate.js)
 *
 * It runs in TZ=UTC. Environment: BENCH_ORDERS, BENCH_AGGREGATE_ROUNDS (measured rounds per side, default 5),
 * BENCH_AGGREGATE_WARMUP (default 1), DATABASE_* as above.
 *
 * `npm run bench:sweep` (`node --expose-gc scripts/bench.js --sweep`) runs the size sweep instead, alone, on its
 * own fresh database seeded with nothing (scripts/bench-sweep.js):
 *
 *   12. the products grow to each of BENCH_SWEEP_SIZES rows (default 10000,100000,1000000) by bulk INSERTs of
 *      500 rows; at each size, the /_api List of 100 and the bare server's same page, for the first page, a
 *      keyset page from the middle of the table (?after=) and a filtered page (?category=audio, about 10% of
 *      the rows): req/s, p50, p99, the ratio to the first size (targets at the largest size: the first page and
 *      the keyset page keep >= 50% of the first size's req/s) and to the bare server; and the process's peak
 *      RSS (sampled every 100 ms from a worker thread, and process.resourceUsage().maxRSS)
 *
 * BENCH_SECONDS defaults to 5 there; BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS and DATABASE_* as above.
 *
 * Exits 0 when the figures are below target (a benchmark reports, it does not fail CI); non-zero on errors.
 */
const AGGREGATE = process.argv.includes('--aggregate');
const SWEEP = process.argv.includes('--sweep');
// Before Strapi and the plugin load: the Aggregate scenario's hand-written SQL reads datetimes as UTC.
if (AGGREGATE) process.env.TZ = 'UTC';

const os = require('node:os');
const path = require('node:path');
const { PLAYGROUND, databaseClient, createFreshDatabase } = require('./fresh-database');
const { buildPlugin } = require('./build-if-stale');
const { runLoad } = require('./bench-load');
const { measureCreates, RECORDS, PLUGIN_PATH } = require('./bench-create');
const { measureAggregate, startSampler } = require('./bench-aggregate');
const { startBareServer, samePageAs } = require('./bench-bare');
const {
  sweepSizes,
  growProducts,
  pagesAt,
  sweepScenarios,
  sweepRows,
  sweepTargets,
  markdownTable,
} = require('./bench-sweep');
const { sessionScenarios } = require('./bench-session');
const { fileScenarios } = require('./bench-files');
const { blogScenarios, BLOG_SEED_POSTS } = require('./bench-blog');
const { siteScenarios } = require('./bench-site');
const { notModifiedScenario, measureEtagWork } = require('./bench-etag');
const { limitScenarios } = require('./bench-limits');
const { measureUsageWork } = require('./bench-usage');

const ROOT = path.resolve(__dirname, '..');
const PRODUCT = 'api::product.product';
const FIELDS = ['id', 'title', 'sku', 'price', 'stock', 'category', 'active', 'releasedAt'];

const positive = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
};

const SETTINGS = {
  // The sweep measures six scenarios per size: shorter runs by default.
  seconds: positive('BENCH_SECONDS', SWEEP ? 5 : 8),
  warmup: positive('BENCH_WARMUP_SECONDS', 2),
  connections: Math.round(positive('BENCH_CONNECTIONS', 10)),
  products: Math.round(positive('BENCH_PRODUCTS', 10000)),
  createRounds: Math.round(positive('BENCH_CREATE_ROUNDS', 10)),
  createWarmup: Math.round(positive('BENCH_CREATE_WARMUP', 3)),
  orders: Math.round(positive('BENCH_ORDERS', 1000000)),
  aggregateRounds: Math.round(positive('BENCH_AGGREGATE_ROUNDS', 5)),
  aggregateWarmup: Math.round(positive('BENCH_AGGREGATE_WARMUP', 1)),
  limitRounds: Math.round(positive('BENCH_LIMIT_ROUNDS', 3)),
  sweepSizes: SWEEP ? sweepSizes() : null,
};

const TARGETS = {
  listVsRest: 10,
  listVsBare: 0.8,
  listVsHealth: 0.5,
  createVsRest: 10,
  sessionVsRest: 10,
  filesVsRest: 10,
  blogVsRest: 5,
  siteVsRest: 10,
  limitMemory: 0.9,
  limitRedis: 0.8,
  aggregateVsSql: 1.5,
};

// How often the sweep samples the process's RSS.
const SWEEP_SAMPLE_MS = 100;

const log = (...args) => console.log(...args);
const step = (message) => process.stderr.write(`[bench] ${message}\n`);

/**
 * Boots the playground in this process and listens on 127.0.0.1 (a free port unless BENCH_PORT is set), seeded
 * with `seed` (the playground's SEED). `adopt` receives the instance before it loads, so that an interrupted or
 * failed boot is still cleaned up. Answers the time of the whole boot and of the seed alone (ms).
 */
const boot = async (databaseEnv, seed, adopt) => {
  Object.assign(process.env, {
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'error',
    SEED: seed,
    HOST: '127.0.0.1',
    PORT: process.env.BENCH_PORT || '0',
    ...databaseEnv,
  });
  // The playground's bootstrap seeds through seedShop, taken from this module when its src/index.js loads:
  // wrapped here, before Strapi requires that file, it tells how long the seed itself takes.
  const seeding = require(path.join(PLAYGROUND, 'src', 'seed'));
  const seedShop = seeding.seedShop;
  let seedMs = null;
  seeding.seedShop = async (...args) => {
    const start = performance.now();
    try {
      return await seedShop(...args);
    } finally {
      seedMs = performance.now() - start;
    }
  };
  // Required only now: @strapi/strapi reads part of its environment when it is loaded.
  const { createStrapi } = require('@strapi/strapi');
  const start = performance.now();
  const strapi = createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND });
  adopt(strapi);
  await strapi.load();
  await strapi.listen();
  const bootMs = performance.now() - start;
  const address = strapi.server.httpServer.address();
  if (!address || typeof address !== 'object') throw new Error('Strapi is not listening on a TCP port');
  return { strapi, origin: `http://127.0.0.1:${address.port}`, bootMs, seedMs };
};

/**
 * One API key and the two List endpoints of the benchmark, through the plugin's own services (the Create
 * endpoint is defined with this key by scripts/bench-create.js).
 */
const defineEndpoints = async (strapi) => {
  const plugin = strapi.plugin('data-api');
  const key = await plugin.service('apiKeys').create({ description: 'bench' });
  const common = {
    type: 'list',
    object: PRODUCT,
    fields: FIELDS.map((name) => ({ name })),
    sort: [{ field: 'id', dir: 'asc' }],
    auth: { method: 'api-key', keys: [key.id] },
  };
  await plugin.service('endpoints').create({ ...common, name: 'Bench: products, 100 rows', path: 'bench/products' });
  await plugin
    .service('endpoints')
    .create({ ...common, name: 'Bench: products, 10 rows', path: 'bench/products-10', filter: { id: { $lte: 10 } } });
  return key;
};

/**
 * A scenario is checked with one request before any load: its status, and a body that holds the rows it
 * should. The body it answered then becomes autocannon's `expectBody`, so every measured response is
 * compared with it (the answers are deterministic: same data, same query). A scenario whose answers carry
 * time-dependent values (`volatileBody`: signed file URLs change with the minute of their expiry) is checked
 * again after its measured run instead.
 */
const checkScenario = async (scenario) => {
  let response;
  try {
    response = await fetch(scenario.url, { headers: scenario.headers });
  } catch (error) {
    throw new Error(`${scenario.name}: GET ${scenario.url} failed: ${error.message}`);
  }
  const text = await response.text();
  const fail = (why) => {
    throw new Error(`${scenario.name}: GET ${scenario.url} answered ${response.status}: ${why}\n${text.slice(0, 500)}`);
  };
  if (response.status !== scenario.status) fail(`expected status ${scenario.status}`);
  // /_health and a 304 have no body by design.
  if (scenario.status === 204 || scenario.status === 304) return text ? fail('a body where none belongs') : null;
  if (!text) fail('the body is empty');
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    fail('the body is not JSON');
  }
  const problem = scenario.verify(body);
  if (problem) fail(problem);
  return text;
};

/**
 * `answered`: the run must have had at least one answer. A warm-up need not: it may end before the first
 * answer of a slow page (the bare server's count over a million MariaDB rows takes seconds under load).
 */
const assertClean = (scenario, phase, result, { answered = true } = {}) => {
  const problems = [];
  const stats = result.statusCodeStats || {};
  const countOf = (code) => (stats[code] ? stats[code].count : 0);
  const expected = countOf(scenario.status);
  const others = Object.keys(stats).reduce((n, code) => (Number(code) === scenario.status ? n : n + countOf(code)), 0);
  if (!expected && answered) problems.push(`no ${scenario.status} response at all`);
  if (others > 0)
    problems.push(`${others} responses of another status than ${scenario.status} ${JSON.stringify(stats)}`);
  if (result.errors) problems.push(`${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.mismatches) problems.push(`${result.mismatches} responses whose body differs from the checked one`);
  if (problems.length) throw new Error(`${scenario.name} (${phase}): ${problems.join('; ')}`);
};

const runScenario = async (scenario) => {
  const restore = scenario.setUp ? await scenario.setUp() : null;
  try {
    return await measureScenario(scenario);
  } finally {
    if (restore) await restore();
  }
};

const measureScenario = async (scenario) => {
  const checked = await checkScenario(scenario);
  const expectBody = scenario.volatileBody ? null : checked;
  const load = { url: scenario.url, headers: scenario.headers, connections: SETTINGS.connections, expectBody };
  step(`${scenario.name}: warm-up ${SETTINGS.warmup}s`);
  assertClean(scenario, 'warm-up', await runLoad({ ...load, duration: SETTINGS.warmup }), { answered: false });
  step(`${scenario.name}: measuring ${SETTINGS.seconds}s`);
  const result = await runLoad({ ...load, duration: SETTINGS.seconds });
  assertClean(scenario, 'measured run', result);
  if (scenario.volatileBody) await checkScenario(scenario);
  return result;
};

const listCheck = (expectedItems, expectedTotal) => (body) => {
  if (!Array.isArray(body.items)) return 'no items array';
  if (body.items.length !== expectedItems) return `${body.items.length} items, expected ${expectedItems}`;
  if (body.total !== expectedTotal) return `total ${body.total}, expected ${expectedTotal}`;
  const missing = FIELDS.filter((f) => !(f in body.items[0]));
  if (missing.length) return `items lack ${missing.join(', ')}`;
  return null;
};

const restCheck = (expectedItems, expectedTotal) => (body) => {
  if (!Array.isArray(body.data)) return 'no data array';
  if (body.data.length !== expectedItems) return `${body.data.length} items, expected ${expectedItems}`;
  const total = body.meta && body.meta.pagination && body.meta.pagination.total;
  if (total !== expectedTotal) return `meta.pagination.total ${total}, expected ${expectedTotal}`;
  return null;
};

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
    stream: require('node:fs').createWriteStream('/dev/null'),
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

// ---------------------------------------------------------------------------------------------- report

const fmt = {
  rps: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
};

const table = (headers, rows, alignRight) => {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (alignRight[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};

const logMachine = (context) => {
  const cpus = os.cpus();
  log(`  machine       Node ${process.version}, ${cpus.length} CPU(s)${cpus[0] ? ` (${cpus[0].model.trim()})` : ''}`);
  // Other work on the machine skews every figure: the load average before the run tells whether it was quiet.
  log(
    `  load average  ${context.loadBefore.map((n) => n.toFixed(2)).join(' ')} before the run, ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} after`
  );
};

const report = (context, scenarios, results, creates, etagWork, usageWork) => {
  log('');
  log('Data API benchmark');
  log(`  database      ${context.client} (${context.database})`);
  log(`  products      ${context.rows.toLocaleString('en-US')} rows`);
  log(
    `  load          autocannon, ${SETTINGS.connections} connections, ${SETTINGS.warmup}s warm-up + ${SETTINGS.seconds}s measured per scenario`
  );
  log(
    `  creates       ${RECORDS} orders per side and round, ${SETTINGS.createWarmup} warm-up + ${SETTINGS.createRounds} measured rounds, sides alternating, one request at a time`
  );
  logMachine(context);
  log('');
  log(
    table(
      ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'route'],
      scenarios.map((s) => {
        const r = results[s.id];
        return [
          s.name,
          fmt.rps(r.requestsPerSecond),
          fmt.ms(r.latency.p50),
          fmt.ms(r.latency.p99),
          r.totalRequests.toLocaleString('en-US'),
          s.route,
        ];
      }),
      [false, true, true, true, true, false]
    )
  );
  log('');
  log(
    table(
      ['scenario', 'median ms', 'min ms', 'max ms', 'records/s', 'rounds', 'route'],
      [
        ['/_api Create, 100 in one request', creates.plugin, `POST /_api/${PLUGIN_PATH} (array of ${RECORDS})`],
        ['Strapi REST, 100 creates', creates.rest, `${RECORDS} x POST /api/orders, one after another`],
      ].map(([name, s, route]) => [
        name,
        fmt.ms(s.median),
        fmt.ms(s.min),
        fmt.ms(s.max),
        fmt.rps((RECORDS * 1000) / s.median),
        s.rounds,
        route,
      ]),
      [false, true, true, true, true, true, false]
    )
  );
  log('');
  const listVsRest = results.list100.requestsPerSecond / results.rest100.requestsPerSecond;
  const listVsBare = results.list100.requestsPerSecond / results.bare100.requestsPerSecond;
  const listVsHealth = results.list10.requestsPerSecond / results.health.requestsPerSecond;
  const loggedVsPlain = results.list10logged.requestsPerSecond / results.list10.requestsPerSecond;
  const notModifiedVsFull = results.list10NotModified.requestsPerSecond / results.list10.requestsPerSecond;
  // The server serves one request at a time on its event loop: at the measured rate, a request takes
  // 1 / (req/s) seconds of it, of which the hash takes its microseconds.
  const etagShare = (etagWork.micros * results.list10.requestsPerSecond) / 1e6;
  const createVsRest = creates.rest.median / creates.plugin.median;
  const sessionVsRest = results.sessionList.requestsPerSecond / results.restJwt.requestsPerSecond;
  const sessionVsKey = results.sessionList.requestsPerSecond / results.keyList.requestsPerSecond;
  const filesVsRest = results.listFiles.requestsPerSecond / results.restFiles.requestsPerSecond;
  const filesVsPlain = results.listFiles.requestsPerSecond / results.list100.requestsPerSecond;
  const blogVsRest = results.listBlog.requestsPerSecond / results.restBlog.requestsPerSecond;
  const blogP99 = results.restBlog.latency.p99 / results.listBlog.latency.p99;
  const siteVsRest = results.sitePage.requestsPerSecond / results.restSitePage.requestsPerSecond;
  const siteP99 = results.restSitePage.latency.p99 / results.sitePage.latency.p99;
  const limitMemory = results.list10memory.requestsPerSecond / results.list10unlimited.requestsPerSecond;
  const limitRedis = results.list10redis.requestsPerSecond / results.list10unlimited.requestsPerSecond;
  // Counting is on in every run: its share of a request's time is taken off the limited runs' ratios.
  const usageShare = (usageWork.micros * results.list10unlimited.requestsPerSecond) / 1e6;
  const withUsage = (ratio) => ratio * (1 - usageShare);
  const mark = (value, target) => (value >= target ? 'PASS' : 'BELOW');
  log(
    table(
      ['comparison', 'measured', 'target', ''],
      [
        [
          '/_api List 100 vs /api/products 100',
          `${listVsRest.toFixed(2)}x`,
          '>= 10x',
          mark(listVsRest, TARGETS.listVsRest),
        ],
        [
          '/_api List 100 vs bare node:http 100',
          `${(listVsBare * 100).toFixed(1)}%`,
          '>= 80%',
          mark(listVsBare, TARGETS.listVsBare),
        ],
        [
          '/_api List 10 vs /_health',
          `${(listVsHealth * 100).toFixed(1)}%`,
          '>= 50%',
          mark(listVsHealth, TARGETS.listVsHealth),
        ],
        ['/_api List 10 with its access log vs without', `${(loggedVsPlain * 100).toFixed(1)}%`, '', ''],
        ['/_api List 10, 304 to If-None-Match vs the full 200', `${(notModifiedVsFull * 100).toFixed(1)}%`, '', ''],
        [
          `/_api List 10, its ETag (SHA-1 of ${etagWork.bytes} bytes, ${etagWork.micros.toFixed(2)} us) in its time`,
          `${(etagShare * 100).toFixed(2)}%`,
          '',
          '',
        ],
        [
          '/_api Create 100 vs 100 REST creates',
          `${createVsRest.toFixed(2)}x`,
          '>= 10x',
          mark(createVsRest, TARGETS.createVsRest),
        ],
        [
          '/_api session List vs REST with JWT',
          `${sessionVsRest.toFixed(2)}x`,
          '>= 10x',
          mark(sessionVsRest, TARGETS.sessionVsRest),
        ],
        ['/_api session List vs API key List', `${(sessionVsKey * 100).toFixed(1)}%`, '', ''],
        [
          '/_api List with files vs REST populated',
          `${filesVsRest.toFixed(2)}x`,
          '>= 10x',
          mark(filesVsRest, TARGETS.filesVsRest),
        ],
        ['/_api List with files vs List without', `${(filesVsPlain * 100).toFixed(1)}%`, '', ''],
        [
          '/_api blog List vs REST populated (req/s)',
          `${blogVsRest.toFixed(2)}x`,
          '>= 5x',
          mark(blogVsRest, TARGETS.blogVsRest),
        ],
        ['/_api blog List vs REST populated (p99, REST / ours)', `${blogP99.toFixed(2)}x`, '', ''],
        [
          '/_api home page, one call vs REST deep populate (req/s)',
          `${siteVsRest.toFixed(2)}x`,
          '>= 10x',
          mark(siteVsRest, TARGETS.siteVsRest),
        ],
        ['/_api home page vs REST deep populate (p99, REST / ours)', `${siteP99.toFixed(2)}x`, '', ''],
        ['/_api List 10 with a limit in memory vs without', `${(limitMemory * 100).toFixed(1)}%`, '', ''],
        ['/_api List 10 with a limit in Redis vs without', `${(limitRedis * 100).toFixed(1)}%`, '', ''],
        [
          `/_api List 10, its usage counting (${usageWork.micros.toFixed(3)} us) in its time`,
          `${(usageShare * 100).toFixed(2)}%`,
          '',
          '',
        ],
        [
          '/_api List 10, limit in memory and usage counting vs neither',
          `${(withUsage(limitMemory) * 100).toFixed(1)}%`,
          '>= 90%',
          mark(withUsage(limitMemory), TARGETS.limitMemory),
        ],
        [
          '/_api List 10, limit in Redis and usage counting vs neither',
          `${(withUsage(limitRedis) * 100).toFixed(1)}%`,
          '>= 80%',
          mark(withUsage(limitRedis), TARGETS.limitRedis),
        ],
      ],
      [false, true, true, false]
    )
  );
  log('');
  log(
    "Latencies are measured per request by the load generator (sub-millisecond); req/s is autocannon's per-second average."
  );
  log(
    `The three 10-row List runs marked "median" took turns in ${SETTINGS.limitRounds} rounds; each row is the round of median req/s. Per round (req/s): ${scenarios
      .filter((s) => results[s.id].rounds)
      .map((s) => `${s.id} ${results[s.id].rounds.map(fmt.rps).join(' / ')}`)
      .join('; ')}.`
  );
  log(
    `Create times are wall-clock per round from a client process; after the rounds the orders table and its product links had grown by exactly the ${creates.written.toLocaleString('en-US')} orders created.`
  );
  log(
    `The bare server answers the /_api List's page through ${DRIVER_NAMES[context.client]} alone: no API key, access log, security headers or router.`
  );
  log('A figure BELOW target is reported, not failed: the exit code is 0 unless the run itself went wrong.');
};

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const signedMb = (bytes) => `${bytes < 0 ? '-' : '+'}${mb(Math.abs(bytes))}`;

const reportAggregate = (context, result) => {
  const seconds = (ms) => (ms === null ? 'unknown' : `${(ms / 1000).toFixed(1)} s`);
  log('');
  log('Data API benchmark: Aggregate');
  log(`  database      ${context.client} (${context.database}), TZ=${process.env.TZ}`);
  log(
    `  orders        ${context.rows.toLocaleString('en-US')} rows, seeded in ${seconds(context.seedMs)} (whole boot ${seconds(context.bootMs)})`
  );
  log(
    `  query         month(orderedAt) x status, count + sum(total): ${result.groups} groups over ${result.counted.toLocaleString('en-US')} orders, identical on both sides`
  );
  log(
    `  rounds        ${SETTINGS.aggregateWarmup} warm-up + ${SETTINGS.aggregateRounds} measured per side, sides alternating, one request at a time`
  );
  logMachine(context);
  log('');
  log(
    table(
      ['scenario', 'median ms', 'min ms', 'max ms', 'rounds', 'route'],
      [
        ['/_api Aggregate', result.plugin, `GET /_api/${result.path} (client process, to the last byte)`],
        ['Hand-written SQL', result.hand, 'strapi.db.connection.raw in the server process'],
      ].map(([name, s, route]) => [name, fmt.ms(s.median), fmt.ms(s.min), fmt.ms(s.max), s.rounds, route]),
      [false, true, true, true, true, false]
    )
  );
  log('');
  log(
    table(
      ['process RSS', 'before', 'peak', 'peak - before', ''],
      [
        ['during /_api Aggregate', result.plugin],
        ['during hand-written SQL', result.hand],
      ].map(([name, s]) => [
        name,
        mb(result.rssBefore),
        mb(s.peakRss),
        signedMb(s.peakRss - result.rssBefore),
        `sampled every 50 ms over ${SETTINGS.aggregateWarmup + SETTINGS.aggregateRounds} runs`,
      ]),
      [false, true, true, true, false]
    )
  );
  log('');
  const ratio = result.plugin.median / result.hand.median;
  log(
    table(
      ['comparison', 'measured', 'target', ''],
      [
        [
          '/_api Aggregate vs hand-written SQL',
          `${ratio.toFixed(2)}x`,
          '<= 1.5x',
          ratio <= TARGETS.aggregateVsSql ? 'PASS' : 'BELOW',
        ],
      ],
      [false, true, true, false]
    )
  );
  log('');
  log(`Hand-written SQL: ${result.sql}`);
  if (result.sqliteCache !== null) {
    // PRAGMA cache_size: negative in KiB, positive in pages.
    const cap = result.sqliteCache < 0 ? mb(-result.sqliteCache * 1024) : `${result.sqliteCache} pages`;
    log(
      `SQLite runs in this process: its page cache (PRAGMA cache_size ${result.sqliteCache}, at most ${cap} per connection) counts in the RSS above, on both sides alike.`
    );
  }
  log(
    `Peak process memory since start (boot and seed included): ${mb(process.resourceUsage().maxRSS * 1024)}; RSS "before" is read once settled after a garbage collection${typeof global.gc === 'function' ? '' : ' (not run: start node with --expose-gc)'}.`
  );
  log('A figure BELOW target is reported, not failed: the exit code is 0 unless the run itself went wrong.');
};

const reportSweep = (context, runs, sizes, peaks) => {
  const rows = (n) => n.toLocaleString('en-US');
  log('');
  log('Data API benchmark: size sweep');
  log(`  database      ${context.client} (${context.database})`);
  log(
    `  products      ${sizes.map((s) => `${rows(s.size)} (grown in ${(s.seedMs / 1000).toFixed(1)} s)`).join(', ')}; ${rows(sizes[0].inCategory)} of the first size in the filtered category`
  );
  log(
    `  load          autocannon, ${SETTINGS.connections} connections, ${SETTINGS.warmup}s warm-up + ${SETTINGS.seconds}s measured per scenario`
  );
  logMachine(context);
  log('');
  const headers = ['rows', 'database', 'scenario', 'req/s', 'p50 ms', 'p99 ms', `ratio to ${rows(sizes[0].size)}`];
  const right = [true, false, false, true, true, true, true, true];
  log(markdownTable([...headers, '/_api / bare'], sweepRows(runs, context.client, fmt), right));
  log('');
  log(
    markdownTable(
      ['rows', 'peak RSS growing the table', 'peak RSS during the requests'],
      sizes.map(({ size }) => [rows(size), mb(peaks[`seed ${size}`] || 0), mb(peaks[`load ${size}`] || 0)]),
      [true, true, true]
    )
  );
  log('');
  log(
    `Peak RSS over the sweep: ${mb(Math.max(...Object.values(peaks)))} (process.memoryUsage().rss sampled every ${SWEEP_SAMPLE_MS} ms from a worker thread); process.resourceUsage().maxRSS since start: ${mb(process.resourceUsage().maxRSS * 1024)}.`
  );
  log('');
  const targets = sweepTargets(runs);
  if (targets.length) log(table(['comparison', 'measured', 'target', ''], targets, [false, true, true, false]));
  log('');
  log(
    'A keyset page answers the total of the whole listing (without the cursor) and page 1; the bare server answers the same page, checked item by item against /_api before each run.'
  );
  log('A figure BELOW target is reported, not failed: the exit code is 0 unless the run itself went wrong.');
};

// ---------------------------------------------------------------------------------------------- main

const DRIVER_NAMES = { sqlite: 'better-sqlite3', postgres: 'pg', mysql: 'mysql2' };

/**
 * The bare server's page of 100 (scripts/bench-bare.js): its answer is checked against the `/_api` List's,
 * item by item, before any load.
 */
const bareScenario = async (list, bareOrigin, client) => {
  const reference = JSON.parse(await checkScenario(list));
  return {
    id: 'bare100',
    name: 'bare node:http, 100 rows',
    route: `GET /products (node:http + ${DRIVER_NAMES[client]}, same page)`,
    url: `${bareOrigin}/products`,
    headers: {},
    status: 200,
    verify: samePageAs(reference),
  };
};

/** Scenarios 1 to 3, on the playground seeded with BENCH_PRODUCTS products. */
const benchDefault = async ({ strapi, origin }, context) => {
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
  const limits = await limitScenarios(strapi, origin, key, { fields: FIELDS, verify: listCheck(10, 10) });
  try {
    await runScenarios(strapi, origin, bareOrigin, key, context, limits.scenarios);
  } finally {
    await limits.close();
  }
};

/**
 * The run of median req/s of each scenario over SETTINGS.limitRounds rounds, the scenarios taking turns within
 * each round: a slower or busier stretch of the machine weighs on all of them alike.
 */
const runInRounds = async (scenarios) => {
  const runs = Object.fromEntries(scenarios.map((s) => [s.id, []]));
  for (let round = 1; round <= SETTINGS.limitRounds; round += 1) {
    for (const scenario of scenarios) {
      step(`round ${round} of ${SETTINGS.limitRounds}`);
      runs[scenario.id].push(await runScenario(scenario));
    }
  }
  const median = (list) => [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[list.length >> 1];
  return Object.fromEntries(
    Object.entries(runs).map(([id, list]) => [id, { ...median(list), rounds: list.map((r) => r.requestsPerSecond) }])
  );
};

/** `limited`: the List of 10 without a limit, with one in memory and with one in Redis, measured in rounds. */
const runScenarios = async (strapi, origin, bareOrigin, key, context, limited) => {
  const { rows } = context;
  const auth = { Authorization: `Bearer ${key.secret}` };
  const list100 = {
    id: 'list100',
    name: '/_api List, 100 rows',
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
  const scenarios = [
    list100,
    await bareScenario(list100, bareOrigin, context.client),
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
  const results = {};
  for (const scenario of scenarios) results[scenario.id] = await runScenario(scenario);
  const etagWork = await measureEtagWork(list10);
  const usageWork = measureUsageWork(strapi, 'bench/products-10');
  Object.assign(results, await runInRounds(limited));
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

/** Scenario 4, on the playground seeded with BENCH_ORDERS orders. */
const benchAggregate = async ({ strapi, origin, bootMs, seedMs }, context) => {
  const rows = await strapi.db.query('api::order.order').count();
  if (rows !== SETTINGS.orders) throw new Error(`expected ${SETTINGS.orders} orders after seeding, found ${rows}`);
  step(`Strapi listens on ${origin}; ${rows} orders, seeded in ${seedMs === null ? '?' : Math.round(seedMs)} ms`);
  const key = await strapi.plugin('data-api').service('apiKeys').create({ description: 'bench' });
  const result = await measureAggregate(
    strapi,
    origin,
    key,
    { client: context.client, warmup: SETTINGS.aggregateWarmup, rounds: SETTINGS.aggregateRounds },
    step
  );
  reportAggregate({ ...context, rows, bootMs, seedMs }, result);
};

/** The size sweep (scripts/bench-sweep.js), on a playground seeded with nothing: it grows the products itself. */
const benchSweep = async ({ strapi, origin }, context) => {
  const key = await defineEndpoints(strapi);
  const auth = { Authorization: `Bearer ${key.secret}` };
  const bare = await startBareServer(strapi);
  step(`Strapi listens on ${origin}, the bare server on ${bare.origin}`);
  const sampler = startSampler(SWEEP_SAMPLE_MS);
  const runs = [];
  const sizes = [];
  let peaks;
  try {
    for (const size of SETTINGS.sweepSizes) {
      step(`growing the products to ${size.toLocaleString('en-US')} rows`);
      sampler.phase(`seed ${size}`);
      const seedMs = await growProducts(strapi, context.client, size);
      sampler.phase(`load ${size}`);
      const at = await pagesAt(strapi);
      if (at.total !== size) throw new Error(`expected ${size} products after growing them, found ${at.total}`);
      step(`${size} products in ${Math.round(seedMs)} ms; middle id ${at.middle}, ${at.inCategory} in the category`);
      const scenarios = await sweepScenarios({ origin, bareOrigin: bare.origin, auth, at, check: checkScenario });
      for (const scenario of scenarios) runs.push({ size, scenario, result: await runScenario(scenario) });
      sampler.phase(null);
      sizes.push({ size, seedMs, ...at });
    }
  } finally {
    try {
      peaks = await sampler.stop();
    } finally {
      await bare.close();
    }
  }
  reportSweep(context, runs, sizes, peaks);
};

const main = async () => {
  const client = databaseClient();
  const loadBefore = os.loadavg();
  buildPlugin();
  step(`creating a fresh ${client} database`);
  const database = await createFreshDatabase('bench');
  let strapi = null;
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      if (strapi) {
        step('stopping Strapi');
        await strapi
          .destroy()
          .catch((error) => process.stderr.write(`[bench] could not stop Strapi: ${error.message}\n`));
      }
      step(`dropping the ${client} database`);
      await database
        .drop()
        .catch((error) => process.stderr.write(`[bench] could not drop the database: ${error.message}\n`));
    })());
  const interrupted = (signal) => {
    step(`${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  };
  const onSignals = () => {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      // createStrapi() installs its own handlers (destroy, then exit at once): this run must drop its database too.
      process.removeAllListeners(signal);
      process.once(signal, interrupted);
    }
  };
  onSignals();

  try {
    const seed = AGGREGATE
      ? `orders=${SETTINGS.orders}`
      : SWEEP
        ? 'none'
        : `products=${SETTINGS.products},posts=${BLOG_SEED_POSTS}`;
    step(`booting the playground with SEED=${seed} (seeding takes ${AGGREGATE ? 'minutes' : 'a moment'})`);
    const booted = await boot(database.env, seed, (instance) => {
      strapi = instance;
      onSignals();
    });
    const context = {
      client,
      loadBefore,
      database: client === 'sqlite' ? path.relative(ROOT, database.name) : database.name,
    };
    await (AGGREGATE ? benchAggregate : SWEEP ? benchSweep : benchDefault)(booted, context);
  } finally {
    await cleanup();
  }
};

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`\n[bench] FAILED: ${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  }
);
