import type { Context } from 'koa';

/**
 * What `strapi::security` (helmet) gives Strapi's own routes, as far as it makes sense for `/_api`, which runs
 * ahead of that middleware. Precomputed: set once per request. No Cross-Origin-Resource-Policy, as Strapi sets
 * none either: other sites show signed file URLs in `<img>` and fetch public OpenAPI documents.
 */
const EVERY_ANSWER = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Permitted-Cross-Domain-Policies': 'none',
};

/** JSON answers are never rendered, framed or allowed to load anything. */
const JSON_ANSWER = {
  ...EVERY_ANSWER,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/** helmet's default as Strapi configures it; sent over HTTPS only, where browsers heed it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Files keep the policy the file route gives each (a PDF may be shown in another site's frame). */
export const setSecurityHeaders = (ctx: Context, servesFile: boolean) => {
  ctx.set(servesFile ? EVERY_ANSWER : JSON_ANSWER);
  if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
};
