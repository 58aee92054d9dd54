import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { canonicalOrigin } from '../../../contracts/origin';
import { ApiError } from '../errors/api-error';
import { pluginConfig } from '../config/plugin-config';
import type { EndpointAuth } from '../engine/compile-endpoint';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// If-None-Match and ETag: a page's script may revalidate List and Aggregate answers itself (conditional-get.ts);
// RateLimit and RateLimit-Policy: it may pace itself (rate-limit-headers.ts).
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, If-None-Match';
const EXPOSED_HEADERS = 'Link, Allow, Retry-After, WWW-Authenticate, ETag, RateLimit, RateLimit-Policy';

/** How a path answers other origins: see `createCors`. */
export type CorsMode = 'credentialed' | 'keyed' | 'public';

export const corsModeOf = (auth: EndpointAuth): CorsMode =>
  auth.method === 'session' ? 'credentialed' : auth.method === 'api-key' ? 'keyed' : 'public';

/**
 * CORS and the origin check of `/_api` (docs/sessions.md, docs/endpoints.md#authentication).
 * - Credentialed endpoints (Browser Session, and `/_api/_session`) answer cross-origin calls only for the
 *   origins listed in the plugin config, with `Access-Control-Allow-Credentials`; never `*`.
 * - API-key endpoints answer any origin with `*` (no cookies are involved), and listed origins by name.
 * - Public endpoints answer every origin with `*` and never with credentials: they read no credential, and a
 *   browser then sends them no cookie (a call with `credentials: 'include'` is refused by the browser).
 * - Credentialed endpoints refuse a request whose `Origin` (or, lacking it, `Referer`) is neither the site's
 *   own origin nor listed, and an unsafe method that names no origin at all: the cookie of a logged-in user
 *   must not act for another site's page (CSRF).
 * - Credentialed endpoints refuse what the browser marks as cross-site (`Sec-Fetch-Site: cross-site`) unless
 *   its `Origin` is listed: an `<img>` of another site sends neither `Origin` nor `Referer`, and must not spend
 *   anyone's rate limit. `same-site`, `same-origin` and `none` (typed, bookmarked) follow the rules above.
 */
export const createCors = (strapi: Core.Strapi) => {
  const config = pluginConfig(strapi, 'cors');
  const listed = new Set(config.origins ?? []);
  const serverUrl = strapi.config.get<string>('server.url');
  const publicOrigin = serverUrl ? canonicalOrigin(serverUrl) : null;

  // `ctx.origin` comes from the Host header as sent (`host:443`, upper case): compared in its canonical form.
  const isOwn = (ctx: Context, origin: string) => origin === publicOrigin || origin === canonicalOrigin(ctx.origin);

  /** The origin a browser says the request comes from: `Origin`, else that of `Referer`. */
  const sourceOf = (ctx: Context): string | null => {
    const origin = ctx.get('origin');
    if (origin) return origin;
    const referer = ctx.get('referer');
    return referer ? canonicalOrigin(referer) : null;
  };

  const allowOrigin = (ctx: Context, mode: CorsMode): boolean => {
    const origin = ctx.get('origin');
    if (mode !== 'public' && listed.has(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
      return true;
    }
    if (mode === 'credentialed') return false;
    ctx.set('Access-Control-Allow-Origin', '*');
    return true;
  };

  return {
    isPreflight: (ctx: Context) =>
      ctx.method === 'OPTIONS' && Boolean(ctx.get('origin')) && Boolean(ctx.get('access-control-request-method')),

    /** Answers a preflight for `methods` of one path: 204, or 403 for an origin a credentialed path refuses. */
    preflight(ctx: Context, methods: string[], mode: CorsMode) {
      ctx.vary('Access-Control-Request-Method');
      ctx.vary('Access-Control-Request-Headers');
      if (!allowOrigin(ctx, mode)) throw new ApiError(403, MESSAGES.originNotAllowed);
      ctx.set('Access-Control-Allow-Methods', methods.join(', '));
      ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      ctx.set('Access-Control-Max-Age', String(config.maxAgeSeconds));
      ctx.status = 204;
    },

    /** The CORS headers of an actual (not preflight) cross-origin request. */
    decorate(ctx: Context, mode: CorsMode) {
      if (ctx.get('origin') && allowOrigin(ctx, mode)) {
        ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      }
    },

    /**
     * Refuses (403) a credentialed request from another site's page, or an unsafe one from no known page. Runs
     * before the request is counted against any rate limit.
     */
    checkSource(ctx: Context) {
      if (ctx.get('sec-fetch-site') === 'cross-site' && !listed.has(ctx.get('origin'))) {
        throw new ApiError(403, MESSAGES.crossSiteNotAllowed);
      }
      const source = sourceOf(ctx);
      if (source ? isOwn(ctx, source) || listed.has(source) : SAFE_METHODS.has(ctx.method)) return;
      throw new ApiError(403, MESSAGES.originNotAllowed);
    },
  };
};

export type Cors = ReturnType<typeof createCors>;
