import fs from 'node:fs';
import path from 'node:path';
import { PLAYGROUND } from '../helpers/database';

/* eslint-disable @typescript-eslint/no-require-imports -- the playground's config files are plain JavaScript */

type Env = ((name: string, fallback?: unknown) => unknown) & {
  int: (name: string, fallback: number) => number;
  bool: (name: string, fallback: boolean) => boolean;
  array: (name: string, fallback: unknown[]) => unknown[];
  json: (name: string, fallback: unknown) => unknown;
};

/** Strapi's `env` helper as a fresh machine sees it: nothing set, every default taken. */
const unsetEnv = Object.assign((_name: string, fallback?: unknown) => fallback, {
  int: (_: string, fallback: number) => fallback,
  bool: (_: string, fallback: boolean) => fallback,
  array: (_: string, fallback: unknown[]) => fallback,
  json: (_: string, fallback: unknown) => fallback,
}) as Env;

/** The members of the playground's config files these tests read. */
type AdminConfig = {
  auth: { secret: string };
  apiToken: { salt: string };
  transfer: { token: { salt: string } };
  secrets: { encryptionKey: string };
};
type ServerConfig = { app: { keys: string[] } };
type PluginsConfig = Record<'users-permissions' | 'data-api', { config: Record<string, string> }>;
/** A winston transport, as far as these tests ask it whether it writes a message. */
type Transport = {
  level: string;
  format: { transform: (info: object, options?: object) => unknown; options?: object };
};

const configOf = <T>(name: string) =>
  (require(path.join(PLAYGROUND, 'config', name)) as (args: { env: Env }) => T)({ env: unsetEnv });

describe('playground secrets', () => {
  const { SECRETS_FILE } = require(path.join(PLAYGROUND, 'local-secrets')) as { SECRETS_FILE: string };
  const secrets = () => {
    configOf('admin.js');
    return JSON.parse(fs.readFileSync(SECRETS_FILE, 'utf8')) as Record<string, string>;
  };

  it('takes every secret from a git-ignored file of random values, none from the repository', () => {
    const stored = secrets();
    const admin = configOf<AdminConfig>('admin.js');
    const server = configOf<ServerConfig>('server.js');
    const plugins = configOf<PluginsConfig>('plugins.js');
    expect(admin.auth.secret).toBe(stored.ADMIN_JWT_SECRET);
    expect(admin.apiToken.salt).toBe(stored.API_TOKEN_SALT);
    expect(admin.transfer.token.salt).toBe(stored.TRANSFER_TOKEN_SALT);
    expect(admin.secrets.encryptionKey).toBe(stored.ENCRYPTION_KEY);
    expect(server.app.keys).toEqual(stored.APP_KEYS.split(','));
    expect(plugins['users-permissions'].config.jwtSecret).toBe(stored.JWT_SECRET);
    expect(plugins['data-api'].config.keySecret).toBe(stored.DATA_API_KEY_SECRET);
    const values = [...Object.values(stored).flatMap((v) => v.split(','))];
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The file sits in a folder git ignores, and only its owner may read it.
    expect(path.relative(PLAYGROUND, SECRETS_FILE)).toBe(path.join('.tmp', 'secrets.json'));
    expect(fs.statSync(SECRETS_FILE).mode & 0o077).toBe(0);
  });

  it('lets the environment override a secret', () => {
    const env = Object.assign((name: string, fallback?: unknown) => (name === 'JWT_SECRET' ? 'from-env' : fallback), {
      ...unsetEnv,
    }) as Env;
    const plugins = (require(path.join(PLAYGROUND, 'config', 'plugins.js')) as (a: { env: Env }) => PluginsConfig)({
      env,
    });
    expect(plugins['users-permissions'].config.jwtSecret).toBe('from-env');
  });
});

describe('playground logger', () => {
  const transportsAt = (level: string) => {
    const previous = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = level;
    try {
      let transports: Transport[] = [];
      // A fresh copy of the config file, which reads LOG_LEVEL when it is loaded.
      jest.isolateModules(() => {
        transports = (require(path.join(PLAYGROUND, 'config', 'logger.js')) as { transports: Transport[] }).transports;
      });
      return transports;
    } finally {
      if (previous === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = previous;
    }
  };

  /** Whether a transport writes a message of `level`: its own level, then its format, as winston decides. */
  const writes = (transport: Transport, level: string) => {
    const levels: Record<string, number> = { error: 0, warn: 1, info: 2, http: 3, verbose: 4, debug: 5, silly: 6 };
    if (levels[level] > levels[transport.level]) return false;
    const info = { level, message: 'm', [Symbol.for('level')]: level };
    return transport.format.transform(info, transport.format.options) !== false;
  };

  it('shows warnings and errors at the default level, and not debug messages', () => {
    const [console] = transportsAt('info');
    expect(writes(console, 'error')).toBe(true);
    expect(writes(console, 'warn')).toBe(true);
    expect(writes(console, 'info')).toBe(true);
    expect(writes(console, 'debug')).toBe(false);
  });

  it('shows errors when only errors are asked for', () => {
    const [console] = transportsAt('error');
    expect(writes(console, 'error')).toBe(true);
    expect(writes(console, 'warn')).toBe(false);
  });
});
