import type { Context } from 'koa';
import type { PluginConfig } from '../config';

type SessionConfig = PluginConfig['session'];

/**
 * The session cookie's options: httpOnly, path `/`, `Secure` on HTTPS (as Koa sees it, after `server.proxy`).
 * SameSite `none` needs `Secure`, so over plain HTTP it falls back to `lax`.
 */
const options = (ctx: Context, config: SessionConfig, maxAge: number) => ({
  httpOnly: true,
  secure: ctx.secure,
  sameSite: config.sameSite === 'none' && !ctx.secure ? ('lax' as const) : config.sameSite,
  path: '/',
  maxAge,
  overwrite: true,
  signed: false,
});

/**
 * On HTTPS the name takes the `__Host-` prefix: browsers then refuse the cookie from a sibling subdomain or with
 * a `Domain`, so another site of the same domain cannot plant its own session in the browser.
 */
const nameOf = (ctx: Context, config: SessionConfig) =>
  ctx.secure ? `__Host-${config.cookieName}` : config.cookieName;

export const readSessionCookie = (ctx: Context, config: SessionConfig) =>
  ctx.cookies.get(nameOf(ctx, config), { signed: false });

// Typed, or the declarations would say `=> this` (what Cookies#set returns), which does not compile.
export const setSessionCookie = (
  ctx: Context,
  config: SessionConfig,
  token: string,
  expiresAt: Date
): Context['cookies'] =>
  ctx.cookies.set(nameOf(ctx, config), token, options(ctx, config, Math.max(0, expiresAt.getTime() - Date.now())));

export const clearSessionCookie = (ctx: Context, config: SessionConfig): Context['cookies'] =>
  ctx.cookies.set(nameOf(ctx, config), '', { ...options(ctx, config, 0), expires: new Date(0) });
