'use strict';

/**
 * The benchmark of the /_api runtime (docs/benchmarks.md), on the playground over real HTTP on 127.0.0.1. One
 * run per command, each on a fresh database of its own (SQLite by default, DATABASE_CLIENT=postgres|mysql for a
 * new database on that server), Strapi in this process, autocannon in a child process (scripts/bench-load.js)
 * so that the load generator does not compete with the server for its event loop:
 *
 *   npm run bench             scenarios 1-3 and 5-19 (scripts/bench-run-default.js)
 *   npm run bench:aggregate   scenario 4, `node --expose-gc scripts/bench.js --aggregate`
 *                             (scripts/bench-run-aggregate.js)
 *   npm run bench:sweep       scenario 12, `node --expose-gc scripts/bench.js --sweep` (scripts/bench-run-sweep.js)
 *
 * Environment: BENCH_SECONDS (measured seconds per scenario, default 8, 5 for the sweep), BENCH_WARMUP_SECONDS
 * (default 2), BENCH_CONNECTIONS (default 10), BENCH_PORT (default: a free port), DATABASE_* as for the
 * playground; for `bench`: BENCH_PRODUCTS (default 10000), BENCH_CREATE_ROUNDS (measured rounds of the Create
 * scenario, default 10), BENCH_CREATE_WARMUP (its warm-up rounds, default 3), BENCH_LIMIT_ROUNDS (rounds of the
 * rate limit scenarios, default 3), BENCH_FLOOR_ROUNDS (rounds of the List of 100 against the bare server
 * keeping its total, default 3); for `bench:aggregate`: BENCH_ORDERS (default 1000000), BENCH_AGGREGATE_ROUNDS
 * (measured rounds per side, default 5), BENCH_AGGREGATE_WARMUP (default 1); for `bench:sweep`:
 * BENCH_SWEEP_SIZES (default 10000,100000,1000000).
 *
 * Exits 0 when the figures are below target (a benchmark reports, it does not fail CI); non-zero on errors.
 */
const { MODE } = require('./bench-settings');

// Before Strapi and the plugin load: the Aggregate scenario's hand-written SQL reads datetimes as UTC.
if (MODE === 'aggregate') process.env.TZ = 'UTC';

const { runBenchAndExit } = require('./bench-harness');

const RUNS = {
  default: './bench-run-default',
  aggregate: './bench-run-aggregate',
  sweep: './bench-run-sweep',
};

runBenchAndExit(require(RUNS[MODE]));
