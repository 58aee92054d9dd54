'use strict';

/**
 * The products the default run and the sweep read: the type, the fields of their List, its page size, the two
 * List endpoints of the benchmark and what their answers (and Strapi REST's) must hold.
 */
const PRODUCT = 'api::product.product';
const FIELDS = ['id', 'title', 'sku', 'price', 'stock', 'category', 'active', 'releasedAt'];
const PAGE_SIZE = 100;

/**
 * One API key and the two List endpoints of the benchmark, through the plugin's own services (the Create
 * endpoint is defined with this key by scripts/bench-create.js).
 */
const defineEndpoints = async (strapi) => {
  const plugin = strapi.plugin('data-api');
  const key = await plugin.service('apiKeys').create({ description: 'bench' });
  const common = {
    type: 'list',
    object: PRODUCT,
    fields: FIELDS.map((name) => ({ name })),
    sort: [{ field: 'id', dir: 'asc' }],
    auth: { method: 'api-key', keys: [key.id] },
  };
  await plugin.service('endpoints').create({ ...common, name: 'Bench: products, 100 rows', path: 'bench/products' });
  await plugin
    .service('endpoints')
    .create({ ...common, name: 'Bench: products, 10 rows', path: 'bench/products-10', filter: { id: { $lte: 10 } } });
  return key;
};

const listCheck = (expectedItems, expectedTotal) => (body) => {
  if (!Array.isArray(body.items)) return 'no items array';
  if (body.items.length !== expectedItems) return `${body.items.length} items, expected ${expectedItems}`;
  if (body.total !== expectedTotal) return `total ${body.total}, expected ${expectedTotal}`;
  const missing = FIELDS.filter((f) => !(f in body.items[0]));
  if (missing.length) return `items lack ${missing.join(', ')}`;
  return null;
};

const restCheck = (expectedItems, expectedTotal) => (body) => {
  if (!Array.isArray(body.data)) return 'no data array';
  if (body.data.length !== expectedItems) return `${body.data.length} items, expected ${expectedItems}`;
  const total = body.meta && body.meta.pagination && body.meta.pagination.total;
  if (total !== expectedTotal) return `meta.pagination.total ${total}, expected ${expectedTotal}`;
  return null;
};

module.exports = { PRODUCT, FIELDS, PAGE_SIZE, defineEndpoints, listCheck, restCheck };
