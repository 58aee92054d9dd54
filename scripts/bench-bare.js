'use strict';

/**
 * The bare reference of scripts/bench.js: the page of the `/_api/bench/products` List served by nothing but
 * `node:http` and the database driver the playground itself uses, in the bench process, on its own port on
 * 127.0.0.1. It tells how close the `/_api` runtime comes to the least a Node server must do for that page.
 *
 *   GET /products                          the first 100 products by id
 *   GET /products?after=N                  a keyset page: the 100 after id N
 *   GET /products?category=X[&after=N]     the same, of one category
 *   GET /kept/products...                  the same pages with the total kept (below)
 *
 * Each answer is the `/_api` List's: `{ page, total, items, _links }` with the `Link` header, `total` an exact
 * `SELECT COUNT(*)` (the whole listing's, without the cursor, as a keyset page's total is), `next` when a row
 * follows the page (read as a 101st row). Under /products the count runs on every request; under /kept it runs
 * once per listing and is kept, as the plugin keeps its totals until a write (the bench writes nothing while it
 * measures), so that only the page's statement runs: the floor a List can reach. Items hold id, title, sku, price, stock, category,
 * active, releasedAt: decimals as JSON numbers, booleans as booleans, datetimes as ISO strings.
 *
 * Drivers, with the playground's connection settings (config/database.js): one better-sqlite3 connection on
 * the same SQLite file (knex's pool for SQLite is one connection) with prepared statements; a `pg` Pool with
 * named prepared statements; a `mysql2` pool with prepared statements (`execute`). The server pools have the
 * size of Strapi's (`pool.max`, 10 by default).
 */
const http = require('node:http');
const { isDeepStrictEqual } = require('node:util');
const { PRODUCT, FIELDS, PAGE_SIZE } = require('./bench-products');

const CURSOR = 'after';
const DRIVER_NAMES = { sqlite: 'better-sqlite3', postgres: 'pg', mysql: 'mysql2' };

// ---------------------------------------------------------------------------------------------- values

const toNumber = (raw) => (raw === null || raw === undefined ? null : Number(raw));
const toBoolean = (raw) => (raw === null || raw === undefined ? null : raw === true || raw === 1 || raw === '1');
// SQLite holds Strapi's datetimes as epoch milliseconds; pg and mysql2 answer Date objects.
const toIso = (raw) => (raw === null || raw === undefined ? null : new Date(raw).toISOString());
const CONVERT = { price: toNumber, active: toBoolean, releasedAt: toIso };

const toItem = (row) => {
  const item = {};
  for (let i = 0; i < FIELDS.length; i += 1) {
    const convert = CONVERT[FIELDS[i]];
    item[FIELDS[i]] = convert ? convert(row[i]) : row[i];
  }
  return item;
};

// ---------------------------------------------------------------------------------------------- SQL

const QUOTE = { sqlite: '"', postgres: '"', mysql: '`' };

/** The statements of every variant (filtered or not, keyset or not), named for prepared statements. */
const buildStatements = (strapi, client) => {
  const meta = strapi.db.metadata.get(PRODUCT);
  const q = (name) => `${QUOTE[client]}${name}${QUOTE[client]}`;
  const column = (name) => q(meta.attributes[name].columnName);
  const from = `FROM ${q(meta.tableName)}`;
  const where = (conditions) => (conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '');
  const statements = {};
  for (const filtered of [false, true]) {
    const listing = filtered ? [`${column('category')} = ?`] : [];
    const countName = `bare_count${filtered ? '_category' : ''}`;
    for (const keyset of [false, true]) {
      const conditions = keyset ? [...listing, `${column('id')} > ?`] : listing;
      // LIMIT is written in, not bound: MySQL refuses a bound LIMIT in some server-side prepared statements.
      statements[`${filtered}/${keyset}`] = {
        page: {
          name: `bare_page${filtered ? '_category' : ''}${keyset ? '_keyset' : ''}`,
          sql: `SELECT ${FIELDS.map(column).join(', ')} ${from}${where(conditions)} ORDER BY ${column('id')} ASC LIMIT ${PAGE_SIZE + 1}`,
        },
        count: { name: countName, sql: `SELECT COUNT(*) ${from}${where(listing)}` },
      };
    }
  }
  return statements;
};

// ---------------------------------------------------------------------------------------------- drivers

const openSqlite = (settings) => {
  const Database = require('better-sqlite3');
  const db = new Database(settings.connection.filename, { fileMustExist: true });
  const prepared = new Map();
  return {
    rows: async ({ name, sql }, values) => {
      let statement = prepared.get(name);
      if (!statement) prepared.set(name, (statement = db.prepare(sql).raw(true)));
      return statement.all(...values);
    },
    close: async () => db.close(),
  };
};

/** `?` placeholders to PostgreSQL's `$1, $2...`. */
const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

const openPostgres = (settings) => {
  const { Pool } = require('pg');
  const { host, port, database, user, password } = settings.connection;
  const pool = new Pool({ host, port, database, user, password, min: 0, max: poolSize(settings) });
  const texts = new Map();
  return {
    rows: async ({ name, sql }, values) => {
      if (!texts.has(name)) texts.set(name, numbered(sql));
      return (await pool.query({ name, text: texts.get(name), values, rowMode: 'array' })).rows;
    },
    close: () => pool.end(),
  };
};

