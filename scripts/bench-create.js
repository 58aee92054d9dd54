'use strict';

/**
 * The Create scenario of scripts/bench.js: 100 orders in one array request to a /_api Create endpoint against
 * the same 100 orders as 100 sequential `POST /api/orders` through Strapi's REST API, in the same run.
 *
 *   measureCreates(strapi, origin, key, settings) defines the Create endpoint, grants the public role what
 *   Strapi's REST API needs to accept a relation id, runs the rounds from a child process (this file, so the
 *   client does not share the server's event loop), then checks with knex that the orders table and its link
 *   tables grew by exactly what was created.
 */
const { runInChild, serveAsChild } = require('./child');
const path = require('node:path');
const { allowPublic } = require(path.join(__dirname, '..', 'playground', 'src', 'public-permissions'));

const ORDER = 'api::order.order';
const RECORDS = 100;
const PLUGIN_PATH = 'bench/orders';
const STATUSES = ['pending', 'paid', 'shipped', 'cancelled'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------------------------- server side

/**
 * The same 100 orders for both sides: the endpoint's fields but `customer`, with products that exist. Strapi's
 * REST API takes a relation id only from a role that may `find` the target type, and the playground's customer
 * type has no REST routes, so no `api::customer.customer.find` action exists to grant (Strapi drops unknown
 * actions from the role's ability): a customer id is refused with 400 "Invalid key customer".
 */
const payloads = (productIds) =>
  Array.from({ length: RECORDS }, (_, i) => {
    const quantity = 1 + (i % 10);
    return {
      quantity,
      total: Math.round(quantity * (9.99 + (i % 7) * 3.5) * 100) / 100,
      status: STATUSES[i % STATUSES.length],
      note: i % 3 === 0 ? `Bench order ${i + 1}: leave at the door` : null,
      orderedAt: new Date(Date.UTC(2026, 3, 1) + i * 3600000).toISOString(),
      product: productIds[(i * 37) % productIds.length],
    };
  });

const prepare = async (strapi, key) => {
  await strapi
    .plugin('data-api')
    .service('endpoints')
    .create({
      name: 'Bench: create orders',
      path: PLUGIN_PATH,
      type: 'create',
      object: ORDER,
      fields: [
        { name: 'quantity', required: true },
        { name: 'total' },
        { name: 'status' },
        { name: 'note' },
        { name: 'orderedAt' },
        { name: 'customer' },
        { name: 'product' },
      ],
      auth: { method: 'api-key', keys: [key.id] },
    });
  // Strapi's REST API refuses a relation id ("Invalid key product") unless the role may read the target type.
  await allowPublic(strapi, ['api::product.product.find']);
  const products = await strapi.db
    .query('api::product.product')
    .findMany({ select: ['id'], orderBy: { id: 'asc' }, limit: 500 });
  if (!products.length) throw new Error('Create scenario: the seed has no products');
  return payloads(products.map((p) => p.id));
};

/** The orders table and its product link table, read with knex outside Strapi's query layer. */
const tableState = async (strapi) => {
  const knex = strapi.db.connection;
  const meta = strapi.db.metadata.get(ORDER);
  const [orders] = await knex(meta.tableName).count({ n: '*' }).sum({ q: 'quantity' });
  const state = { rows: Number(orders.n), quantity: Number(orders.q) };
  const [links] = await knex(meta.attributes.product.joinTable.name).count({ n: '*' });
  state['product links'] = Number(links.n);
  return state;
};

const runRounds = (options) => runInChild(__filename, options, 'Create scenario client');

const measureCreates = async (strapi, origin, key, settings, step) => {
  const orders = await prepare(strapi, key);
  const before = await tableState(strapi);
  step(`Create: ${settings.warmup} warm-up + ${settings.rounds} measured rounds of ${RECORDS} records per side`);
  const times = await runRounds({ origin, secret: key.secret, orders, ...settings });
  const after = await tableState(strapi);
  // Every round wrote the 100 orders once per side: rows, quantities and product links must have grown by that.
  const written = (settings.warmup + settings.rounds) * 2;
  const expected = {
    rows: written * RECORDS,
    quantity: written * orders.reduce((sum, o) => sum + o.quantity, 0),
    'product links': written * RECORDS,
  };
  const wrong = Object.keys(expected).filter((k) => after[k] - before[k] !== expected[k]);
  if (wrong.length) {
    const detail = wrong.map((k) => `${k} grew by ${after[k] - before[k]}, expected ${expected[k]}`).join('; ');
    throw new Error(`Create scenario: the orders table does not hold what was created: ${detail}`);
  }
  const stats = (list) => ({
    median: median(list),
    min: Math.min(...list),
    max: Math.max(...list),
    rounds: list.length,
  });
  return { plugin: stats(times.plugin), rest: stats(times.rest), records: RECORDS, written: expected.rows };
};

// ---------------------------------------------------------------------------------------------- client side

const post = async (url, headers, body) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, text: await response.text() };
};

const expectJson = (what, answer, status) => {
  let body = null;
  try {
    body = JSON.parse(answer.text);
  } catch {
    // reported below
  }
  if (answer.status !== status || !body) {
    throw new Error(`${what} answered ${answer.status} (expected ${status}): ${answer.text.slice(0, 500)}`);
  }
  return body;
};

const rounds = async ({ origin, secret, orders, warmup, rounds: measured }) => {
  const pluginUrl = `${origin}/_api/${PLUGIN_PATH}`;
  const pluginBody = JSON.stringify(orders);
  const pluginHeaders = { Authorization: `Bearer ${secret}` };
  const restUrl = `${origin}/api/orders`;
  const restBodies = orders.map((data) => JSON.stringify({ data }));

  const plugin = async () => {
    const start = performance.now();
    const answer = await post(pluginUrl, pluginHeaders, pluginBody);
    const ms = performance.now() - start;
    const body = expectJson(`POST /_api/${PLUGIN_PATH}`, answer, 201);
    const ids = Array.isArray(body.id) ? body.id : [];
    if (ids.length !== RECORDS || new Set(ids).size !== RECORDS || !ids.every(Number.isInteger)) {
      throw new Error(`POST /_api/${PLUGIN_PATH} answered no ${RECORDS} distinct ids: ${answer.text.slice(0, 500)}`);
    }
    return ms;
  };
  const rest = async () => {
    const start = performance.now();
    const answers = [];
    for (const body of restBodies) answers.push(await post(restUrl, {}, body));
    const ms = performance.now() - start;
    for (const answer of answers) {
      const body = expectJson('POST /api/orders', answer, 201);
      if (!body.data || !Number.isInteger(body.data.id)) throw new Error(`POST /api/orders: no id in ${answer.text}`);
    }
    return ms;
  };

  const times = { plugin: [], rest: [] };
  for (let round = 0; round < warmup + measured; round += 1) {
    // Alternating which side goes first, so that neither always follows the other's writes.
    const order = round % 2 ? ['rest', 'plugin'] : ['plugin', 'rest'];
    for (const side of order) {
      const ms = side === 'plugin' ? await plugin() : await rest();
      if (round >= warmup) times[side].push(ms);
    }
  }
  return times;
};

if (require.main === module) serveAsChild(rounds);

module.exports = { measureCreates, RECORDS, PLUGIN_PATH };
