'use strict';

/**
 * The report of `npm run bench` (scripts/bench-run-default.js): the settings and the machine, each scenario's
 * req/s and latencies, the Create rounds, and one table of comparisons, each with its target when it has one.
 */
const { SETTINGS, log } = require('./bench-settings');
const { fmt, table, comparisonTable, logMachine, BELOW_IS_REPORTED } = require('./bench-report');
const { RECORDS, PLUGIN_PATH } = require('./bench-create');
const { DRIVER_NAMES } = require('./bench-bare');

/** Every comparison of the run, from the scenarios' results (req/s unless said otherwise). */
const comparisons = (results, creates, etagWork, usageWork) => {
  const rps = (id) => results[id].requestsPerSecond;
  const p99 = (id) => results[id].latency.p99;
  const cpu = (id) => results[id].cpuMicrosPerRequest;
  // The server serves one request at a time on its event loop: at the measured rate, a request takes
  // 1 / (req/s) seconds of it, of which the hash (or the usage counting) takes its microseconds.
  const etagShare = (etagWork.micros * rps('list10')) / 1e6;
  // Counting is on in every run: its share of a request's time is taken off the limited runs' ratios.
  const usageShare = (usageWork.micros * rps('list10unlimited')) / 1e6;
  const withUsage = (id) => (rps(id) / rps('list10unlimited')) * (1 - usageShare);
  return [
    { label: '/_api List 100 vs /api/products 100', value: rps('list100') / rps('rest100'), unit: 'x', target: 10 },
    {
      label: '/_api List 100 vs bare node:http 100, total kept',
      value: rps('list100') / rps('bareKept100'),
      unit: '%',
      target: 0.8,
    },
    {
      label: '/_api List 100 vs bare node:http 100, total kept (server CPU time per request, bare / ours)',
      value: cpu('bareKept100') / cpu('list100'),
      unit: '%',
    },
    { label: '/_api List 100 vs bare node:http 100, counted', value: rps('list100') / rps('bare100'), unit: '%' },
    { label: '/_api List 10 vs /_health', value: rps('list10') / rps('health'), unit: '%', target: 0.5 },
    { label: '/_api List 10 with its access log vs without', value: rps('list10logged') / rps('list10'), unit: '%' },
    {
      label: '/_api List 10, 304 to If-None-Match vs the full 200',
      value: rps('list10NotModified') / rps('list10'),
      unit: '%',
    },
    {
      label: `/_api List 10, its ETag (SHA-1 of ${etagWork.bytes} bytes, ${etagWork.micros.toFixed(2)} us) in its time`,
      value: etagShare,
      unit: '%',
      digits: 2,
    },
    {
      label: '/_api Create 100 vs 100 REST creates',
      value: creates.rest.median / creates.plugin.median,
      unit: 'x',
      target: 10,
    },
    { label: '/_api session List vs REST with JWT', value: rps('sessionList') / rps('restJwt'), unit: 'x', target: 10 },
    { label: '/_api session List vs API key List', value: rps('sessionList') / rps('keyList'), unit: '%' },
    {
      label: '/_api List with files vs REST populated',
      value: rps('listFiles') / rps('restFiles'),
      unit: 'x',
      target: 10,
    },
    { label: '/_api List with files vs List without', value: rps('listFiles') / rps('list100'), unit: '%' },
    {
      label: '/_api blog List vs REST populated (req/s)',
      value: rps('listBlog') / rps('restBlog'),
      unit: 'x',
      target: 5,
    },
    {
      label: '/_api blog List vs REST populated (p99, REST / ours)',
      value: p99('restBlog') / p99('listBlog'),
      unit: 'x',
    },
    {
      label: '/_api home page, one call vs REST deep populate (req/s)',
      value: rps('sitePage') / rps('restSitePage'),
      unit: 'x',
      target: 10,
    },
    {
      label: '/_api home page vs REST deep populate (p99, REST / ours)',
      value: p99('restSitePage') / p99('sitePage'),
      unit: 'x',
    },
    {
      label: '/_api List 100 cached (hit) vs bare node:http 100, total kept',
      value: rps('cachedHit') / rps('bareKept100'),
      unit: 'x',
      target: 3,
    },
    {
      label: '/_api List 100 cached (hit) vs bare node:http 100, total kept (server CPU time per request, bare / ours)',
      value: cpu('bareKept100') / cpu('cachedHit'),
      unit: 'x',
    },
    {
      label: '/_api List 100 cached (hit) vs /api/products 100',
      value: rps('cachedHit') / rps('rest100'),
      unit: 'x',
      target: 50,
    },
    {
      label: '/_api List 100 cached, 304 to If-None-Match vs the hit',
      value: rps('cachedNotModified') / rps('cachedHit'),
      unit: 'x',
      target: 1,
    },
    {
      label: '/_api List 10 with a limit in memory vs without',
      value: rps('list10memory') / rps('list10unlimited'),
      unit: '%',
    },
    {
      label: '/_api List 10 with a limit in Redis vs without',
      value: rps('list10redis') / rps('list10unlimited'),
      unit: '%',
    },
    {
      label: `/_api List 10, its usage counting (${usageWork.micros.toFixed(3)} us) in its time`,
      value: usageShare,
      unit: '%',
      digits: 2,
    },
    {
      label: '/_api List 10, limit in memory and usage counting vs neither',
      value: withUsage('list10memory'),
      unit: '%',
      target: 0.9,
    },
    {
      label: '/_api List 10, limit in Redis and usage counting vs neither',
      value: withUsage('list10redis'),
      unit: '%',
      target: 0.8,
    },
  ];
};

