import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { LIMITS } from '../../../contracts/limits';
import { MESSAGES } from '../../../contracts/messages';
import { OPENAPI_PATH } from '../../../contracts/openapi';
import { SESSION_PATH } from '../../../contracts/session';
import { trimTrailingSlashes } from '../../../contracts/slashes';
import { FILES_PATH } from '../files/signature';
import { ApiError } from '../errors/api-error';
import { publicUrlOf } from '../utils/public-url';
import { pluginConfig } from '../config/plugin-config';
import { createAccessLog } from './access-log';
import { createAnswerBytesCheck } from './answer-bytes';
import { createAuthenticate } from './authenticate';
import { failedAt, UNMATCHED, type Served } from './caller';
import { createUsageCount } from './count-usage';
import { createCors } from './cors';
import { createEndpointRoute } from './endpoint-route';
import { createFileRoute } from './file-route';
import { createIdentify } from './identify';
import { createMetricsRoute } from './metrics-route';
import { createOpenapiRoute } from './openapi-route';
import { createRateLimit } from './rate-limit';
import type { RuntimeServices } from './runtime-services';
import { setSecurityHeaders } from './security-headers';
import { createSessionResource } from './session-resource';

const PREFIX = '/_api';
const FILES_PREFIX = `${PREFIX}/${FILES_PATH}/`;

const sendError = (strapi: Core.Strapi, ctx: Context, error: unknown) => {
  if (error instanceof ApiError) {
    ctx.status = error.status;
    ctx.set(error.headers);
    ctx.body = { success: false, error: error.message };
    return;
  }
  strapi.log.error(`[data-api] ${ctx.method} ${ctx.path} failed: ${(error as Error)?.stack ?? String(error)}`);
  ctx.status = 500;
  ctx.body = { success: false, error: MESSAGES.internal };
};

/**
 * Serves `/_api/...`: the session resource, signed file URLs, public OpenAPI documents, or an endpoint's path
 * (endpoint-route.ts). Every answer gets the security headers and an access log line that Strapi's own
 * middlewares (which run after this one) would give, and an answer of an endpoint is counted in the usage
 * statistics: all three read the record of what the request turned out to be.
 */
export const createRuntimeMiddleware = (strapi: Core.Strapi, services: RuntimeServices) => {
  const { engine } = services;
  const cors = createCors(strapi);
  const identify = createIdentify(strapi, services);
  const session = createSessionResource(strapi, services, cors, identify);
  const openapi = createOpenapiRoute(services.openapiDocuments);
  const logAccess = createAccessLog(strapi);
  const metrics = createMetricsRoute(strapi, services);
  const countUsage = createUsageCount(strapi, services.usage);
  const rateLimit = createRateLimit(engine.limits);
  const files = createFileRoute(engine, rateLimit);
  const authenticate = createAuthenticate(services, identify.identify);
  const answerBytes = createAnswerBytesCheck(pluginConfig(strapi, 'maxAnswerBytes'), strapi.log);
  const endpoints = createEndpointRoute({ engine, cors, authenticate, rateLimit, answerBytes });
  if (!publicUrlOf(strapi)) {
    strapi.log.warn(
      '[data-api] server.url is not set: paging links, file URLs and OpenAPI documents use relative references ' +
        "(/_api/...). Set server.url to the site's public URL for absolute ones."
    );
  }

  const serve = async (ctx: Context, rest: string): Promise<Served> => {
    if (rest === SESSION_PATH) {
      await session(ctx);
      return UNMATCHED;
    }
    if (rest.startsWith(`${FILES_PATH}/`)) return files(ctx, rest.slice(FILES_PATH.length + 1));
    if (rest.startsWith(`${OPENAPI_PATH}/`)) {
      await openapi(ctx, rest.slice(OPENAPI_PATH.length + 1));
      return UNMATCHED;
    }
    return endpoints(ctx, rest);
  };

  return async (ctx: Context, next: Next) => {
    const { path } = ctx;
    // The metrics' path may be anywhere on the site, inside /_api or not.
    if (metrics && path === metrics.path) return metrics.serve(ctx);
    if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return next();
    // Monotonic: a clock change does not move a request's duration.
    const startedAt = performance.now();
    setSecurityHeaders(ctx, path.startsWith(FILES_PREFIX));
    ctx.vary('Origin');
    let served: Served;
    try {
      // Refused before any work: nothing legitimate is this long, and everything after reads the whole URL.
      if (path.length > LIMITS.urlPath || ctx.querystring.length > LIMITS.queryString) {
        throw new ApiError(414, MESSAGES.uriTooLong);
      }
      served = await serve(ctx, trimTrailingSlashes(path.slice(PREFIX.length + 1)));
    } catch (error) {
      served = failedAt({}, error);
    }
    if (served.failed) {
      sendError(strapi, ctx, served.error);
      // A body refused unread (401, 404, 429...) would be read on by Node until its own requestTimeout: the
      // connection closes with the answer instead, so a slow body gains nothing from being refused.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
    }
    // The answer is built (a file may still be streaming): logging and counting add no wait.
    const ms = performance.now() - startedAt;
    logAccess?.(ctx, ms, served.record);
    metrics?.observe(ctx, ms, served.record);
    countUsage?.(ctx, ms, served.record);
  };
};