const openMysql = (settings) => {
  const mysql = require('mysql2');
  const { host, port, database, user, password } = settings.connection;
  // As Strapi's MySQL dialect sets them: BIGINT counts arrive as strings, read with Number() below.
  const pool = mysql.createPool({
    host,
    port,
    database,
    user,
    password,
    connectionLimit: poolSize(settings),
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  return {
    rows: ({ sql }, values) =>
      new Promise((resolve, reject) =>
        pool.execute({ sql, values, rowsAsArray: true }, (error, rows) => (error ? reject(error) : resolve(rows)))
      ),
    close: () => new Promise((resolve) => pool.end(() => resolve())),
  };
};

const poolSize = (settings) => (settings.pool && settings.pool.max) || 10;

const DRIVERS = { sqlite: openSqlite, postgres: openPostgres, mysql: openMysql };

// ---------------------------------------------------------------------------------------------- server

// As the `/_api` links write them: keys and values percent-encoded.
const href = (path, entries) =>
  `${path}?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;

/** The request's parameters, or null when one is unknown, repeated or malformed (answered 400). */
const parseQuery = (search) => {
  const entries = [...new URLSearchParams(search)];
  const keys = entries.map(([key]) => key);
  if (new Set(keys).size !== keys.length) return null;
  const query = { entries, category: null, after: null };
  for (const [key, value] of entries) {
    if (key === 'category') query.category = value;
    else if (key === CURSOR && /^\d{1,15}$/.test(value)) query.after = Number(value);
    else return null;
  }
  return query;
};

const countRows = async (db, count, listing) => Number((await db.rows(count, listing))[0][0]);

// A category is the caller's choice: the kept totals are bounded (forgotten all at once when full).
const KEPT_TOTALS = 1000;

/** Totals counted once per listing (statement and category), as the plugin keeps them while nothing is written. */
const keptTotals = (db) => {
  const kept = new Map();
  return (count, listing) => {
    const key = `${count.name}\u0000${listing.join('')}`;
    let total = kept.get(key);
    if (total === undefined) {
      if (kept.size >= KEPT_TOTALS) kept.clear();
      // The promise is kept: requests that arrive while the first count runs share it; a failed one is forgotten.
      total = countRows(db, count, listing);
      total.catch(() => kept.delete(key));
      kept.set(key, total);
    }
    return total;
  };
};

const answerPage = async (db, statements, query, totalOf, path) => {
  const { page, count } = statements[`${query.category !== null}/${query.after !== null}`];
  const listing = query.category !== null ? [query.category] : [];
  const [rows, total] = await Promise.all([
    db.rows(page, query.after !== null ? [...listing, query.after] : listing),
    totalOf(count, listing),
  ]);
  const items = rows.slice(0, PAGE_SIZE).map(toItem);
  const _links = {};
  if (rows.length > PAGE_SIZE) {
    const others = query.entries.filter(([key]) => key !== CURSOR);
    _links.next = { href: href(path, [...others, [CURSOR, String(items[items.length - 1].id)]]) };
  }
  return { page: 1, total, items, _links };
};

const KEPT_PREFIX = '/kept';

const handler = (db, statements) => {
  const counting = (count, listing) => countRows(db, count, listing);
  const keeping = keptTotals(db);
  return (request, response) => {
    const url = new URL(request.url, 'http://bare');
    const kept = url.pathname.startsWith(`${KEPT_PREFIX}/`);
    const known = request.method === 'GET' && url.pathname.slice(kept ? KEPT_PREFIX.length : 0) === '/products';
    const query = known ? parseQuery(url.search) : null;
    if (!query) {
      response.writeHead(known ? 400 : 404).end();
      return;
    }
    answerPage(db, statements, query, kept ? keeping : counting, url.pathname).then(
      (body) => {
        const headers = { 'Content-Type': 'application/json; charset=utf-8' };
        if (body._links.next) headers.Link = `<${body._links.next.href}>; rel="next"`;
        response.writeHead(200, headers).end(JSON.stringify(body));
      },
      (error) => {
        process.stderr.write(`[bench] bare server: ${error.stack}\n`);
        response.writeHead(500).end();
      }
    );
  };
};

/**
 * Opens the playground's database with its own driver and listens on a free port of 127.0.0.1; answers the
 * origin and how to stop (server, then connections).
 */
const startBareServer = async (strapi) => {
  const settings = strapi.config.get('database.connection');
  const client = settings.client;
  if (!DRIVERS[client]) throw new Error(`the bare server does not know the database client ${client}`);
  const db = DRIVERS[client](settings);
  const server = http.createServer(handler(db, buildStatements(strapi, client)));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
};

// ---------------------------------------------------------------------------------------------- checks

const nextQuery = (body) => (body._links && body._links.next ? body._links.next.href.split('?')[1] : null);

/**
 * The bare server's answer must be the `/_api` one (`reference`, parsed): same page, total, items (deep
 * equal: values and their JSON types) and next link's query; only the links' paths differ.
 */
const samePageAs = (reference) => (body) => {
  if (!Array.isArray(body.items)) return 'no items array';
  if (body.page !== reference.page) return `page ${body.page}, /_api answered ${reference.page}`;
  if (body.total !== reference.total) return `total ${body.total}, /_api answered ${reference.total}`;
  if (body.items.length !== reference.items.length) {
    return `${body.items.length} items, /_api answered ${reference.items.length}`;
  }
  const differs = body.items.findIndex((item, i) => !isDeepStrictEqual(item, reference.items[i]));
  if (differs >= 0) {
    return `item ${differs} is ${JSON.stringify(body.items[differs])}, /_api answered ${JSON.stringify(reference.items[differs])}`;
  }
  if (nextQuery(body) !== nextQuery(reference)) return `next ?${nextQuery(body)}, /_api ?${nextQuery(reference)}`;
  return null;
};

module.exports = { startBareServer, samePageAs, DRIVER_NAMES };
