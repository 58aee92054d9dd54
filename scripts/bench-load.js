'use strict';

/**
 * The load generator of scripts/bench.js. It runs autocannon in a child process of its own so that the
 * client does not share the event loop (and the garbage collector) of the Strapi server it measures.
 *
 * runLoad(options) forks this file, which runs one autocannon call and answers a summary by IPC.
 */
const { runInChild, serveAsChild } = require('./child');

const percentile = (sorted, p) => {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
};

/** One autocannon run; latencies are kept at sub-millisecond precision (autocannon's histogram has 1 ms). */
const measure = (options) =>
  new Promise((resolve, reject) => {
    const autocannon = require('autocannon');
    const latencies = [];
    const instance = autocannon(
      {
        url: options.url,
        method: 'GET',
        headers: options.headers || {},
        connections: options.connections,
        duration: options.duration,
        timeout: options.timeout || 10,
        // Every response's body must equal the one the check request got: proof that all are full answers.
        ...(options.expectBody ? { expectBody: options.expectBody } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          requestsPerSecond: result.requests.average,
          totalRequests: result.requests.total,
          duration: result.duration,
          latency: {
            p50: percentile(sorted, 50),
            p99: percentile(sorted, 99),
            mean: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1),
            max: sorted.length ? sorted[sorted.length - 1] : NaN,
            // autocannon's own figures (1 ms resolution), for comparison with its CLI output
            autocannonP50: result.latency.p50,
            autocannonP99: result.latency.p99,
          },
          bytesPerSecond: result.throughput.average,
          ok: result['2xx'],
          non2xx: result.non2xx,
          statusCodeStats: result.statusCodeStats,
          errors: result.errors,
          timeouts: result.timeouts,
          mismatches: result.mismatches,
        });
      }
    );
    instance.on('response', (client, statusCode, bytes, responseTime) => latencies.push(responseTime));
  });

/** Runs `options` in a fresh child process and resolves with its summary. */
const runLoad = (options) => runInChild(__filename, options, 'load generator');

if (require.main === module) serveAsChild(measure);

module.exports = { runLoad };
