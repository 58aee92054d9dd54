import type { Core } from '@strapi/strapi';
import { createRuntimeMiddleware } from './runtime/middleware';
import { getService } from './services/get-service';

/**
 * `/_api` is served by a Koa middleware mounted ahead of Strapi's own stack: the runtime does its own
 * routing, IP checks, authentication, body parsing and error shape, and so does not pay for the rest. It is
 * handed the endpoint engine and the usage recorder once, here, rather than looking them up per request.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  strapi.server.use(
    createRuntimeMiddleware(strapi, getService(strapi, 'engine'), getService(strapi, 'usage').recorder)
  );
};
