import { PERMISSIONS } from '../../../contracts/permissions';

/** Admin API (DESIGN.md section 3), served by Strapi at /data-api/...; every route checks an RBAC action. */
const guarded = (method: string, path: string, handler: string, action: string) => ({
  method,
  path,
  handler,
  config: {
    policies: ['admin::isAuthenticatedAdmin', { name: 'admin::hasPermissions', config: { actions: [action] } }],
  },
});

export default {
  type: 'admin',
  routes: [
    guarded('GET', '/endpoints', 'endpoints.find', PERMISSIONS.endpoints.read),
    guarded('GET', '/endpoints/:id', 'endpoints.findOne', PERMISSIONS.endpoints.read),
    guarded('POST', '/endpoints', 'endpoints.create', PERMISSIONS.endpoints.manage),
    guarded('PUT', '/endpoints/:id', 'endpoints.update', PERMISSIONS.endpoints.manage),
    guarded('DELETE', '/endpoints/:id', 'endpoints.delete', PERMISSIONS.endpoints.manage),
    guarded('GET', '/objects', 'objects.find', PERMISSIONS.endpoints.read),
    guarded('GET', '/api-keys', 'apiKeys.find', PERMISSIONS.keys.read),
    guarded('POST', '/api-keys', 'apiKeys.create', PERMISSIONS.keys.manage),
    guarded('DELETE', '/api-keys/:id', 'apiKeys.delete', PERMISSIONS.keys.manage),
    guarded('GET', '/openapi-documents', 'openapiDocuments.find', PERMISSIONS.documents.read),
    guarded('GET', '/openapi-documents/:id', 'openapiDocuments.findOne', PERMISSIONS.documents.read),
    guarded('GET', '/openapi-documents/:id/download', 'openapiDocuments.download', PERMISSIONS.documents.read),
    guarded('POST', '/openapi-documents', 'openapiDocuments.create', PERMISSIONS.documents.manage),
    guarded('PUT', '/openapi-documents/:id', 'openapiDocuments.update', PERMISSIONS.documents.manage),
    guarded('DELETE', '/openapi-documents/:id', 'openapiDocuments.delete', PERMISSIONS.documents.manage),
    guarded('GET', '/export', 'transfer.export', PERMISSIONS.transfer.read),
    guarded('POST', '/import', 'transfer.import', PERMISSIONS.transfer.manage),
    guarded('GET', '/sessions', 'sessions.find', PERMISSIONS.sessions.read),
    guarded('DELETE', '/sessions/:id', 'sessions.delete', PERMISSIONS.sessions.manage),
  ],
};
