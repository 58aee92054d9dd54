import { createKey, type KeyFixture } from './fixtures';
import { startApp, type AdminClient, type TestApp } from './strapi';

export interface KeyedSuiteOptions {
  /** Environment of the suite's Strapi (`DATA_API_*`... of config/plugins.js). */
  env?: Record<string, string>;
  /** The API key's description (its name is made from it). */
  description?: string;
}

/**
 * The set-up most suites share: before their tests, the playground booted, its super admin's API client and an
 * API key; after them, the app stopped. Call it where `beforeAll` may be (top level or a `describe`), before the
 * suite's own hooks, which then find the three ready: `const { app, admin, key } = keyedSuite();`.
 */
export const keyedSuite = ({ env = {}, description = 'tests' }: KeyedSuiteOptions = {}) => {
  let started: { app: TestApp; admin: AdminClient; key: KeyFixture } | null = null;
  beforeAll(async () => {
    const app = await startApp(env);
    const admin = await app.admin();
    started = { app, admin, key: await createKey(admin, description) };
  });
  afterAll(async () => {
    await started?.app.stop();
  });
  const current = () => {
    if (!started) throw new Error('the suite has not started yet: read app, admin and key inside tests and hooks');
    return started;
  };
  return {
    app: lateBound(() => current().app),
    admin: lateBound(() => current().admin),
    key: lateBound(() => current().key),
  };
};

/** What `keyedSuite` hands a suite: its app, its super admin's API client and its API key. */
export type KeyedSuite = ReturnType<typeof keyedSuite>;

/** An object that reads its properties from `target()` when they are used: the suite's values, once started. */
const lateBound = <T extends object>(target: () => T): T =>
  new Proxy({} as T, { get: (_, property) => Reflect.get(target(), property) });
