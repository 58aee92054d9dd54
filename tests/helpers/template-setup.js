'use strict';

/**
 * Jest global setup of the projects that boot Strapi (integration, e2e), once per run: a folder of the run's own
 * (playground/.tmp/test-runs/<id>/) holding its public folder (uploads) and SQLite files, and the template
 * database: the playground booted once on an empty database (migrated and seeded, in a child process), then
 * stopped. Each suite starts on a copy of it (tests/helpers/database.ts) instead of migrating and seeding its
 * own, which took 6-8 s a boot. Two runs in one checkout (two databases side by side) share nothing.
 * The suites find both through the environment they inherit: DATA_API_TEST_RUN, DATA_API_TEST_TEMPLATE and
 * PUBLIC_DIR (the playground's public folder, config/server.js).
 */
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { PLAYGROUND, createFreshDatabase } = require('../../scripts/fresh-database');
const setTimeZone = require('./time-zone');

const SEED_TIMEOUT_MS = 5 * 60_000;

/** The playground's public files, without the uploads of any earlier run. */
const copyPublicFolder = (to) => {
  const from = path.join(PLAYGROUND, 'public');
  fs.cpSync(from, to, { recursive: true, filter: (source) => path.dirname(source) !== path.join(from, 'uploads') });
  fs.mkdirSync(path.join(to, 'uploads'), { recursive: true });
};

const RUNS = path.join(PLAYGROUND, '.tmp', 'test-runs');

const running = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Folders of runs that were stopped before their teardown (Ctrl-C): their process is gone. */
const removeAbandonedRuns = () => {
  if (!fs.existsSync(RUNS)) return;
  for (const name of fs.readdirSync(RUNS)) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || !running(pid)) fs.rmSync(path.join(RUNS, name), { recursive: true, force: true });
  }
};

module.exports = async () => {
  setTimeZone(); // the seed's child process takes it too (Jest runs the top-level set-up after the projects')
  removeAbandonedRuns();
  const run = path.join(RUNS, `${process.pid}-${randomBytes(3).toString('hex')}`);
  copyPublicFolder(path.join(run, 'public'));
  const template = await createFreshDatabase('template', { dir: run });
  Object.assign(process.env, {
    DATA_API_TEST_RUN: run,
    DATA_API_TEST_TEMPLATE: JSON.stringify({ client: template.client, name: template.name }),
    PUBLIC_DIR: path.join(run, 'public'),
  });
  const seeded = spawnSync(process.execPath, [path.join(__dirname, 'seed-template.js')], {
    cwd: PLAYGROUND,
    env: { ...process.env, ...template.env, STRAPI_TELEMETRY_DISABLED: 'true', LOG_LEVEL: 'error' },
    stdio: 'inherit',
    timeout: SEED_TIMEOUT_MS,
  });
  if (seeded.status !== 0) {
    await template.drop();
    fs.rmSync(run, { recursive: true, force: true });
    throw new Error(`the template database could not be made (seed-template.js exited with ${seeded.status})`);
  }
};
