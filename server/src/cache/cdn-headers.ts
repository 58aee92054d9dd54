import type { EndpointCache } from '../../../contracts/cache';

/**
 * `Cache-Control` of a public endpoint's cached answers when a shared cache (a CDN) may keep them for a while
 * (`sharedMaxAgeSeconds`): browsers still ask each time (`max-age=0`), the CDN serves them for `s-maxage` and,
 * with `staleWhileRevalidateSeconds`, a stale one while it asks. Null: the runtime's own (`public, no-cache`).
 */
export const sharedCacheControl = ({ sharedMaxAgeSeconds, staleWhileRevalidateSeconds }: EndpointCache) =>
  sharedMaxAgeSeconds === undefined
    ? null
    : `public, max-age=0, s-maxage=${sharedMaxAgeSeconds}` +
      (staleWhileRevalidateSeconds === undefined ? '' : `, stale-while-revalidate=${staleWhileRevalidateSeconds}`);

/**
 * The tags a CDN can purge a public answer by (`Surrogate-Key`, space-separated, Fastly and others; `Cache-Tag`,
 * comma-separated, Cloudflare): every answer of the plugin, the endpoint's, and each content type it reads.
 */
export const cacheTags = (endpointId: number, types: Iterable<string>) => [
  'data-api',
  `data-api:endpoint:${endpointId}`,
  ...[...types].map((uid) => `data-api:type:${uid}`),
];
