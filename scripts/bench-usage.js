'use strict';

/**
 * Usage counting in scripts/bench.js: what it adds to each request. Counting is always on in the bench's server
 * (usage.enabled is read at boot), so the with-and-without comparison is made in the server's process: the
 * recorder's `count`, which the runtime calls once per answer of an endpoint, is timed on the bench's 10-row List
 * endpoint as it is served. The counts it makes go to the bench's own database, which is dropped after the run.
 */

/** How long the counting is timed (ms): long enough to smooth out timer and JIT noise. */
const TIMING_MS = 1000;

/** Microseconds per counted answer of the endpoint at `path`. */
const measureUsageWork = (strapi, path) => {
  const plugin = strapi.plugin('data-api');
  const endpoint = [...plugin.service('engine').snapshot().endpoints.values()].find((e) => e.path === path);
  if (!endpoint) throw new Error(`no endpoint ${path} to count usage for`);
  const { recorder } = plugin.service('usage');
  let rounds = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0n;
  const limit = BigInt(TIMING_MS) * 1_000_000n;
  while (elapsed < limit) {
    // Latencies and sizes that vary, as real answers do: each lands in one of the latency classes.
    for (let i = 0; i < 1000; i += 1) recorder.count(endpoint, 1, 200, i % 40, 1500 + i);
    rounds += 1000;
    elapsed = process.hrtime.bigint() - started;
  }
  return { micros: Number(elapsed) / 1000 / rounds };
};

module.exports = { measureUsageWork };
