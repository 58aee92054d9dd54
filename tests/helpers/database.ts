import path from 'node:path';

export const PLAYGROUND = path.resolve(__dirname, '..', '..', 'playground');

interface FreshDatabase {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

interface Template {
  client: string;
  name: string;
}

// The same helper serves the benchmarks, which are plain JavaScript.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const shared = require('../../scripts/fresh-database') as {
  createFreshDatabase: (purpose: string, options: { dir: string; template?: Template }) => Promise<FreshDatabase>;
};

/** What tests/helpers/template-setup.js (the Jest projects' global setup) made for this run. */
const run = () => {
  const { DATA_API_TEST_RUN: dir, DATA_API_TEST_TEMPLATE: template, PUBLIC_DIR: publicDir } = process.env;
  if (!dir || !template || !publicDir)
    throw new Error('no test run set up: run the suite with Jest (its integration or e2e project makes the run)');
  return { dir, template: JSON.parse(template) as Template, publicDir };
};

/**
 * A database of one test suite: a copy of the run's migrated and seeded template (see scripts/fresh-database.js),
 * or, `empty`, one that Strapi will migrate and the playground seed when the suite boots.
 */
export const createFreshDatabase = ({ empty = false } = {}) => {
  const { dir, template } = run();
  return shared.createFreshDatabase('tests', { dir, template: empty ? undefined : template });
};

/** Where the playground stores uploads in this run (its own folder; Strapi's local upload provider). */
export const uploadsDir = () => path.join(run().publicDir, 'uploads');
