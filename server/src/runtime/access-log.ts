import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import type { RateLimit } from '../../../contracts/rate-limit';
import type { SessionUser } from '../../../contracts/session';
import { pluginConfig } from '../config/plugin-config';
import type { CompiledEndpoint } from '../engine/compile-endpoint';

/**
 * What a request turned out to be: the endpoint it matched, and once authenticated, an API key's id or a
 * logged-in user. Read after the answer by the access log, usage counting and metrics.
 */
export interface Caller {
  endpoint?: CompiledEndpoint;
  keyId?: number;
  /** The API key's own rate limit across its endpoints (null: none). */
  keyLimit?: RateLimit | null;
  /** The API key is marked for preview (reads drafts where the endpoint takes its status from the request). */
  preview?: boolean;
  user?: SessionUser;
  /** Whom a signed file URL was issued to (`k<id>`, `user:<kind>:<id>`): its download spends their budgets. */
  subject?: string;
  /** The rate limit that refused the request (429): the key's own, or the endpoint's. */
  limited?: 'key' | 'endpoint';
}

/** A path past this many characters is cut in the log: it was refused (414) anyway. */
const LOGGED_PATH = 256;

const callerText = ({ keyId, user }: Caller) =>
  keyId !== undefined ? ` key ${keyId}` : user ? ` user ${user.object}:${user.id}` : '';

/**
 * One line per `/_api` request at level `http`, as `strapi::logger` writes for Strapi's own routes (which
 * `/_api` runs ahead of). The path only: the query string may hold filter values, and no header is logged.
 * Null when the `accessLog` option is off.
 */
export const createAccessLog = (strapi: Core.Strapi) => {
  if (!pluginConfig(strapi, 'accessLog')) return null;
  return (ctx: Context, ms: number, caller: Caller) => {
    // Below the logger's level the line would still be formatted before being dropped.
    if (!strapi.log.isLevelEnabled('http')) return;
    const path = ctx.path.length > LOGGED_PATH ? `${ctx.path.slice(0, LOGGED_PATH)}...` : ctx.path;
    strapi.log.http(`${ctx.method} ${path} (${Math.round(ms)} ms) ${ctx.status}${callerText(caller)}`);
  };
};
