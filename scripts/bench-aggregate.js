'use strict';

/**
 * The Aggregate scenario of scripts/bench.js (`npm run bench:aggregate`): a two-dimension `/_api` Aggregate
 * (month of `orderedAt` x `status`, count + sum of `total`) against the same query written by hand in SQL on
 * the same database, on the playground seeded with BENCH_ORDERS orders (default 1,000,000).
 *
 *   measureAggregate(strapi, origin, key, settings, step) defines the endpoint, then runs `warmup` + `rounds`
 *   rounds, sides alternating, one request at a time. The `/_api` request comes from one client process (this
 *   file, so the client does not share the server's event loop), timed there from the request to the last
 *   byte, after an untimed `GET /_health` that keeps its connection warm. The hand-written statement runs
 *   through `strapi.db.connection.raw` in this process, timed around the call. Every answer is compared: same
 *   groups, same counts, sums within 0.01.
 *
 * Memory: a worker thread (scripts/bench-rss.js) samples the process's RSS every 50 ms and keeps the peak per
 * side; the baseline is the RSS just before the first round, once it has settled after a garbage collection
 * (when the process runs with --expose-gc, as `npm run bench:aggregate` does).
 *
 * The process runs in UTC (scripts/bench.js sets TZ before Strapi loads), so the hand-written month needs no
 * time zone conversion on any database.
 */
const { fork } = require('node:child_process');
const { startSampler, settledRss } = require('./bench-rss');

const ORDER = 'api::order.order';
const PLUGIN_PATH = 'bench/orders-by-month';
const SAMPLE_MS = 50;

