import { adminWith as adminWithActions, type Grant } from './strapi';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];

export const base = () => ({
  name: 'Orders',
  path: 'shop/orders',
  type: 'list',
  object: 'api::order.order',
  fields: [{ name: 'id' }, { name: 'total' }],
  auth: { method: 'api-key', keys: [key.id] },
});

export const adminWith = (email: string, grants: Grant[]) => adminWithActions(app, email, grants);

export const endpointCount = () => app.strapi.db.query('plugin::data-api.endpoint').count();

/**
 * The set-up of every admin API suite (keyedSuite's): call it at the top of the suite.
 */
export const adminApiSuite = () => {
  ({ app, admin, key } = keyedSuite());
};
