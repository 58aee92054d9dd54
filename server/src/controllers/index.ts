import type { Core } from '@strapi/strapi';
import endpoints from './endpoints';
import apiKeys from './api-keys';
import objects from './objects';
import sessions from './sessions';
import openapiDocuments from './openapi-documents';
import transfer from './transfer';
import usage from './usage';
import cache from './cache';

export default { endpoints, apiKeys, objects, sessions, openapiDocuments, transfer, usage, cache } satisfies Record<
  string,
  (deps: { strapi: Core.Strapi }) => object
>;
