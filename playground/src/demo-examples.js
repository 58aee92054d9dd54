const { API_FIELDS } = require('./marketing-site');

/**
 * The demo's example endpoints and API key, created through the plugin's own services (the same validation
 * as the admin API) on the first start of a fresh database. Returns the key's secret, shown only this once.
 */
const EXAMPLES = (keyId) => {
  const auth = { method: 'api-key', keys: [keyId] };
  const siteUser = { method: 'session', userObject: 'plugin::users-permissions.user' };
  const mine = { user: { id: { $eq: { $var: 'user.id' } } } };
  return [
    {
      name: 'Active products',
      path: 'products',
      type: 'list',
      object: 'api::product.product',
      filter: { active: true },
      fields: ['id', 'title', 'sku', 'price', 'stock', 'category', 'releasedAt'].map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'asc' }],
      auth,
    },
    {
      name: 'Product pictures (temporary signed URLs)',
      path: 'products/pictures',
      type: 'list',
      object: 'api::product.product',
      fields: ['id', 'title', 'photo', 'gallery'].map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'asc' }],
      auth,
    },
    {
      name: 'Set a product photo and gallery (base64 files)',
      path: 'products/pictures',
      type: 'modify',
      object: 'api::product.product',
      parameter: 'required',
      fields: [{ name: 'photo' }, { name: 'gallery' }],
      auth,
    },
    {
      name: 'Products, cheapest first',
      path: 'products/cheapest',
      type: 'list',
      object: 'api::product.product',
      fields: ['title', 'price', 'category'].map((name) => ({ name })),
      sort: [{ field: 'price', dir: 'asc' }],
      auth,
    },
    {
      name: 'Orders of one customer',
      path: 'customers/orders',
      type: 'list',
      object: 'api::order.order',
      parameter: 'required',
      filter: { customer: { id: { $eq: { $var: 'param' } } } },
      fields: ['id', 'orderedAt', 'status', 'quantity', 'total', 'product'].map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'desc' }],
      auth,
    },
    {
      name: 'Paying customers',
      path: 'customers',
      type: 'list',
      object: 'api::customer.customer',
      filter: { tier: { $in: ['pro', 'enterprise'] } },
      fields: ['id', 'name', 'email', 'tier', 'credit', 'signupDate'].map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'asc' }],
      auth,
    },
    {
      name: 'Published articles',
      path: 'articles',
      type: 'list',
      object: 'api::article.article',
      fields: ['id', 'title', 'body', 'publishedAt'].map((name) => ({ name })),
      auth,
    },
    {
      name: 'Orders from the office network only',
      path: 'office/orders',
      type: 'list',
      object: 'api::order.order',
      fields: ['id', 'status', 'total'].map((name) => ({ name })),
      allowedIps: ['127.0.0.1', '::1', '10.0.0.0/8'],
      auth,
    },
    {
      name: 'Revenue by month and tier',
      path: 'stats/revenue',
      type: 'aggregate',
      object: 'api::order.order',
      filter: { status: { $ne: 'cancelled' } },
      aggregate: {
        dimensions: [
          { variable: 'month', field: 'orderedAt', format: 'month' },
          { variable: 'tier', field: 'customer.tier', axis: 'column' },
        ],
        measures: [
          { variable: 'orders', op: 'count' },
          { variable: 'revenue', op: 'sum', field: 'total' },
        ],
        queryFilters: [{ param: 'from', field: 'orderedAt', op: 'gt' }],
      },
      // A GROUP BY over every order: each key may run it once a second on average, with bursts of 20.
      rateLimit: { requests: 60, windowSeconds: 60, burst: 20 },
      auth,
    },
    {
      name: 'Place an order for a customer',
      path: 'customers/orders',
      type: 'create',
      object: 'api::order.order',
      parameter: 'required',
      filter: { status: 'pending' },
      fields: [{ name: 'product', required: true }, { name: 'quantity', required: true }, { name: 'note' }],
      presets: { customer: { $var: 'param' }, status: 'pending', orderedAt: { $var: 'now' } },
      tasks: [
        {
          action: 'raise-error',
          when: {
            exists: {
              object: 'api::order.order',
              filter: {
                customer: { id: { $eq: { $var: 'record.customer' } } },
                product: { id: { $eq: { $var: 'record.product' } } },
                status: 'pending',
                id: { $ne: { $var: 'record.id' } },
              },
            },
          },
          message: 'This customer already has a pending order for this product',
        },
      ],
      auth,
    },
    {
      name: 'Change a pending order',
      path: 'orders',
      type: 'modify',
      object: 'api::order.order',
      parameter: 'required',
      filter: { status: 'pending' },
      fields: [{ name: 'quantity' }, { name: 'note' }, { name: 'attachment' }],
      auth,
    },
    {
      name: 'Cancel a pending order',
      path: 'orders',
      type: 'delete',
      object: 'api::order.order',
      parameter: 'required',
      filter: { status: 'pending' },
      auth,
    },
    {
      name: 'My orders (logged-in site user)',
      path: 'me/orders',
      type: 'list',
      object: 'api::order.order',
      filter: { customer: mine },
      fields: ['id', 'orderedAt', 'status', 'quantity', 'total', 'product'].map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'desc' }],
      auth: siteUser,
    },
    {
      name: 'Site pages, one call per page (sections, related records, images, translations)',
      path: 'site/pages',
      type: 'list',
      object: 'api::page.page',
      locale: 'query',
      fields: API_FIELDS.page,
      auth,
      // Pages change when an editor publishes: kept until then (docs/cache.md).
      cache: { maxAgeSeconds: 300 },
    },
    {
      name: 'Navbar and footer for every visitor (public)',
      path: 'site/global',
      type: 'list',
      object: 'api::global.global',
      locale: 'query',
      fields: API_FIELDS.global,
      auth: { method: 'public' },
      rateLimit: { requests: 600, windowSeconds: 60, burst: 100 },
      // Every visitor's first call: kept here until a write, and by a CDN for a minute (docs/cache.md#cdns).
      cache: { maxAgeSeconds: 300, sharedMaxAgeSeconds: 60, staleWhileRevalidateSeconds: 300 },
    },
    {
      name: 'Rename my customer record (logged-in site user)',
      path: 'me/customer',
      type: 'modify',
      object: 'api::customer.customer',
      parameter: 'required',
      filter: mine,
      fields: [{ name: 'name' }],
      auth: siteUser,
    },
  ];
};

const createDemoExamples = async (strapi) => {
  const plugin = strapi.plugin('data-api');
  if ((await plugin.service('endpoints').find()).length > 0) return null;
  const key = await plugin.service('apiKeys').create({ description: 'Demo key' });
  // Authored by the site owner (the super admin), as if saved in the panel: checked against their rights.
  const owner = await strapi.db
    .query('admin::user')
    .findOne({ where: { roles: { code: 'strapi-super-admin' } }, select: ['id'], orderBy: { id: 'asc' } });
  const endpoints = [];
  for (const definition of EXAMPLES(key.id)) {
    endpoints.push(await plugin.service('endpoints').create(definition, owner ? { id: owner.id } : undefined));
  }
  // A public OpenAPI document of them all, at /_api/_openapi/shop_api.json.
  await plugin.service('openapiDocuments').create({
    title: 'Shop API',
    description: 'The example endpoints of the Data API demo shop.',
    endpoints: endpoints.map((e) => e.id),
    public: true,
  });
  return { secret: key.secret, paths: EXAMPLES(key.id).map((d) => d.path) };
};

module.exports = { createDemoExamples, EXAMPLES };
