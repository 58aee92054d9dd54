'use strict';

/**
 * The size sweep (`npm run bench:sweep`, run by scripts/bench-run-sweep.js): the same `/_api` List of 100
 * products, and the bare server's same page (scripts/bench-bare.js), as the products table grows to each of
 * BENCH_SWEEP_SIZES rows (default 10,000, 100,000, 1,000,000), three pages at each size:
 *
 *   first     GET /_api/bench/products
 *   keyset    GET /_api/bench/products?after=<the id in the middle of the table>
 *   category  GET /_api/bench/products?category=audio   (one of ten categories: about 10% of the rows)
 *
 * The table grows by bulk SQL below the Document Service (the playground seed's own row shape, through knex),
 * in chunks of 500 rows generated as they are written, so that a million rows never sit in memory at once.
 */
const path = require('node:path');
const { PLAYGROUND } = require('./fresh-database');
const { PRODUCT, PAGE_SIZE, FIELDS } = require('./bench-products');
const { samePageAs } = require('./bench-bare');

const { toRow, resetSequence } = require(path.join(PLAYGROUND, 'src', 'seed', 'insert'));
const { createRandom } = require(path.join(PLAYGROUND, 'src', 'seed', 'random'));

const CHUNK = 500;
// Ten categories drawn evenly, so that one of them (FILTERED) holds about 10% of the rows.
const CATEGORIES = ['home', 'office', 'outdoor', 'kitchen', 'audio', 'tools', 'apparel', 'books', 'garden', 'toys'];
const FILTERED = 'audio';
const ADJECTIVES = ['Sturdy', 'Compact', 'Deluxe', 'Classic', 'Smart', 'Eco', 'Turbo', 'Silent', 'Mini', 'Pro'];
const NOUNS = ['Kettle', 'Lamp', 'Backpack', 'Chair', 'Speaker', 'Notebook', 'Drill', 'Blender', 'Jacket', 'Mug'];

/** BENCH_SWEEP_SIZES: ascending row counts, each at least two pages past the middle of the table. */
const sweepSizes = (raw = process.env.BENCH_SWEEP_SIZES || '10000,100000,1000000') => {
  const sizes = raw.split(',').map((part) => Number(part.trim()));
  const valid = sizes.every((n, i) => Number.isSafeInteger(n) && n >= 4 * PAGE_SIZE && (i === 0 || n > sizes[i - 1]));
  if (!sizes.length || !valid) {
    throw new Error(`BENCH_SWEEP_SIZES must be ascending row counts of at least ${4 * PAGE_SIZE}, not "${raw}"`);
  }
  return sizes;
};

// ---------------------------------------------------------------------------------------------- seeding

const productValues = (id, random) => ({
  title: `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${id}`,
  sku: `SKU-${String(id).padStart(7, '0')}`,
  price: random.money(1, 500),
  stock: random.int(0, 500),
  category: random.pick(CATEGORIES),
  active: random.next() < 0.85,
  releasedAt: new Date(Date.UTC(2024, 0, 1) + random.int(0, 800 * 24) * 3600000),
});

/** Fresh planner statistics for the grown table, as the playground's seed leaves them for its own. */
const analyze = async (knex, client, table) => {
  if (client === 'mysql') await knex.raw('ANALYZE TABLE ??', [table]);
  // On PostgreSQL VACUUM also fills the visibility map, so that counts can use index-only scans.
  else await knex.raw(client === 'postgres' ? 'VACUUM ANALYZE ??' : 'ANALYZE ??', [table]);
};

/**
 * The rows went in below Strapi, where nothing that watches its writes sees them: one write through its Query
 * Engine (the last row's stock, written again as it is) tells them the table changed, as a site's own writes
 * would. The plugin keeps List totals until their type is written (or for `totals.maxAgeMs`).
 */
const announce = async (strapi, id) => {
  const products = strapi.db.query(PRODUCT);
  const { stock } = await products.findOne({ where: { id }, select: ['stock'] });
  await products.update({ where: { id }, data: { stock } });
};

/**
 * Grows the products table to `size` rows (ids following the largest), in one transaction of 500-row
 * INSERTs; answers the milliseconds it took, statistics included.
 */
const growProducts = async (strapi, client, size) => {
  const start = performance.now();
  const knex = strapi.db.connection;
  const meta = strapi.db.metadata.get(PRODUCT);
  const [{ n, last }] = await knex(meta.tableName).count({ n: '*' }).max({ last: 'id' });
  let id = Number(last || 0);
  // Seeded by the first new id: the rows of a size are the same whichever sizes came before.
  const random = createRandom(20260301 + id);
  await knex.transaction(async (trx) => {
    for (let have = Number(n); have < size; have += CHUNK) {
      const rows = [];
      for (let i = 0; i < Math.min(CHUNK, size - have); i += 1) {
        id += 1;
        rows.push(toRow(meta, id, productValues(id, random)));
      }
      await trx.insert(rows).into(meta.tableName);
    }
  });
  await resetSequence(knex, meta.tableName);
  await announce(strapi, id);
  await analyze(knex, client, meta.tableName);
  return performance.now() - start;
};

