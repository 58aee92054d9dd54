'use strict';

/**
 * The process's memory during a benchmark: RSS sampled from a worker thread (`process.memoryUsage.rss()`, the
 * whole process, so it keeps sampling while a synchronous SQLite statement holds the main thread), its peak
 * per phase; and the RSS once settled, the baseline before measuring.
 */
const { Worker } = require('node:worker_threads');

/** The sampler's code: it runs while the main thread is busy, and keeps the peak per phase. */
const sampler = (ms) => `
const { parentPort } = require('node:worker_threads');
const peaks = {};
let phase = null;
const sample = () => {
  if (phase) peaks[phase] = Math.max(peaks[phase] || 0, process.memoryUsage.rss());
};
const timer = setInterval(sample, ${ms});
parentPort.on('message', (message) => {
  if (message === 'report') {
    clearInterval(timer);
    parentPort.postMessage(peaks);
    return;
  }
  sample();
  phase = message;
  sample();
});
`;

/** Samples the RSS every `ms`; `phase(name)` starts a phase (`null`: none), `stop()` answers each phase's peak. */
const startSampler = (ms) => {
  const worker = new Worker(sampler(ms), { eval: true });
  return {
    phase: (name) => worker.postMessage(name),
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (peaks) => worker.terminate().then(() => resolve(peaks), reject));
        worker.once('error', reject);
        worker.postMessage('report');
      }),
  };
};

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The RSS once the seed's garbage is gone: collected (with --expose-gc), then read until two readings 250 ms
 * apart differ by less than 1 MB (V8 hands freed pages back to the system in the background, after the
 * collection), for at most 10 s.
 */
const settledRss = async () => {
  let last = Infinity;
  for (let i = 0; i < 40; i += 1) {
    if (typeof global.gc === 'function') global.gc();
    await pause(250);
    const rss = process.memoryUsage.rss();
    if (Math.abs(rss - last) < 1048576) return rss;
    last = rss;
  }
  return last;
};

module.exports = { startSampler, settledRss };
