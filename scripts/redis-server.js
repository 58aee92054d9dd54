'use strict';

/**
 * A redis-server of its own for a test suite or benchmark run: a child process on a free port of 127.0.0.1,
 * without persistence, so that stopping it (to show what a site does while Redis is down) never disturbs
 * the machine's own Redis. REDIS_SERVER names the binary (default: redis-server on the PATH).
 */
const { spawn } = require('node:child_process');
const net = require('node:net');
const { freePort } = require('./free-port');

/** How long a start may take before it counts as failed. */
const START_MS = 10_000;

/** Resolves when the server answers PING with PONG; false when it does not (yet). */
const answersPing = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });

const launch = async (port) => {
  const child = spawn(
    process.env.REDIS_SERVER || 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' }
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const spawnError = new Promise((resolve) => child.once('error', resolve));
  for (const started = Date.now(); Date.now() - started < START_MS; ) {
    const failed = await Promise.race([spawnError, new Promise((resolve) => setTimeout(resolve, 50, null))]);
    if (failed) throw new Error(`could not start redis-server: ${failed.message}`);
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} on port ${port}`);
    if (await answersPing(port)) return { child, exited };
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer on port ${port} within ${START_MS} ms`);
};

/** Starts redis-server; `stop()` ends it (SIGKILL: as a crash would) and `start()` runs it again on the same port. */
const startRedisServer = async () => {
  const port = await freePort();
  let running = await launch(port);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (!running) return;
      const { child, exited } = running;
      running = null;
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    async start() {
      if (!running) running = await launch(port);
    },
  };
};

module.exports = { startRedisServer };
