'use strict';

/** Jest global teardown matching template-setup.js: the template database and the run's folder go. */
const fs = require('node:fs');
const { dropDatabase } = require('../../scripts/fresh-database');

module.exports = async () => {
  const { DATA_API_TEST_RUN: run, DATA_API_TEST_TEMPLATE: template } = process.env;
  if (template) await dropDatabase(JSON.parse(template));
  if (run) fs.rmSync(run, { recursive: true, force: true });
};
