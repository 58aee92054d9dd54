'use strict';

/**
 * A fresh, empty database for one test suite or benchmark run: a new SQLite file, or a new database on the
 * PostgreSQL or MariaDB server named by DATABASE_CLIENT, created through its `test` database and dropped after.
 */
const { randomBytes } = require('node:crypto');
const { mkdirSync, rmSync } = require('node:fs');
const path = require('node:path');

const PLAYGROUND = path.resolve(__dirname, '..', 'playground');
const CLIENTS = ['sqlite', 'postgres', 'mysql'];

const databaseClient = () => {
  const client = process.env.DATABASE_CLIENT || 'sqlite';
  if (!CLIENTS.includes(client)) throw new Error(`unknown DATABASE_CLIENT ${client} (expected ${CLIENTS.join(', ')})`);
  return client;
};

const serverAdmin = (client) =>
  require('knex')({
    client: client === 'postgres' ? 'pg' : 'mysql2',
    connection: {
      host: process.env.DATABASE_HOST || '127.0.0.1',
      port: Number(process.env.DATABASE_PORT || (client === 'postgres' ? 5432 : 3306)),
      user: process.env.DATABASE_USERNAME || (client === 'postgres' ? 'postgres' : 'root'),
      password: process.env.DATABASE_PASSWORD || '',
      database: process.env.DATABASE_ADMIN_NAME || 'test',
    },
    pool: { min: 0, max: 1 },
  });

/**
 * Creates the database and returns the DATABASE_* variables for the playground and how to drop it again.
 * `purpose` names it (`dapi_<purpose>_...`) and the folder of SQLite files under playground/.tmp/.
 */
const createFreshDatabase = async (purpose) => {
  const client = databaseClient();
  const name = `dapi_${purpose}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (client === 'sqlite') {
    const dir = path.join(PLAYGROUND, '.tmp', purpose);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.db`);
    return {
      client,
      name: file,
      env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file },
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  const admin = serverAdmin(client);
  try {
    await admin.raw(
      client === 'postgres'
        ? `CREATE DATABASE "${name}"`
        : `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
    );
  } finally {
    await admin.destroy();
  }
  return {
    client,
    name,
    env: { DATABASE_CLIENT: client, DATABASE_NAME: name },
    drop: async () => {
      const again = serverAdmin(client);
      try {
        await again.raw(
          client === 'postgres'
            ? `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`
            : `DROP DATABASE IF EXISTS \`${name}\``
        );
      } finally {
        await again.destroy();
      }
    },
  };
};

module.exports = { PLAYGROUND, databaseClient, createFreshDatabase };