const DEFINITION = {
  name: 'Bench: orders by month and status',
  path: PLUGIN_PATH,
  type: 'aggregate',
  object: ORDER,
  aggregate: {
    dimensions: [
      { variable: 'month', field: 'orderedAt', format: 'month', axis: 'row' },
      { variable: 'status', field: 'status', axis: 'column' },
    ],
    measures: [
      { variable: 'orders', op: 'count' },
      { variable: 'revenue', op: 'sum', field: 'total' },
    ],
  },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------------------------- server side

/** The month of a datetime column in UTC, as each database writes it by hand (SQLite holds epoch ms). */
const MONTH = {
  sqlite: (column) => `strftime('%Y-%m', ${column} / 1000, 'unixepoch')`,
  postgres: (column) => `to_char(${column}, 'YYYY-MM')`,
  mysql: (column) => `DATE_FORMAT(${column}, '%Y-%m')`,
};

/** The statement a developer would write for the same groups, with names from Strapi's metadata. */
const handWritten = (strapi, client) => {
  const knex = strapi.db.connection;
  const meta = strapi.db.metadata.get(ORDER);
  const column = (name) => knex.raw('??', [meta.attributes[name].columnName]).toQuery();
  const month = MONTH[client](column('orderedAt'));
  const sql =
    `SELECT ${month} AS month, ${column('status')} AS status, COUNT(*) AS orders, SUM(${column('total')}) AS revenue ` +
    `FROM ${knex.raw('??', [meta.tableName]).toQuery()} GROUP BY 1, 2 ORDER BY 1, 2`;
  return {
    sql,
    run: async () => {
      const result = await knex.raw(sql);
      // better-sqlite3 answers the rows, pg an object with `rows`, mysql2 [rows, fields].
      const rows = client === 'postgres' ? result.rows : client === 'mysql' ? result[0] : result;
      return rows.map((r) => ({
        month: r.month,
        status: r.status,
        orders: Number(r.orders),
        revenue: r.revenue === null ? null : Number(r.revenue),
      }));
    },
  };
};

/** Groups keyed by month and status, from the endpoint's items or the hand-written rows. */
const keyed = (groups) => new Map(groups.map((g) => [`${g.month} | ${g.status}`, g]));

/** What differs between the endpoint's answer and the hand-written rows; empty when they agree. */
const differences = (body, rows) => {
  if (!body || !Array.isArray(body.items)) return ['the answer has no items array'];
  const problems = [];
  if (body.total !== body.items.length) problems.push(`total ${body.total} for ${body.items.length} items`);
  const plugin = keyed(
    body.items.map((item) => ({
      month: item.dimensions.month,
      status: item.dimensions.status,
      orders: item.measures.orders,
      revenue: item.measures.revenue,
    }))
  );
  const hand = keyed(rows);
  if (plugin.size !== body.items.length) problems.push('the answer repeats a group');
  for (const [key, expected] of hand) {
    const got = plugin.get(key);
    if (!got) problems.push(`group ${key} is missing`);
    else if (got.orders !== expected.orders) problems.push(`group ${key}: count ${got.orders}, SQL ${expected.orders}`);
    else if (typeof got.revenue !== 'number' || Math.abs(got.revenue - expected.revenue) > 0.01)
      problems.push(`group ${key}: sum ${got.revenue}, SQL ${expected.revenue}`);
  }
  for (const key of plugin.keys()) if (!hand.has(key)) problems.push(`group ${key} is not in the SQL's answer`);
  return problems;
};

/** Alternating rounds of both sides; every answer of a side must equal its first. */
const runRounds = async ({ client, sampler, hand, request, settings }) => {
  const times = { plugin: [], hand: [] };
  let pluginText = null;
  let handRows = null;
  for (let round = 0; round < settings.warmup + settings.rounds; round += 1) {
    // Alternating which side goes first, so that neither always runs on the other's warm caches.
    const order = round % 2 ? ['hand', 'plugin'] : ['plugin', 'hand'];
    for (const side of order) {
      let ms;
      sampler.phase(side);
      if (side === 'plugin') {
        const answer = await client.get(request);
        sampler.phase(null);
        if (answer.status !== 200) {
          throw new Error(`GET /_api/${PLUGIN_PATH} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
        }
        if (pluginText !== null && answer.text !== pluginText) {
          throw new Error(`GET /_api/${PLUGIN_PATH} answered differently in round ${round + 1}`);
        }
        pluginText = answer.text;
        ms = answer.ms;
      } else {
        const start = performance.now();
        const rows = await hand.run();
        ms = performance.now() - start;
        sampler.phase(null);
        if (handRows !== null && JSON.stringify(rows) !== JSON.stringify(handRows)) {
          throw new Error(`the hand-written SQL answered differently in round ${round + 1}`);
        }
        handRows = rows;
      }
      if (round >= settings.warmup) times[side].push(ms);
    }
  }
  return { times, pluginText, handRows };
};

const measureAggregate = async (strapi, origin, key, settings, step) => {
  await strapi
    .plugin('data-api')
    .service('endpoints')
    .create({ ...DEFINITION, auth: { method: 'api-key', keys: [key.id] } });
  const hand = handWritten(strapi, settings.client);
  const request = { url: `${origin}/_api/${PLUGIN_PATH}`, warmUrl: `${origin}/_health`, secret: key.secret };

  const client = startClient();
  const sampler = startSampler(SAMPLE_MS);
  let before;
  let rounds;
  let peaks;
  try {
    const settling = performance.now();
    before = await settledRss();
    step(
      `RSS before the rounds: ${(before / 1048576).toFixed(1)} MB (settled in ${Math.round(performance.now() - settling)} ms)`
    );
    step(`Aggregate: ${settings.warmup} warm-up + ${settings.rounds} measured rounds per side`);
    rounds = await runRounds({ client, sampler, hand, request, settings });
  } finally {
    peaks = await sampler.stop();
    client.stop();
  }
  const { times, pluginText, handRows } = rounds;
  // SQLite's page cache is memory of this process: it fills up to its cap as the table is read.
  const sqliteCache =
    settings.client === 'sqlite' ? Number((await strapi.db.connection.raw('PRAGMA cache_size'))[0].cache_size) : null;

  const body = JSON.parse(pluginText);
  const problems = differences(body, handRows);
  if (problems.length) {
    throw new Error(
      `Aggregate scenario: the endpoint and the hand-written SQL disagree:\n  ${problems.slice(0, 20).join('\n  ')}\nSQL: ${hand.sql}`
    );
  }
  const stats = (list, peak) => ({
    median: median(list),
    min: Math.min(...list),
    max: Math.max(...list),
    rounds: list.length,
    peakRss: peak,
  });
  return {
    plugin: stats(times.plugin, peaks.plugin),
    hand: stats(times.hand, peaks.hand),
    rssBefore: before,
    groups: handRows.length,
    counted: handRows.reduce((sum, r) => sum + r.orders, 0),
    sql: hand.sql,
    path: PLUGIN_PATH,
    sqliteCache,
  };
};

// ---------------------------------------------------------------------------------------------- client side

/**
 * One client process for every round (a process forked per round spends its first requests loading and
 * compiling, on the CPUs the server uses): `get(options)` has it send one timed request and answers
 * `{ ms, status, text }`.
 */
const startClient = () => {
  const child = fork(__filename, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env } });
  let pending = null;
  const answerWith = (outcome) => {
    const waiting = pending;
    pending = null;
    if (waiting) outcome(waiting);
  };
  child.on('message', (message) =>
    answerWith((w) =>
      message.ok ? w.resolve(message.result) : w.reject(new Error(`Aggregate client: ${message.error}`))
    )
  );
  child.on('error', (error) => answerWith((w) => w.reject(error)));
  child.on('exit', (code, signal) =>
    answerWith((w) => w.reject(new Error(`the Aggregate client exited with ${signal || code} before answering`)))
  );
  return {
    get: (options) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send(options);
      }),
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
};

const fetchOnce = async ({ url, warmUrl, secret }) => {
  // An untimed request first: Node loads fetch's HTTP client on first use, and the timed request then finds a
  // kept-alive connection.
  await (await fetch(warmUrl)).arrayBuffer();
  const start = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${secret}` } });
  const text = await response.text();
  return { ms: performance.now() - start, status: response.status, text };
};

if (require.main === module) {
  process.once('disconnect', () => process.exit(0));
  process.on('message', (options) =>
    fetchOnce(options).then(
      (result) => process.send({ ok: true, result }),
      (error) => process.send({ ok: false, error: error && error.stack ? error.stack : String(error) })
    )
  );
}

module.exports = { measureAggregate };
