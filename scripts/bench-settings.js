'use strict';

/**
 * The benchmark's settings, from the command line (`--aggregate`, `--sweep`) and the environment (the list is in
 * scripts/bench.js), and its two outputs: the report on stdout, progress on stderr.
 */
const { sweepSizes } = require('./bench-sweep');

/** Which run: `npm run bench`, `bench:aggregate` (`--aggregate`) or `bench:sweep` (`--sweep`). */
const MODE = process.argv.includes('--aggregate')
  ? 'aggregate'
  : process.argv.includes('--sweep')
    ? 'sweep'
    : 'default';

const positive = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
};

const SETTINGS = {
  // The sweep measures six scenarios per size: shorter runs by default.
  seconds: positive('BENCH_SECONDS', MODE === 'sweep' ? 5 : 8),
  warmup: positive('BENCH_WARMUP_SECONDS', 2),
  connections: Math.round(positive('BENCH_CONNECTIONS', 10)),
  products: Math.round(positive('BENCH_PRODUCTS', 10000)),
  createRounds: Math.round(positive('BENCH_CREATE_ROUNDS', 10)),
  createWarmup: Math.round(positive('BENCH_CREATE_WARMUP', 3)),
  orders: Math.round(positive('BENCH_ORDERS', 1000000)),
  aggregateRounds: Math.round(positive('BENCH_AGGREGATE_ROUNDS', 5)),
  aggregateWarmup: Math.round(positive('BENCH_AGGREGATE_WARMUP', 1)),
  limitRounds: Math.round(positive('BENCH_LIMIT_ROUNDS', 3)),
  floorRounds: Math.round(positive('BENCH_FLOOR_ROUNDS', 3)),
  sweepSizes: MODE === 'sweep' ? sweepSizes() : null,
};

const log = (...args) => console.log(...args);
const step = (message) => process.stderr.write(`[bench] ${message}\n`);

module.exports = { MODE, SETTINGS, log, step };
