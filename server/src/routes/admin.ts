import { ADMIN_API, type OperationName } from '../../../contracts/admin-api';

/**
 * Admin API (docs/reference.md#admin-api), served by Strapi at /data-api/...: a route per operation of the contract,
 * handled by the controller action it is named after, and each checking the operation's RBAC action.
 */
const guarded = (name: OperationName) => {
  const { method, path, action } = ADMIN_API[name];
  return {
    method,
    path,
    handler: name,
    config: {
      policies: ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: [action] } }],
    },
  };
};

/** The contract's operations, in its order (the order routes are matched in does not matter: no path overlaps). */
const operations = Object.keys(ADMIN_API).filter((name): name is OperationName => name in ADMIN_API);

export default {
  type: 'admin',
  routes: operations.map(guarded),
};
