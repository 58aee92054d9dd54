import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { getService } from '../utils/get-service';
import { authenticate } from './authenticate';
import { ApiError } from '../errors/api-error';
import { matchRoute } from './routes';

const PREFIX = '/_api';

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

/** Serves `/_api/...`: route, then allowed IPs, then authentication, then the endpoint's handler. */
export const createRuntimeMiddleware = (strapi: Core.Strapi) => async (ctx: Context, next: Next) => {
  const { path } = ctx;
  if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return next();
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  try {
    const snapshot = getService(strapi, 'registry').snapshot();
    const match = matchRoute(snapshot.routes, ctx.method, path.slice(PREFIX.length + 1));
    if (match.kind === 'not-found') throw new ApiError(404, MESSAGES.notFound);
    if (match.kind === 'method-not-allowed') {
      const allow = [...match.allow, 'OPTIONS'].join(', ');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Allow', allow);
        ctx.status = 204;
        return;
      }
      throw new ApiError(405, MESSAGES.methodNotAllowed, { Allow: allow });
    }
    const { endpoint, param } = match;
    // Allowed source IPs come first, whatever the authentication (spec 5; DESIGN.md section 4).
    if (endpoint.ipAllowed && !endpoint.ipAllowed(ctx.request.ip)) throw new ApiError(403, MESSAGES.forbidden);
    authenticate(strapi, ctx, endpoint, snapshot);
    await endpoint.handle(ctx, { param });
  } catch (error) {
    sendError(strapi, ctx, error);
  }
};
