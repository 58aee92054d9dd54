'use strict';

/**
 * Benchmark clients run in child processes so that they do not compete with the server for its event loop.
 * `runInChild(file, options, what)` forks `file` and resolves with what its `serveAsChild(work)` answers.
 */
const { fork } = require('node:child_process');

const runInChild = (file, options, what) =>
  new Promise((resolve, reject) => {
    const child = fork(file, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env } });
    let answer = null;
    child.once('message', (message) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer && answer.ok) return resolve(answer.result);
      if (answer) return reject(new Error(`${what} failed: ${answer.error}`));
      reject(new Error(`${what} exited with ${signal || code} before answering`));
    });
    child.send(options);
  });

/** The child's side: runs `work(options)` once and answers; when the benchmark stops (or dies), so does it. */
const serveAsChild = (work) => {
  process.once('disconnect', () => process.exit(0));
  process.once('message', (options) => {
    work(options).then(
      (result) => process.send({ ok: true, result }, () => process.exit(0)),
      (error) =>
        process.send({ ok: false, error: error && error.stack ? error.stack : String(error) }, () => process.exit(1))
    );
  });
};

module.exports = { runInChild, serveAsChild };
