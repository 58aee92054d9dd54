const { createRandom } = require('./random');
const { toRow, insertChunks, linkRows, resetSequence } = require('./insert');

const DEMO_SIZES = { customers: 50, products: 250, orders: 2000, articles: 12, posts: 6 };

/**
 * SEED: `demo` (default), `none`, or sizes such as `orders=1000000` or `products=10000,orders=0`;
 * sizes not named keep their demo value.
 */
const parseSeed = (value = 'demo') => {
  if (value === 'none') return null;
  if (value === 'demo' || value === '') return { ...DEMO_SIZES };
  const sizes = { ...DEMO_SIZES };
  for (const part of value.split(',')) {
    const match = /^\s*(customers|products|orders|articles|posts)=(\d+)\s*$/.exec(part);
    if (!match) throw new Error(`SEED must be "demo", "none" or sizes like "orders=1000000", not "${value}"`);
    sizes[match[1]] = Number(match[2]);
  }
  return sizes;
};

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Linus', 'Frances'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Torvalds',
  'Allen',
];
const ADJECTIVES = ['Sturdy', 'Compact', 'Deluxe', 'Classic', 'Smart', 'Eco', 'Turbo', 'Silent', 'Mini', 'Pro'];
const NOUNS = ['Kettle', 'Lamp', 'Backpack', 'Chair', 'Speaker', 'Notebook', 'Drill', 'Blender', 'Jacket', 'Mug'];
const CATEGORIES = ['home', 'office', 'outdoor', 'kitchen', 'audio', 'tools', 'apparel', 'books'];
const DAY = 86400000;
const ORDERS_FROM = Date.UTC(2025, 0, 1);
const ORDERS_DAYS = 455; // 2025-01-01 .. 2026-03-31: fifteen months

const customers = (n, random) =>
  Array.from({ length: n }, (_, i) => ({
    name: `${random.pick(FIRST)} ${random.pick(LAST)}`,
    email: `customer${i + 1}@example.com`,
    tier: random.weighted([
      ['free', 6],
      ['pro', 3],
      ['enterprise', 1],
    ]),
    credit: random.money(0, 1000),
    signupDate: new Date(Date.UTC(2024, 0, 1) + random.int(0, 700) * DAY).toISOString().slice(0, 10),
  }));

const products = (n, random) =>
  Array.from({ length: n }, (_, i) => ({
    title: `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${i + 1}`,
    sku: `SKU-${String(i + 1).padStart(7, '0')}`,
    price: random.money(1, 500),
    stock: random.int(0, 500),
    category: random.pick(CATEGORIES),
    active: random.next() < 0.85,
    releasedAt: new Date(Date.UTC(2024, 0, 1) + random.int(0, 800 * 24) * 3600000),
  }));

const orders = (n, random, customerCount, productPrices) =>
  Array.from({ length: n }, () => {
    const product = random.int(1, productPrices.length);
    const quantity = random.int(1, 10);
    return {
      customer: random.int(1, customerCount),
      product,
      quantity,
      total: Math.round(productPrices[product - 1] * quantity * 100) / 100,
      status: random.weighted([
        ['pending', 2],
        ['paid', 4],
        ['shipped', 3],
        ['cancelled', 1],
      ]),
      orderedAt: new Date(ORDERS_FROM + random.int(0, ORDERS_DAYS * 24 * 60) * 60000),
      note: random.next() < 0.3 ? `Please deliver before ${random.int(8, 18)}:00` : null,
    };
  });

const insertType = async (trx, strapi, uid, list, options) => {
  const meta = strapi.db.metadata.get(uid);
  await insertChunks(
    trx,
    meta.tableName,
    list.map((values, i) => toRow(meta, i + 1, values, options))
  );
  await resetSequence(trx, meta.tableName);
  return meta;
};

/** Articles (Draft & Publish): every one has a draft row; two in three also a published row with its own id. */
const insertArticles = async (trx, strapi, n) => {
  const meta = strapi.db.metadata.get('api::article.article');
  const rows = [];
  for (let i = 1; i <= n; i += 1) {
    const values = { title: `Article ${i}`, body: `Body of article ${i}.` };
    rows.push(toRow(meta, rows.length + 1, values, { published: false, docId: `article${i}`.padEnd(24, 'x') }));
    if (i % 3 !== 0) rows.push(toRow(meta, rows.length + 1, values, { docId: `article${i}`.padEnd(24, 'x') }));
  }
  await insertChunks(trx, meta.tableName, rows);
  await resetSequence(trx, meta.tableName);
};

/** Fresh planner statistics after a bulk load, as a database would have them after normal use. */
const analyze = async (knex, strapi) => {
  const client = knex.client.config.client;
  if (client === 'mysql' || client === 'mysql2') {
    const tables = ['customer', 'product', 'order', 'article'].map(
      (t) => strapi.db.metadata.get(`api::${t}.${t}`).tableName
    );
    await knex.raw(`ANALYZE TABLE ${tables.map(() => '??').join(', ')}`, tables);
  } else {
    // On PostgreSQL VACUUM also fills the visibility map, so counts can use index-only scans as on a live database.
    await knex.raw(client === 'postgres' || client === 'pg' ? 'VACUUM ANALYZE' : 'ANALYZE');
  }
};

/** Seeds the shop once, into empty tables, in one transaction; returns the sizes written or null. */
const seedShop = async (strapi, sizes) => {
  if (!sizes) return null;
  const knex = strapi.db.connection;
  const existing = await knex(strapi.db.metadata.get('api::customer.customer').tableName).count({ n: '*' });
  if (Number(existing[0].n) > 0) return null;
  const random = createRandom(20260301);
  const customerList = customers(sizes.customers, random);
  const productList = products(sizes.products, random);
  const orderList =
    sizes.customers && sizes.products
      ? orders(
          sizes.orders,
          random,
          sizes.customers,
          productList.map((p) => p.price)
        )
      : [];
  await knex.transaction(async (trx) => {
    await insertType(trx, strapi, 'api::customer.customer', customerList);
    await insertType(trx, strapi, 'api::product.product', productList);
    const orderMeta = await insertType(trx, strapi, 'api::order.order', orderList);
    for (const relation of ['customer', 'product']) {
      const pairs = orderList.map((o, i) => [i + 1, o[relation]]);
      await insertChunks(trx, orderMeta.attributes[relation].joinTable.name, linkRows(orderMeta, relation, pairs));
    }
    await insertArticles(trx, strapi, sizes.articles);
    // The single type's one entry.
    await insertType(trx, strapi, 'api::site.site', [
      { siteName: 'Playground Shop', tagline: 'Everything for the demo', maintenance: false },
    ]);
  });
  await analyze(knex, strapi);
  return sizes;
};

module.exports = { parseSeed, seedShop, DEMO_SIZES };
