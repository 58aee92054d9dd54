import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export const PLAYGROUND = path.resolve(__dirname, '..', '..', 'playground');
export type DatabaseClient = 'sqlite' | 'postgres' | 'mysql';

export const databaseClient = (): DatabaseClient => {
  const client = process.env.DATABASE_CLIENT ?? 'sqlite';
  if (client !== 'sqlite' && client !== 'postgres' && client !== 'mysql')
    throw new Error(`unknown DATABASE_CLIENT ${client}`);
  return client;
};

type Knexish = { raw(sql: string): Promise<unknown>; destroy(): Promise<void> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const knexFactory = require('knex') as (config: object) => Knexish;

const serverAdmin = (client: DatabaseClient): Knexish =>
  knexFactory({
    client: client === 'postgres' ? 'pg' : 'mysql2',
    connection: {
      host: process.env.DATABASE_HOST ?? '127.0.0.1',
      port: Number(process.env.DATABASE_PORT ?? (client === 'postgres' ? 5432 : 3306)),
      user: process.env.DATABASE_USERNAME ?? (client === 'postgres' ? 'postgres' : 'root'),
      password: process.env.DATABASE_PASSWORD ?? '',
      database: process.env.DATABASE_ADMIN_NAME ?? 'test',
    },
    pool: { min: 0, max: 1 },
  });

/**
 * A fresh, empty database for one test suite: a new SQLite file, or a new database on the PostgreSQL or
 * MariaDB server. Sets the playground's DATABASE_* variables and returns how to drop it.
 */
export const createFreshDatabase = async (): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> => {
  const client = databaseClient();
  const name = `dapi_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (client === 'sqlite') {
    const dir = path.join(PLAYGROUND, '.tmp', 'tests');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.db`);
    return {
      env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file },
      drop: async () => rmSync(file, { force: true }),
    };
  }
  const admin = serverAdmin(client);
  await admin.raw(
    client === 'postgres'
      ? `CREATE DATABASE "${name}"`
      : `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
  );
  await admin.destroy();
  return {
    env: { DATABASE_CLIENT: client, DATABASE_NAME: name },
    drop: async () => {
      const again = serverAdmin(client);
      await again.raw(
        client === 'postgres' ? `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)` : `DROP DATABASE IF EXISTS \`${name}\``
      );
      await again.destroy();
    },
  };
};
