import path from 'node:path';
import { PLAYGROUND } from './database';

// The playground's own secrets module (plain JavaScript), as its config files use it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { secret } = require(path.join(PLAYGROUND, 'local-secrets')) as {
  secret: (env: (name: string, fallback: string) => string, name: string) => string;
};

/** The key secret (`keySecret` of the plugin config) of the tests' Strapi: the environment's, else the playground's. */
export const keySecret = () => secret((name, fallback) => process.env[name] || fallback, 'DATA_API_KEY_SECRET');
