'use strict';

/**
 * `npm run bench:sweep`: on a playground seeded with nothing, the products grow to each of BENCH_SWEEP_SIZES
 * rows (scripts/bench-sweep.js); at each size, the `/_api` List of 100 and the bare server's same page, for the
 * first page, a keyset page and a filtered page: req/s, p50, p99, the ratio to the first size (target at the
 * largest size: the first page and the keyset page keep at least 50% of the first size's req/s) and to the bare
 * server; and the process's peak RSS.
 */
const { SETTINGS, log, step } = require('./bench-settings');
const { checkScenario, runScenario } = require('./bench-harness');
const { fmt, mb, markdownTable, comparisonTable, logMachine, BELOW_IS_REPORTED } = require('./bench-report');
const { defineEndpoints } = require('./bench-products');
const { startBareServer } = require('./bench-bare');
const { startSampler } = require('./bench-rss');
const { growProducts, pagesAt, sweepScenarios, sweepRows, sweepComparisons } = require('./bench-sweep');

// How often the sweep samples the process's RSS.
const SAMPLE_MS = 100;

const report = (context, runs, sizes, peaks) => {
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
    `Peak RSS over the sweep: ${mb(Math.max(...Object.values(peaks)))} (process.memoryUsage().rss sampled every ${SAMPLE_MS} ms from a worker thread); process.resourceUsage().maxRSS since start: ${mb(process.resourceUsage().maxRSS * 1024)}.`
  );
  log('');
  const comparisons = sweepComparisons(runs);
  if (comparisons.length) log(comparisonTable(comparisons));
  log('');
  log(
    'A keyset page answers the total of the whole listing (without the cursor) and page 1; the bare server answers the same page, checked item by item against /_api before each run.'
  );
  log(BELOW_IS_REPORTED);
};

/** Grows the products itself, from none. */
const measure = async ({ strapi, origin }, context) => {
  const key = await defineEndpoints(strapi);
  const auth = { Authorization: `Bearer ${key.secret}` };
  const bare = await startBareServer(strapi);
  step(`Strapi listens on ${origin}, the bare server on ${bare.origin}`);
  const sampler = startSampler(SAMPLE_MS);
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
  report(context, runs, sizes, peaks);
};

module.exports = { seed: 'none', seeding: 'a moment', measure };
