import path from 'node:path';

export const PLAYGROUND = path.resolve(__dirname, '..', '..', 'playground');

interface FreshDatabase {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

// The same helper serves the benchmarks, which are plain JavaScript.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const shared = require('../../scripts/fresh-database') as {
  createFreshDatabase: (purpose: string) => Promise<FreshDatabase>;
};

/** A fresh, empty database for one test suite (see scripts/fresh-database.js). */
export const createFreshDatabase = () => shared.createFreshDatabase('tests');
