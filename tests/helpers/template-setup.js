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

module.exports = async () => {
  setTimeZone();
  const run = path.join(PLAYGROUND, '.tmp', 'test-runs', `${process.pid}-${randomBytes(3).toString('hex')}`);
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
    throw new Error(`the template database could not be made (seed-template.js exited with ${seeded.status})`);
  }
};
