'use strict';

/**
 * The Browser Session scenarios of scripts/bench.js, on one site user's orders (customer 1, `customer1`):
 *
 *   5. /_api List with the session cookie (`me/orders`: filter on `user.id`)   GET /_api/bench/my-orders
 *   6. the same List with an API key, the user id as `param` (same filter)   GET /_api/bench/user-orders/<user id>
 *   7. Strapi REST with that user's users-permissions JWT, as many orders      GET /api/orders?pagination[pageSize]=<n>
 *
 * 5 vs 6 is what identifying the user costs (a session lookup and a user read per request); 5 vs 7 compares
 * with what a site would otherwise call from its pages. Strapi's REST API refuses a filter through `customer`
 * (the playground's customer type has no REST routes, so no role may read it), so 7 reads the same number of
 * orders, not the same ones. Each answer's row count is checked against the database first.
 */
const path = require('node:path');

const ORDER = 'api::order.order';
const CUSTOMER_ID = 1;
const { SITE_USER_PASSWORD } = require(path.join(__dirname, '..', 'playground', 'src', 'site-users'));

const post = async (url, body, headers = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response;
};

/** The authenticated role may list orders through Strapi's REST API, as a site showing them would allow. */
const allowAuthenticatedFind = async (strapi) => {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  await strapi.db
    .query('plugin::users-permissions.permission')
    .create({ data: { action: 'api::order.order.find', role: role.id } });
};

const sessionScenarios = async (strapi, origin, key) => {
  const definitions = strapi.plugin('data-api').service('endpoints');
  const common = {
    type: 'list',
    object: ORDER,
    fields: ['id', 'orderedAt', 'status', 'quantity', 'total', 'product'].map((name) => ({ name })),
    sort: [{ field: 'id', dir: 'asc' }],
  };
  await definitions.create({
    ...common,
    name: 'Bench: my orders',
    path: 'bench/my-orders',
    filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
    auth: { method: 'session', userObject: 'plugin::users-permissions.user' },
  });
  await definitions.create({
    ...common,
    name: 'Bench: orders of a site user',
    path: 'bench/user-orders',
    parameter: 'required',
    filter: { customer: { user: { id: { $eq: { $var: 'param' } } } } },
    auth: { method: 'api-key', keys: [key.id] },
  });
  await allowAuthenticatedFind(strapi);

  const customer = await strapi.db
    .query('api::customer.customer')
    .findOne({ where: { id: CUSTOMER_ID }, populate: { user: { select: ['id', 'email'] } } });
  if (!customer?.user) throw new Error(`customer ${CUSTOMER_ID} has no site user: was the playground seeded?`);
  const orders = await strapi.db.query(ORDER).count({ where: { customer: { id: CUSTOMER_ID } } });
  const credentials = { identifier: customer.user.email, password: SITE_USER_PASSWORD };
  const login = await post(`${origin}/_api/_session`, credentials, { Origin: origin });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const { jwt } = await (await post(`${origin}/api/auth/local`, credentials)).json();

  const sameRows = (items) => (body) => {
    const list = body[items];
    if (!Array.isArray(list)) return `no ${items} array`;
    if (list.length !== orders) return `${list.length} orders, expected ${orders} (customer ${CUSTOMER_ID}'s count)`;
    return null;
  };
  return [
    {
      id: 'sessionList',
      name: '/_api List, session cookie',
      route: 'GET /_api/bench/my-orders',
      url: `${origin}/_api/bench/my-orders`,
      headers: { Cookie: cookie },
      status: 200,
      verify: sameRows('items'),
    },
    {
      id: 'keyList',
      name: '/_api List, same rows, API key',
      route: `GET /_api/bench/user-orders/${customer.user.id}`,
      url: `${origin}/_api/bench/user-orders/${customer.user.id}`,
      headers: { Authorization: `Bearer ${key.secret}` },
      status: 200,
      verify: sameRows('items'),
    },
    {
      id: 'restJwt',
      name: 'Strapi REST, same rows, JWT',
      route: `GET /api/orders?pagination[pageSize]=${orders}`,
      url: `${origin}/api/orders?pagination%5BpageSize%5D=${orders}`,
      headers: { Authorization: `Bearer ${jwt}` },
      status: 200,
      verify: sameRows('data'),
    },
  ];
};

module.exports = { sessionScenarios };
