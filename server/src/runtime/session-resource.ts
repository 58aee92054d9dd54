import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { loginSchema } from '../../../contracts/session';
import { ADMIN_USER } from '../auth/admin-users';
import type { Identified, Identify } from './identify';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { SITE_USER } from '../auth/site-users';
import { ApiError } from '../errors/api-error';
import { pluginConfig } from '../config/plugin-config';
import { readJsonBody } from '../writes/body';
import type { Cors } from './cors';
import { answerOtherMethod } from './other-method';
import type { RuntimeServices } from './runtime-services';

const METHODS = ['GET', 'HEAD', 'POST', 'DELETE'];
const LOGIN_BODY_BYTES = 16 * 1024;
const TIDY_EVERY_MS = 60_000;

const answer = (ctx: Context, { user, expiresAt }: Identified) => {
  ctx.status = 200;
  ctx.body = {
    success: true,
    userObject: user.object,
    user: { id: user.id, username: user.username, email: user.email, role: user.role },
    expiresAt,
  };
};

/**
 * `/_api/_session` (docs/sessions.md): `POST` logs a site user in with their users-permissions
 * credentials and sets the session cookie, `GET` tells who is logged in (site user or admin), `DELETE` logs out.
 */
export const createSessionResource = (
  strapi: Core.Strapi,
  { sessions, loginThrottle }: Pick<RuntimeServices, 'sessions' | 'loginThrottle'>,
  cors: Cors,
  { identify, siteUsers }: Identify
) => {
  const config = pluginConfig(strapi, 'session');
  const bodyTimeout = pluginConfig(strapi, 'bodyTimeout');
  let lastTidy = 0;

  /** Expired sessions and ended login windows go, at most once a minute, off the login's own path. */
  const tidy = () => {
    if (Date.now() - lastTidy < TIDY_EVERY_MS) return;
    lastTidy = Date.now();
    Promise.all([sessions.removeExpired(), loginThrottle.prune()]).catch((error: Error) =>
      strapi.log.warn(`[data-api] could not remove expired sessions: ${error.message}`)
    );
  };

  const login = async (ctx: Context) => {
    if (!siteUsers.available()) throw new ApiError(404, MESSAGES.notFound);
    const parsed = loginSchema.safeParse(await readJsonBody(ctx, LOGIN_BODY_BYTES, bodyTimeout));
    if (!parsed.success) throw new ApiError(400, MESSAGES.loginBody);
    const { identifier, password } = parsed.data;
    const found = await siteUsers.find(identifier);
    const subject = { ip: ctx.request.ip, userId: found ? (found.id as number) : null, identifier };
    const wait = await loginThrottle.attempt(subject);
    if (wait) throw new ApiError(429, MESSAGES.tooManyLogins, { 'Retry-After': String(wait) });
    let user;
    try {
      user = await siteUsers.check(found, password);
    } catch (error) {
      // Only a wrong password counts: blocked and unconfirmed users gave the right one.
      if (!(error instanceof ApiError && error.status === 401)) await loginThrottle.succeeded(subject);
      throw error;
    }
    // The new session replaces the one this browser had.
    await Promise.all([loginThrottle.succeeded(subject), sessions.end(readSessionCookie(ctx, config))]);
    tidy();
    const { token, expiresAt } = await sessions.start(user, found!.password, {
      ip: ctx.request.ip,
      userAgent: ctx.get('user-agent'),
    });
    setSessionCookie(ctx, config, token, expiresAt);
    answer(ctx, { user, expiresAt: expiresAt.toISOString() });
  };

  const logout = async (ctx: Context) => {
    await sessions.end(readSessionCookie(ctx, config));
    clearSessionCookie(ctx, config);
    ctx.status = 200;
    ctx.body = { success: true };
  };

  const whoAmI = async (ctx: Context) => {
    const found = (await identify(ctx, SITE_USER)) ?? (await identify(ctx, ADMIN_USER));
    if (!found) throw new ApiError(401, MESSAGES.unauthorized);
    answer(ctx, found);
  };

  return async (ctx: Context) => {
    if (cors.isPreflight(ctx)) return cors.preflight(ctx, METHODS, 'credentialed');
    if (!METHODS.includes(ctx.method)) return answerOtherMethod(ctx, METHODS);
    cors.decorate(ctx, 'credentialed');
    cors.checkSource(ctx);
    if (ctx.method === 'POST') return login(ctx);
    if (ctx.method === 'DELETE') return logout(ctx);
    return whoAmI(ctx);
  };
};
