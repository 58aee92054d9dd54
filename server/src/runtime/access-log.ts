import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { pluginConfig } from '../config/plugin-config';
import type { Identity, RequestRecord } from './caller';

/** A path past this many characters is cut in the log: it was refused (414) anyway. */
const LOGGED_PATH = 256;

/** An API key or a logged-in user is named; nobody else is. */
const callerText = (identity?: Identity) =>
  identity?.kind === 'key'
    ? ` key ${identity.keyId}`
    : identity?.kind === 'user'
      ? ` user ${identity.user.object}:${identity.user.id}`
      : '';

/**
 * One line per `/_api` request at level `http`, as `strapi::logger` writes for Strapi's own routes (which
 * `/_api` runs ahead of). The path only: the query string may hold filter values, and no header is logged.
 * Null when the `accessLog` option is off.
 */
export const createAccessLog = (strapi: Core.Strapi) => {
  if (!pluginConfig(strapi, 'accessLog')) return null;
  return (ctx: Context, ms: number, { identity }: RequestRecord) => {
    // Below the logger's level the line would still be formatted before being dropped.
    if (!strapi.log.isLevelEnabled('http')) return;
    const path = ctx.path.length > LOGGED_PATH ? `${ctx.path.slice(0, LOGGED_PATH)}...` : ctx.path;
    strapi.log.http(`${ctx.method} ${path} (${Math.round(ms)} ms) ${ctx.status}${callerText(identity)}`);
  };
};