const scenarioTable = (scenarios, results) =>
  table(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'CPU us/req', 'requests', 'route'],
    scenarios.map((s) => {
      const r = results[s.id];
      const requests = r.totalRequests.toLocaleString('en-US');
      const cpu = r.cpuMicrosPerRequest.toFixed(0);
      return [
        s.name,
        fmt.rps(r.requestsPerSecond),
        fmt.ms(r.latency.p50),
        fmt.ms(r.latency.p99),
        cpu,
        requests,
        s.route,
      ];
    }),
    [false, true, true, true, true, true, false]
  );

const createTable = (creates) =>
  table(
    ['scenario', 'median ms', 'min ms', 'max ms', 'records/s', 'rounds', 'route'],
    [
      ['/_api Create, 100 in one request', creates.plugin, `POST /_api/${PLUGIN_PATH} (array of ${RECORDS})`],
      ['Strapi REST, 100 creates', creates.rest, `${RECORDS} x POST /api/orders, one after another`],
    ].map(([name, s, route]) => {
      const perSecond = fmt.rps((RECORDS * 1000) / s.median);
      return [name, fmt.ms(s.median), fmt.ms(s.min), fmt.ms(s.max), perSecond, s.rounds, route];
    }),
    [false, true, true, true, true, true, false]
  );

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
  log(scenarioTable(scenarios, results));
  log('');
  log(createTable(creates));
  log('');
  log(comparisonTable(comparisons(results, creates, etagWork, usageWork)));
  log('');
  log(
    "Latencies are measured per request by the load generator (sub-millisecond); req/s is autocannon's per-second average; CPU us/req is this process's CPU time (Strapi and the bare server, not the load generator or the database server) per answered request."
  );
  const perRound = scenarios
    .filter((s) => results[s.id].rounds)
    .map((s) => `${s.id} ${results[s.id].rounds.map(fmt.rps).join(' / ')}`);
  log(
    `The runs marked "median" took turns in rounds (the List of 100 and its floor in ${SETTINGS.floorRounds}, the three 10-row Lists in ${SETTINGS.limitRounds}); each row is the round of median req/s. Per round (req/s): ${perRound.join('; ')}.`
  );
  log(
    `Create times are wall-clock per round from a client process; after the rounds the orders table and its product links had grown by exactly the ${creates.written.toLocaleString('en-US')} orders created.`
  );
  log(
    `The bare server answers the /_api List's page through ${DRIVER_NAMES[context.client]} alone: no API key, access log, security headers or router; "counted" runs COUNT(*) on every request, "total kept" once.`
  );
  log(BELOW_IS_REPORTED);
};

module.exports = { report };
