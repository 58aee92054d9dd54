import type { Core } from '@strapi/strapi';
import { pluginConfig } from '../config/plugin-config';
import type { CompiledEndpoint } from './compile-endpoint';

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What on this site decides by the client's address (`ctx.request.ip`), each named for the operator. */
export const addressReaders = (strapi: Core.Strapi, endpoints: CompiledEndpoint[]): string[] => {
  const allowlisted = endpoints.filter((e) => e.ipAllowed).length;
  // API-key endpoints count per key; public and Browser Session ones per address.
  const perAddress = endpoints.filter((e) => e.definition.rateLimit && e.auth.method !== 'api-key').length;
  const metrics = pluginConfig(strapi, 'metrics');
  return [
    allowlisted && `the allowed IPs of ${count(allowlisted, 'endpoint')}`,
    metrics.enabled && metrics.allowedIps?.length && 'metrics.allowedIps',
    perAddress && `the per-address rate limits of ${count(perAddress, 'public or Browser Session endpoint')}`,
    Boolean(strapi.plugin('users-permissions')) && 'the login throttle (session.maxFailuresPerIp)',
  ].filter((reader): reader is string => typeof reader === 'string');
};

/**
 * With `server.proxy.koa` on and no `maxIpsCount`, Koa takes the left-most `X-Forwarded-For` entry, which the
 * client writes: whatever reads the address can be fooled. Logged once per load of the definitions (boot and
 * every change), naming each reader present.
 */
export const warnOnSpoofableAddress = (strapi: Core.Strapi, endpoints: CompiledEndpoint[]) => {
  if (!strapi.config.get<boolean>('server.proxy.koa') || strapi.config.get<number>('server.proxy.maxIpsCount')) return;
  const readers = addressReaders(strapi, endpoints);
  if (!readers.length) return;
  strapi.log.warn(
    `[data-api] server.proxy.koa is on with no maxIpsCount: the client chooses the left-most X-Forwarded-For entry, so it can pose as any address to ${readers.join(', ')}. Set server.proxy.maxIpsCount to the number of proxies.`
  );
};
