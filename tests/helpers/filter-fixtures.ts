import { definitionErrorOf } from './errors';
import type { Dialect } from '../../server/src/query/dialect';
import { compileFilter, renderPredicate } from '../../server/src/query/filter';
import { modelOf as modelOfFields, relation, scalar } from './models';

/** Orders, their customers and the customers' users: the models the filter compiler's unit tests filter. */
export const user = modelOfFields('plugin::users-permissions.user', 'up_users', [
  scalar('id', 'integer'),
  scalar('username', 'string'),
]);
export const customer = modelOfFields('api::customer.customer', 'customers', [
  scalar('id', 'integer'),
  scalar('tier', 'enumeration', 'tier', { enum: ['free', 'pro', 'enterprise'] }),
  scalar('email', 'email'),
  relation('user', user.uid, false, {
    table: 'customers_user_lnk',
    ownerColumn: 'customer_id',
    targetColumn: 'user_id',
  }),
]);
export const order = modelOfFields('api::order.order', 'orders', [
  scalar('id', 'integer'),
  scalar('status', 'enumeration', 'status', { enum: ['pending', 'paid', 'shipped', 'cancelled'] }),
  scalar('total', 'decimal'),
  scalar('quantity', 'integer'),
  scalar('note', 'text'),
  scalar('orderedAt', 'datetime', 'ordered_at'),
  scalar('shipDate', 'date', 'ship_date'),
  scalar('gift', 'boolean'),
  scalar('meta', 'json'),
  { kind: 'unsupported', name: 'secret', reason: 'private fields cannot be exposed' },
  { kind: 'unsupported', name: 'attachment', reason: 'media fields are not supported yet' },
  relation('customer', customer.uid, false, {
    table: 'orders_customer_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'customer_id',
  }),
  relation('products', 'api::product.product', true, {
    table: 'orders_products_lnk',
    ownerColumn: 'order_id',
    targetColumn: 'product_id',
  }),
]);
export const models = new Map([customer, user].map((m) => [m.uid, m]));
export const VARIABLES = ['param', 'user.id', 'user.email', 'user.role', 'now', 'today'];

export const compile = (filter: unknown, dialect: Dialect = 'sqlite') =>
  compileFilter(filter, order, 't0', { dialect, modelOf: (uid) => models.get(uid) ?? null, variables: VARIABLES });
export const render = (filter: unknown, vars: Record<string, unknown> = {}, dialect: Dialect = 'sqlite') => {
  const bindings: unknown[] = [];
  const sql = renderPredicate(compile(filter, dialect), vars, bindings);
  return { sql, bindings };
};
export const definitionError = (filter: unknown) => definitionErrorOf(() => compile(filter));

/** Orders whose customer matches: the owners of matching link rows, a subquery that does not depend on the row. */
export const CUSTOMER_SUB =
  'SELECT l1."order_id" FROM "orders_customer_lnk" l1 JOIN "customers" t1 ON t1."id" = l1."customer_id" WHERE l1."order_id" IS NOT NULL';
/** Conditions on the related id alone need only the link table. */
export const CUSTOMER_OWNERS = 'SELECT l1."order_id" FROM "orders_customer_lnk" l1 WHERE l1."order_id" IS NOT NULL';
/** Whether an order has any customer at all. */
export const CUSTOMER_LINK = 'SELECT 1 FROM "orders_customer_lnk" l1 WHERE l1."order_id" = t0."id"';
