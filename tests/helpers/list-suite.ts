import type { Knex } from 'knex';
import { createEndpoint, knexOf } from './fixtures';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];

export const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);
export const pathAndQuery = (href: string) => href.replace(/^https?:\/\/[^/]+/, '');

/** Independent expectation: rows of a table straight from the database. */
export const count = async (table: string, where: (q: Knex.QueryBuilder) => void = () => {}) => {
  const rows = await knexOf(app)(table).count({ n: '*' }).modify(where);
  return Number(rows[0].n);
};

/**
 * The set-up of every List suite: the keyed suite and the List endpoints its tests call.
 */
export const listSuite = () => {
  ({ app, admin, key } = keyedSuite());
  beforeAll(async () => {
    await createEndpoint(admin, key, {
      path: 'orders',
      type: 'list',
      object: 'api::order.order',
      fields: [
        { name: 'id' },
        { name: 'total' },
        { name: 'status' },
        { name: 'customer' },
        { name: 'orderedAt' },
        { name: 'quantity' },
      ],
      sort: [{ field: 'id', dir: 'asc' }],
    });
    await createEndpoint(admin, key, {
      path: 'orders/newest',
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }, { name: 'status' }],
      sort: [{ field: 'id', dir: 'desc' }],
    });
    await createEndpoint(admin, key, {
      path: 'products/by-price',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'title' }, { name: 'price' }, { name: 'active' }, { name: 'category' }],
      sort: [{ field: 'price', dir: 'desc' }],
    });
    await createEndpoint(admin, key, {
      path: 'customers/orders',
      type: 'list',
      object: 'api::order.order',
      parameter: 'required',
      filter: { customer: { id: { $eq: { $var: 'param' } } } },
      fields: [{ name: 'id' }, { name: 'customer' }],
    });
    await createEndpoint(admin, key, {
      path: 'orders/paid',
      type: 'list',
      object: 'api::order.order',
      filter: { status: 'paid' },
      fields: [{ name: 'id' }, { name: 'status' }, { name: 'total' }],
    });
    await createEndpoint(admin, key, {
      path: 'articles',
      type: 'list',
      object: 'api::article.article',
      fields: [{ name: 'id' }, { name: 'title' }, { name: 'documentId' }, { name: 'publishedAt' }],
    });
    await createEndpoint(admin, key, {
      path: 'customers',
      type: 'list',
      object: 'api::customer.customer',
      fields: [
        { name: 'id' },
        { name: 'email' },
        { name: 'tier' },
        { name: 'credit' },
        { name: 'signupDate' },
        { name: 'orders' },
      ],
      filter: { tier: { $in: ['pro', 'enterprise'] } },
    });
  });
};
