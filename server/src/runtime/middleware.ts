import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { LIMITS } from '../../../contracts/limits';
import { MESSAGES } from '../../../contracts/messages';
import { OPENAPI_PATH } from '../../../contracts/openapi';
import { SESSION_PATH } from '../../../contracts/session';
import { trimTrailingSlashes } from '../../../contracts/slashes';
import { createIdentify } from './identify';
import { createFileRoute } from './file-route';
import { FILES_PATH } from '../files/signature';
import { publicUrlOf } from '../utils/public-url';
import { createAccessLog, type Caller } from './access-log';
import { createUsageCount } from './count-usage';
import type { RuntimeServices } from './runtime-services';
import { createAuthenticate } from './authenticate';
import { corsModeOf, createCors } from './cors';
import { ApiError } from '../errors/api-error';
import { answerOtherMethod } from './other-method';
import { createOpenapiRoute } from './openapi-route';
import { createRateLimit } from './rate-limit';
import { subjectOf } from './limit-subject';
import { matchRoute } from '../engine/route-table';
import { createSessionResource } from './session-resource';
import { setSecurityHeaders } from './security-headers';
import { answerConditionally } from './conditional-get';
import { draftsRead } from '../handlers/status-from-query';
import { createMetricsRoute } from './metrics-route';

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
 * Serves `/_api/...`: the session resource, signed file URLs, public OpenAPI documents, or a route: then CORS,
 * allowed IPs, the origin check of session endpoints, authentication, and the endpoint's handler. Every answer
 * gets the security headers and an access log line that Strapi's own middlewares (which run after this one)
 * would give, and an answer of an endpoint is counted in the usage statistics.
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
  if (!publicUrlOf(strapi)) {
    strapi.log.warn(
      '[data-api] server.url is not set: paging links, file URLs and OpenAPI documents use relative references ' +
        "(/_api/...). Set server.url to the site's public URL for absolute ones."
    );
  }

  const serve = async (ctx: Context, rest: string, caller: Caller) => {
    if (rest === SESSION_PATH) return session(ctx);
    if (rest.startsWith(`${FILES_PATH}/`)) return files(ctx, rest.slice(FILES_PATH.length + 1), caller);
    if (rest.startsWith(`${OPENAPI_PATH}/`)) return openapi(ctx, rest.slice(OPENAPI_PATH.length + 1));
    const snapshot = engine.snapshot();
    const preflight = cors.isPreflight(ctx);
    const method = preflight ? ctx.get('access-control-request-method').toUpperCase() : ctx.method;
    const match = matchRoute(snapshot.routes, method, rest);
    if (match.kind === 'not-found') throw new ApiError(404, MESSAGES.notFound);
    if (match.kind === 'method-not-allowed') return answerOtherMethod(ctx, match.allow);
    const { endpoint, param } = match;
    caller.endpoint = endpoint;
    const mode = corsModeOf(endpoint.auth);
    if (preflight) return cors.preflight(ctx, [endpoint.method], mode);
    cors.decorate(ctx, mode);
    // Allowed source IPs come first, whatever the authentication.
    if (endpoint.ipAllowed && !endpoint.ipAllowed(ctx.request.ip)) throw new ApiError(403, MESSAGES.forbidden);
    // Before any counting: a cross-site request must not spend anyone's budget.
    if (mode === 'credentialed') cors.checkSource(ctx);
    // Counted once the caller is known (per key, per user, per address when public), so nobody else can spend a
    // user's budget; failed sessions per address (failed keys are not counted).
    const who = await authenticate(ctx, endpoint, snapshot).catch(async (error) => {
      if (mode === 'credentialed') await rateLimit(ctx, caller);
      throw error;
    });
    Object.assign(caller, who);
    await rateLimit(ctx, caller);
    await endpoint.handle(ctx, {
      param,
      user: caller.user,
      preview: caller.preview === true,
      // An API key's signed file URLs count against the key. A user's and a public endpoint's count against
      // whoever downloads: a URL travels (a page, a log), and its holder must not spend a user's budget.
      fileSubject: caller.keyId === undefined ? undefined : subjectOf(ctx, caller),
    });
    // Allowed IPs keep an answer private: a shared cache would hand it to addresses outside the list.
    answerConditionally(ctx, endpoint.type, {
      shared: mode === 'public' && !endpoint.ipAllowed,
      drafts: draftsRead(ctx),
    });
  };

  return async (ctx: Context, next: Next) => {
    const { path } = ctx;
    // The metrics' path may be anywhere on the site, inside /_api or not.
    if (metrics && path === metrics.path) return metrics.serve(ctx);
    if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return next();
    // Monotonic: a clock change does not move a request's duration.
    const startedAt = performance.now();
    const caller: Caller = {};
    setSecurityHeaders(ctx, path.startsWith(FILES_PREFIX));
    ctx.vary('Origin');
    try {
      // Refused before any work: nothing legitimate is this long, and everything after reads the whole URL.
      if (path.length > LIMITS.urlPath || ctx.querystring.length > LIMITS.queryString) {
        throw new ApiError(414, MESSAGES.uriTooLong);
      }
      await serve(ctx, trimTrailingSlashes(path.slice(PREFIX.length + 1)), caller);
    } catch (error) {
      sendError(strapi, ctx, error);
      // A body refused unread (401, 404, 429...) would be read on by Node until its own requestTimeout: the
      // connection closes with the answer instead, so a slow body gains nothing from being refused.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
    }
    // The answer is built (a file may still be streaming): logging and counting add no wait.
    const ms = performance.now() - startedAt;
    logAccess?.(ctx, ms, caller);
    metrics?.observe(ctx, ms, caller);
    countUsage?.(ctx, ms, caller);
  };
};
