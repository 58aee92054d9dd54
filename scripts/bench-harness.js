'use strict';

/**
 * What every run of the benchmark shares: the lifecycle of a run (a fresh database, the playground booted in this
 * process, cleaned up in every case), and the measuring of a scenario under load: checked with one request, then
 * a warm-up and a measured run of autocannon (scripts/bench-load.js), every answer compared with the checked one.
 *
 * A scenario: `{ id, name, route, url, headers, status, verify?(body) -> problem | null, volatileBody?, setUp?() ->
 * restore }`.
 */
const os = require('node:os');
const path = require('node:path');
const { PLAYGROUND, databaseClient, createFreshDatabase } = require('./fresh-database');
const { buildPlugin } = require('./build-if-stale');
const { runLoad } = require('./bench-load');
const { SETTINGS, step } = require('./bench-settings');

const ROOT = path.resolve(__dirname, '..');

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
  // The servers run in this process and the load generator in another: this process's CPU time is theirs.
  const cpuBefore = process.cpuUsage();
  const result = await runLoad({ ...load, duration: SETTINGS.seconds });
  const cpu = process.cpuUsage(cpuBefore);
  assertClean(scenario, 'measured run', result);
  if (scenario.volatileBody) await checkScenario(scenario);
  return { ...result, cpuMicrosPerRequest: (cpu.user + cpu.system) / result.totalRequests };
};

/**
 * The run of median req/s of each scenario over `rounds` rounds, the scenarios taking turns within each round: a
 * slower or busier stretch of the machine weighs on all of them alike.
 */
const runInRounds = async (scenarios, rounds) => {
  const runs = Object.fromEntries(scenarios.map((s) => [s.id, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const scenario of scenarios) {
      step(`round ${round} of ${rounds}`);
      runs[scenario.id].push(await runScenario(scenario));
    }
  }
  const median = (list) => [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[list.length >> 1];
  return Object.fromEntries(
    Object.entries(runs).map(([id, list]) => [id, { ...median(list), rounds: list.map((r) => r.requestsPerSecond) }])
  );
};

/**
 * A run of the benchmark: a fresh database, the playground booted on it with `run.seed`, `run.measure(booted,
 * context)`, then Strapi stopped and the database dropped, also when the run fails or is interrupted. Exits 0
 * once measured (a figure below target is reported, not failed), non-zero on errors.
 */
const runBench = async (run) => {
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
    step(`booting the playground with SEED=${run.seed} (seeding takes ${run.seeding})`);
    const booted = await boot(database.env, run.seed, (instance) => {
      strapi = instance;
      onSignals();
    });
    const context = {
      client,
      loadBefore,
      database: client === 'sqlite' ? path.relative(ROOT, database.name) : database.name,
    };
    await run.measure(booted, context);
  } finally {
    await cleanup();
  }
};

const runBenchAndExit = (run) =>
  runBench(run).then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`\n[bench] FAILED: ${error && error.stack ? error.stack : String(error)}\n`);
      process.exit(1);
    }
  );

module.exports = { runBenchAndExit, checkScenario, runScenario, runInRounds };