/** What the three pages at this size must answer: the table's count, its middle id, the category's count. */
const pagesAt = async (strapi) => {
  const knex = strapi.db.connection;
  const meta = strapi.db.metadata.get(PRODUCT);
  const column = meta.attributes.category.columnName;
  const [{ n }] = await knex(meta.tableName).count({ n: '*' });
  const total = Number(n);
  const [{ id: middle }] = await knex(meta.tableName)
    .select('id')
    .orderBy('id')
    .offset(Math.floor(total / 2))
    .limit(1);
  const [{ n: inCategory }] = await knex(meta.tableName).where(column, FILTERED).count({ n: '*' });
  return { total, middle: Number(middle), inCategory: Number(inCategory) };
};

// ---------------------------------------------------------------------------------------------- checks

/**
 * A full page of the List: 100 items with every field, ascending ids after `after`, of `category` when set,
 * `page` 1, a next link, and `total` the match count of the whole listing: on a keyset page too (the cursor
 * only says where the page starts; an earlier version answered the count after the cursor).
 */
const pageCheck =
  ({ total, after = 0, category = null }) =>
  (body) => {
    if (!Array.isArray(body.items)) return 'no items array';
    if (body.items.length !== PAGE_SIZE) return `${body.items.length} items, expected ${PAGE_SIZE}`;
    if (body.page !== 1) return `page ${body.page}, expected 1`;
    if (body.total !== total) {
      return `total ${body.total}, expected ${total} (the whole listing's count${after ? ', without the cursor' : ''})`;
    }
    const missing = FIELDS.filter((f) => !(f in body.items[0]));
    if (missing.length) return `items lack ${missing.join(', ')}`;
    let previous = after;
    for (const item of body.items) {
      if (!(item.id > previous)) return `item ${item.id} does not follow ${previous}`;
      if (category !== null && item.category !== category) return `item ${item.id} is of category ${item.category}`;
      previous = item.id;
    }
    if (!body._links || !body._links.next) return 'no next link';
    return null;
  };

// ---------------------------------------------------------------------------------------------- scenarios

const PAGES = [
  { page: 'first', label: 'first page', query: () => '' },
  { page: 'keyset', label: 'keyset page, middle', query: (at) => `?after=${at.middle}` },
  { page: 'category', label: `category=${FILTERED}`, query: () => `?category=${FILTERED}` },
];

const expectedOf = (page, at) => {
  if (page === 'keyset') return { total: at.total, after: at.middle };
  if (page === 'category') return { total: at.inCategory, category: FILTERED };
  return { total: at.total };
};

/**
 * The six scenarios at one size, each `/_api` page followed by the bare server's: the `/_api` answer is
 * checked first (`check` is the harness's checkScenario), then becomes what the bare one must equal.
 */
const sweepScenarios = async ({ origin, bareOrigin, auth, at, check }) => {
  const scenarios = [];
  for (const { page, label, query } of PAGES) {
    const api = {
      id: `api:${page}`,
      page,
      side: '/_api',
      name: `/_api List, ${label}`,
      url: `${origin}/_api/bench/products${query(at)}`,
      headers: auth,
      status: 200,
      verify: pageCheck(expectedOf(page, at)),
    };
    const reference = JSON.parse(await check(api));
    const bare = {
      id: `bare:${page}`,
      page,
      side: 'bare',
      name: `bare node:http, ${label}`,
      url: `${bareOrigin}/products${query(at)}`,
      headers: {},
      status: 200,
      verify: samePageAs(reference),
    };
    scenarios.push(api, bare);
  }
  return scenarios;
};

// ---------------------------------------------------------------------------------------------- report

const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;

/** One line per size and scenario; ratios to the same scenario at the first size, and `/_api` to bare. */
const sweepRows = (runs, client, fmt) => {
  const first = new Map(runs.filter((r) => r.size === runs[0].size).map((r) => [r.scenario.id, r.result]));
  const at = new Map(runs.map((r) => [`${r.size}/${r.scenario.id}`, r.result]));
  return runs.map(({ size, scenario, result }) => {
    const bare = scenario.side === '/_api' ? at.get(`${size}/bare:${scenario.page}`) : null;
    return [
      size.toLocaleString('en-US'),
      client,
      scenario.name,
      fmt.rps(result.requestsPerSecond),
      fmt.ms(result.latency.p50),
      fmt.ms(result.latency.p99),
      percent(result.requestsPerSecond / first.get(scenario.id).requestsPerSecond),
      bare ? percent(result.requestsPerSecond / bare.requestsPerSecond) : '',
    ];
  });
};

/** The sweep's targets: at the largest size, a first page and a keyset page keep half their throughput. */
const sweepComparisons = (runs) => {
  const sizes = [...new Set(runs.map((r) => r.size))];
  if (sizes.length < 2) return [];
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  const rps = (size, id) => runs.find((r) => r.size === size && r.scenario.id === id).result.requestsPerSecond;
  return [
    ['first page', 'api:first'],
    ['keyset page, middle', 'api:keyset'],
  ].map(([label, id]) => ({
    label: `/_api ${label} at ${large.toLocaleString('en-US')} rows vs ${small.toLocaleString('en-US')}`,
    value: rps(large, id) / rps(small, id),
    unit: '%',
    target: 0.5,
  }));
};

module.exports = { sweepSizes, growProducts, pagesAt, sweepScenarios, sweepRows, sweepComparisons };
