import type { Core } from '@strapi/strapi';
import { createRuntimeMiddleware } from './runtime/middleware';
import type { RuntimeServices } from './runtime/runtime-services';
import { getService } from './services/get-service';

const runtimeServicesOf = (strapi: Core.Strapi): RuntimeServices => ({
  engine: getService(strapi, 'engine'),
  usage: getService(strapi, 'usage').recorder,
  apiKeys: getService(strapi, 'apiKeys'),
  adminRights: getService(strapi, 'adminRights'),
  sessions: getService(strapi, 'sessions'),
  passwordChanges: getService(strapi, 'passwordChanges'),
  loginThrottle: getService(strapi, 'loginThrottle'),
  openapiDocuments: getService(strapi, 'openapiDocuments'),
});

/**
 * `/_api` is served by a Koa middleware mounted ahead of Strapi's own stack: the runtime does its own
 * routing, IP checks, authentication, body parsing and error shape, and so does not pay for the rest. It is
 * handed the services it calls (the endpoint engine, the usage recorder...) once, here, rather than looking them
 * up per request.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  strapi.server.use(createRuntimeMiddleware(strapi, runtimeServicesOf(strapi)));
};
