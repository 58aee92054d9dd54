'use strict';

/**
 * `npm run bench:aggregate`: on a playground seeded with BENCH_ORDERS orders (default 1,000,000: seeding them
 * takes about 25 s on SQLite, 35 s on MariaDB and 60 s on PostgreSQL on a 2-vCPU machine, and about 1 GB of
 * memory), scenario 4: the `/_api` Aggregate, month x status, count + sum(total), against the same GROUP BY
 * written by hand in SQL and run through knex on the same database (ratio of the median times, target at most
 * 1.5x), and the process's peak RSS during the requests against its RSS before them (scripts/bench-aggregate.js).
 * It runs in TZ=UTC (set by scripts/bench.js before Strapi loads).
 */
const { SETTINGS, log, step } = require('./bench-settings');
const { fmt, mb, signedMb, table, comparisonTable, logMachine, BELOW_IS_REPORTED } = require('./bench-report');
const { measureAggregate } = require('./bench-aggregate');

const report = (context, result) => {
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
  log(
    comparisonTable([
      {
        label: '/_api Aggregate vs hand-written SQL',
        value: result.plugin.median / result.hand.median,
        unit: 'x',
        target: 1.5,
        atMost: true,
      },
    ])
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
  log(BELOW_IS_REPORTED);
};

const measure = async ({ strapi, origin, bootMs, seedMs }, context) => {
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
  report({ ...context, rows, bootMs, seedMs }, result);
};

module.exports = { seed: `orders=${SETTINGS.orders}`, seeding: 'minutes', measure };
