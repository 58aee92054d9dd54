import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { pluginConfig } from '../config/plugin-config';
import { createMetrics } from '../metrics';
import type { PoolState } from '../metrics/pool';
import { createScrapeAccess } from '../metrics/scrape-access';
import type { RequestRecord } from './caller';
import type { RuntimeServices } from './runtime-services';
import { setSecurityHeaders } from './security-headers';

const CHALLENGE = 'Bearer realm="data-api metrics"';

/**
 * The operators' Prometheus metrics (docs/metrics.md) at the configured path, for the allowed IPs and the
 * token; null when metrics are off, and then nothing is counted and the path is not served. `observe` records
 * a `/_api` answer once it is built, where the access log writes its line.
 */
export const createMetricsRoute = (
  strapi: Core.Strapi,
  { engine, loginThrottle }: Pick<RuntimeServices, 'engine' | 'loginThrottle'>
) => {
  const settings = pluginConfig(strapi, 'metrics');
  if (!settings.enabled) return null;
  const metrics = createMetrics({
    definitionLoads: engine.loads,
    loginThrottles: () => loginThrottle.refusals(),
    pool: () => (strapi.db.connection as unknown as { client: { pool: PoolState } }).client.pool,
    cache: () => engine.cache.stats(),
  });
  const access = createScrapeAccess(settings);
  const refuse = (ctx: Context, status: number, error: string) => {
    ctx.status = status;
    ctx.body = { success: false, error };
  };

  return {
    path: settings.path,
    async serve(ctx: Context) {
      setSecurityHeaders(ctx, false);
      const refusal = access(ctx.request.ip, ctx.get('Authorization'));
      if (refusal === 403) return refuse(ctx, 403, MESSAGES.forbidden);
      if (refusal === 401) {
        ctx.set('WWW-Authenticate', CHALLENGE);
        return refuse(ctx, 401, MESSAGES.unauthorized);
      }
      if (ctx.method !== 'GET') {
        ctx.set('Allow', 'GET');
        return refuse(ctx, 405, MESSAGES.methodNotAllowed);
      }
      ctx.body = await metrics.render();
      ctx.set('Content-Type', metrics.contentType);
    },
    /** `ms`: how long the answer took to build. */
    observe(ctx: Context, ms: number, record: RequestRecord) {
      metrics.observe(ctx.method, ctx.status, ms / 1000, record);
    },
  };
};
