import type { CompiledEndpoint } from '../../server/src/engine/compile-endpoint';
import { warnOnSpoofableAddress } from '../../server/src/engine/spoofable-address';

/** A site's Strapi as the warning reads it: its proxy settings, the metrics config, users-permissions. */
const siteWith = ({
  proxy = { koa: true } as { koa: boolean; maxIpsCount?: number },
  metrics = { enabled: false } as { enabled: boolean; allowedIps?: string[] },
  usersPermissions = true,
}) => {
  const config: Record<string, unknown> = {
    'server.proxy.koa': proxy.koa,
    'server.proxy.maxIpsCount': proxy.maxIpsCount,
    'plugin::data-api.metrics': metrics,
  };
  const warn = jest.fn();
  const strapi = {
    config: { get: (key: string) => config[key] },
    plugin: (name: string) => (name === 'users-permissions' && usersPermissions ? {} : undefined),
    log: { warn },
  };
  return { strapi: strapi as never, warnings: () => warn.mock.calls.map(([line]) => String(line)) };
};

const LIMIT = { requests: 10, windowSeconds: 60 };
const endpoint = (
  method: CompiledEndpoint['auth']['method'],
  { rateLimit = LIMIT as unknown, ipAllowed = null as unknown } = {}
) => ({ ipAllowed, auth: { method }, definition: { rateLimit } }) as unknown as CompiledEndpoint;

const publicLimited = endpoint('public');
const sessionLimited = endpoint('session');
const keyLimited = endpoint('api-key');
const allowlisted = endpoint('api-key', { ipAllowed: () => true, rateLimit: null });
const IP_METRICS = { enabled: true, allowedIps: ['10.0.0.0/8'] };

test('a trusted proxy without maxIpsCount: one warning naming every reader of the address', () => {
  const { strapi, warnings } = siteWith({ metrics: IP_METRICS });
  warnOnSpoofableAddress(strapi, [publicLimited, sessionLimited, keyLimited, allowlisted]);
  expect(warnings()).toEqual([
    '[data-api] server.proxy.koa is on with no maxIpsCount: the client chooses the left-most X-Forwarded-For entry, so it can pose as any address to the allowed IPs of 1 endpoint, metrics.allowedIps, the per-address rate limits of 2 public or Browser Session endpoints, the login throttle (session.maxFailuresPerIp). Set server.proxy.maxIpsCount to the number of proxies.',
  ]);
});

test('metrics.allowedIps alone, or a per-address limit alone, is named', () => {
  const metricsOnly = siteWith({ metrics: IP_METRICS, usersPermissions: false });
  warnOnSpoofableAddress(metricsOnly.strapi, [keyLimited]);
  expect(metricsOnly.warnings()).toEqual([expect.stringContaining('any address to metrics.allowedIps. Set')]);

  const limitOnly = siteWith({ usersPermissions: false });
  warnOnSpoofableAddress(limitOnly.strapi, [publicLimited]);
  expect(limitOnly.warnings()).toEqual([
    expect.stringContaining('any address to the per-address rate limits of 1 public or Browser Session endpoint. Set'),
  ]);
});

test('no warning with maxIpsCount set, without proxy trust, or with nothing that reads the address', () => {
  for (const proxy of [{ koa: true, maxIpsCount: 1 }, { koa: false }]) {
    const { strapi, warnings } = siteWith({ proxy, metrics: IP_METRICS });
    warnOnSpoofableAddress(strapi, [publicLimited, allowlisted]);
    expect(warnings()).toEqual([]);
  }
  // Limits counted per API key, a session endpoint without a limit, metrics behind a token only, no login route.
  const { strapi, warnings } = siteWith({ metrics: { enabled: true }, usersPermissions: false });
  warnOnSpoofableAddress(strapi, [keyLimited, endpoint('session', { rateLimit: null })]);
  expect(warnings()).toEqual([]);
});
