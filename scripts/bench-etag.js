'use strict';

/**
 * Conditional GETs in scripts/bench.js (scenario 2): the 304 run, and the ETag's own work on a full answer.
 *
 * The ETag is the SHA-1 of the answer's bytes (server/src/runtime/conditional-get.ts); the plugin serializes the
 * answer once either way, so hashing is all the work a full answer gains. It is timed here, in the server's
 * process, on the very bytes the List served, after checking that their hash is the ETag it sent: a check that
 * the timed work is the server's.
 */
const { hash } = require('node:crypto');

/** How long the hash is timed (ms): long enough to smooth out timer and JIT noise. */
const TIMING_MS = 1000;

const fetchTagged = async (scenario) => {
  const response = await fetch(scenario.url, { headers: scenario.headers });
  const text = await response.text();
  const etag = response.headers.get('etag');
  if (response.status !== 200 || !etag) {
    throw new Error(`${scenario.name}: expected a 200 with an ETag, got ${response.status} (ETag ${etag})`);
  }
  return { text, etag };
};

/** The List scenario again, sending its ETag: every answer must be a 304 without a body. */
const notModifiedScenario = async (list) => {
  const { etag } = await fetchTagged(list);
  return {
    ...list,
    id: `${list.id}NotModified`,
    name: `${list.name}, If-None-Match (304)`,
    route: `${list.route} with If-None-Match: its ETag`,
    headers: { ...list.headers, 'If-None-Match': etag },
    status: 304,
  };
};

/** Microseconds per ETag of the List's answer, and the answer's size. */
const measureEtagWork = async (list) => {
  const { text, etag } = await fetchTagged(list);
  const tagOf = () => `"${hash('sha1', text, 'base64url')}"`;
  if (tagOf() !== etag) throw new Error(`${list.name}: the ETag ${etag} is not the SHA-1 of the answer's bytes`);
  let rounds = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0n;
  const limit = BigInt(TIMING_MS) * 1_000_000n;
  while (elapsed < limit) {
    for (let i = 0; i < 1000; i += 1) tagOf();
    rounds += 1000;
    elapsed = process.hrtime.bigint() - started;
  }
  return { micros: Number(elapsed) / 1000 / rounds, bytes: Buffer.byteLength(text) };
};

module.exports = { notModifiedScenario, measureEtagWork };
