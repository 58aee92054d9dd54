import type { Core } from '@strapi/strapi';
import engine from './engine';
import endpoints from './endpoints';
import apiKeys from './api-keys';
import objects from './objects';
import sessions from './sessions';
import loginThrottle from './login-throttle';
import openapiDocuments from './openapi-documents';
import transfer from './transfer';
import adminRights from './admin-rights';
import passwordChanges from './password-changes';
import usage from './usage';
import cache from './cache';

export default {
  engine,
  endpoints,
  apiKeys,
  objects,
  sessions,
  loginThrottle,
  openapiDocuments,
  transfer,
  adminRights,
  passwordChanges,
  usage,
  cache,
} satisfies Record<string, (deps: { strapi: Core.Strapi }) => object>;
