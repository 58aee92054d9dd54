import type { Core } from '@strapi/strapi';
import endpoints from './endpoints';
import apiKeys from './api-keys';
import objects from './objects';
import sessions from './sessions';
import openapiDocuments from './openapi-documents';
import transfer from './transfer';

export default { endpoints, apiKeys, objects, sessions, openapiDocuments, transfer } satisfies Record<
  string,
  (deps: { strapi: Core.Strapi }) => object
>;
