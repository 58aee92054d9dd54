'use strict';

/**
 * A fresh database for one test suite or benchmark run: a new SQLite file, or a new database on the PostgreSQL
 * or MariaDB server named by DATABASE_CLIENT, created through its `test` database and dropped after. Empty, or a
 * copy of a template database (the tests' migrated and seeded playground, see tests/helpers/template-setup.js).
 */
const { randomBytes } = require('node:crypto');
const { copyFileSync, mkdirSync, rmSync } = require('node:fs');
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
      // A MariaDB copy is one batch of statements (one round trip).
      multipleStatements: client === 'mysql',
    },
    pool: { min: 0, max: 1 },
  });

const onServer = async (client, work) => {
  const admin = serverAdmin(client);
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
};

const quoted = (client, name) => (client === 'postgres' ? `"${name}"` : `\`${name}\``);

/**
 * MariaDB has no CREATE DATABASE ... TEMPLATE: into the new database, each table's own CREATE TABLE (foreign keys
 * and AUTO_INCREMENT included, unlike CREATE TABLE ... LIKE), then its rows, foreign key checks off meanwhile.
 */
const copyMysqlTables = async (admin, template, name) => {
  const [tables] = await admin.raw(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'`,
    [template]
  );
  const from = (table) => `${quoted('mysql', template)}.${quoted('mysql', table)}`;
  const creates = [];
  for (const { name: table } of tables) {
    const [[row]] = await admin.raw(`SHOW CREATE TABLE ${from(table)}`);
    creates.push(row['Create Table']);
  }
  await admin.raw(
    [
      `USE ${quoted('mysql', name)}`,
      'SET FOREIGN_KEY_CHECKS = 0',
      ...creates,
      ...tables.map(({ name: table }) => `INSERT INTO ${quoted('mysql', table)} SELECT * FROM ${from(table)}`),
      'SET FOREIGN_KEY_CHECKS = 1',
    ].join(';\n')
  );
};

const createOnServer = (client, name, template) =>
  onServer(client, async (admin) => {
    if (client === 'postgres') {
      await admin.raw(
        `CREATE DATABASE ${quoted(client, name)}${template ? ` TEMPLATE ${quoted(client, template)}` : ''}`
      );
      return;
    }
    await admin.raw(`CREATE DATABASE ${quoted(client, name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (template) await copyMysqlTables(admin, template, name);
  });

/** Drops a database this module made (`client` and `name` as it returned them), if it is still there. */
const dropDatabase = async ({ client, name }) => {
  if (client === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${name}${suffix}`, { force: true });
    return;
  }
  await onServer(client, (admin) =>
    admin.raw(`DROP DATABASE IF EXISTS ${quoted(client, name)}${client === 'postgres' ? ' WITH (FORCE)' : ''}`)
  );
};

/**
 * Creates the database and returns the DATABASE_* variables for the playground and how to drop it again.
 * `purpose` names it (`dapi_<purpose>_...`); SQLite files go to `dir` (playground/.tmp/<purpose> unless given).
 * `template`: a database made by this function, closed, whose tables and rows the new one starts with.
 */
const createFreshDatabase = async (purpose, { dir, template } = {}) => {
  const client = databaseClient();
  if (template && template.client !== client)
    throw new Error(`the template is a ${template.client} database, DATABASE_CLIENT is ${client}`);
  const name = `dapi_${purpose}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (client === 'sqlite') {
    const folder = dir ?? path.join(PLAYGROUND, '.tmp', purpose);
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${name}.db`);
    if (template) copyFileSync(template.name, file);
    return {
      client,
      name: file,
      env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file },
      drop: () => dropDatabase({ client, name: file }),
    };
  }
  await createOnServer(client, name, template?.name);
  return {
    client,
    name,
    env: { DATABASE_CLIENT: client, DATABASE_NAME: name },
    drop: () => dropDatabase({ client, name }),
  };
};

module.exports = { PLAYGROUND, databaseClient, createFreshDatabase, dropDatabase };
