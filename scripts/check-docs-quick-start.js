'use strict';

/**
 * Quick start: starts `npm run demo` (scripts/demo.js) on a free port with a fresh SQLite database, reads the API
 * key it prints, and runs each ```bash block of the README's "Quick start" section with `bash -euo pipefail`
 * (`$KEY` set, `http://localhost:1337` replaced by the demo's address), in order, in test-artifacts/check-docs/.
 * A block whose fence follows `<!-- check-docs: skip -->` is not run. The first block that fails stops the check
 * with the block and its output. The demo is stopped in every case.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { freePort } = require('./free-port');
const { linesOf } = require('./check-docs-markdown');

const ROOT = path.resolve(__dirname, '..');
const DOC_PORT = 1337;
const SKIP_MARK = '<!-- check-docs: skip -->';
const DEMO_DATABASE = '.tmp/check-docs.db';
const DEMO_START_TIMEOUT_MS = 15 * 60_000; // the demo builds the plugin and the admin panel when they are stale
const BLOCK_TIMEOUT_MS = 3 * 60_000;

/** The ```bash blocks of the README's "Quick start" section, each with whether it is marked to be skipped. */
const quickStartBlocks = () => {
  const lines = linesOf(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  const start = lines.findIndex((l) => !l.code && /^##\s+Quick start\b/i.test(l.line));
  if (start < 0) throw new Error('README.md has no "## Quick start" section');
  const end = lines.findIndex((l, i) => i > start && !l.code && /^#{1,2}\s/.test(l.line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const blocks = [];
  for (let i = 0; i < section.length; i += 1) {
    const open = /^(`{3,})bash\s*$/.exec(section[i].line);
    if (!open || !section[i].code) continue;
    let previous = i - 1;
    while (previous >= 0 && !section[previous].line.trim()) previous -= 1;
    const skip = previous >= 0 && section[previous].line.trim() === SKIP_MARK;
    const body = [];
    let j = i + 1;
    while (j < section.length && section[j].line.trim() !== open[1]) body.push(section[j++].line);
    blocks.push({ line: section[i].number, text: body.join('\n'), skip });
    i = j;
  }
  return blocks;
};

/** Starts the demo in a process group of its own; resolves with its key once it listens. */
const startDemo = (port) => {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_CLIENT: 'sqlite' };
  env.DATABASE_FILENAME = DEMO_DATABASE;
  // The quick start is written for the demo's defaults.
  for (const name of ['SEED', 'PUBLIC_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'NODE_ENV']) delete env[name];
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/demo.js'), '--reset'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the demo did not start within ${DEMO_START_TIMEOUT_MS / 1000} s`)),
      DEMO_START_TIMEOUT_MS
    );
    const read = (chunk) => {
      output += chunk;
      const key = /Demo API key[^\n]*\n\s+(dapi_\S+)/.exec(output);
      if (key) {
        clearTimeout(timer);
        resolve(key[1]);
      } else if (/The example endpoints and key were created on an earlier start/.test(output)) {
        clearTimeout(timer);
        reject(new Error('the demo printed no key (its database was not fresh)'));
      }
    };
    child.stdout.setEncoding('utf8').on('data', read);
    child.stderr.setEncoding('utf8').on('data', read);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited (${signal ?? `code ${code}`}) before it printed its key`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killed = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), 15_000))]);
    if (!killed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
  };
  return { ready, stop, output: () => output };
};

const runBlock = (script, cwd, env) =>
  new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[check-docs] killed after ${BLOCK_TIMEOUT_MS / 1000} s`;
      child.kill('SIGKILL');
    }, BLOCK_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, output });
    });
  });

const indent = (text) =>
  text
    .replace(/\s+$/, '')
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

const checkQuickStart = async () => {
  const blocks = quickStartBlocks();
  const runnable = blocks.filter((b) => !b.skip);
  if (!runnable.length) throw new Error("the README's quick start has no ```bash block to run");
  const port = await freePort();
  const base = `http://localhost:${port}`;
  console.log(`Starting the demo on ${base} (fresh database playground/${DEMO_DATABASE})...`);
  const demo = startDemo(port);
  const stopOnSignal = () => demo.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    let key;
    try {
      key = await demo.ready;
    } catch (error) {
      console.error(`${error.message}. Its output:\n${indent(demo.output())}`);
      return false;
    }
    const work = path.join(ROOT, 'test-artifacts', 'check-docs');
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
    const env = { ...process.env, KEY: key };
    for (const block of blocks) {
      if (block.skip) {
        console.log(`- README.md:${block.line}: skipped (marked)`);
        continue;
      }
      const script = block.text.replaceAll(`http://localhost:${DOC_PORT}`, base);
      const { code, output } = await runBlock(script, work, env);
      if (code !== 0) {
        console.error(`- README.md:${block.line}: FAILED (exit ${code})\n  block:\n${indent(block.text)}`);
        console.error(`  output:\n${indent(output)}`);
        return false;
      }
      console.log(`- README.md:${block.line}: ok`);
    }
    return true;
  } finally {
    await demo.stop();
    process.removeListener('SIGINT', stopOnSignal);
    process.removeListener('SIGTERM', stopOnSignal);
    const dir = path.join(ROOT, 'playground', path.dirname(DEMO_DATABASE));
    const base = path.basename(DEMO_DATABASE);
    if (fs.existsSync(dir)) {
      for (const name of fs.readdirSync(dir))
        if (name.startsWith(base)) fs.rmSync(path.join(dir, name), { force: true });
    }
  }
};

module.exports = { quickStartBlocks, checkQuickStart };
