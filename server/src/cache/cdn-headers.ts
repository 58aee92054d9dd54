import type { CdnTagHeader, EndpointCache } from '../../../contracts/cache';
import type { EndpointDefinition } from '../../../contracts/definition';

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
 * How long (s) a CDN may serve an answer without asking (`sharedMaxAgeSeconds` plus
 * `staleWhileRevalidateSeconds`) while the signed file URLs it may hold grow old: 0 without a CDN, and with the
 * provider's public URLs (`mediaUrls: "public"`), which do not expire.
 */
export const signedUrlsCdnSeconds = ({ cache, mediaUrls }: Pick<EndpointDefinition, 'cache' | 'mediaUrls'>) =>
  mediaUrls === 'public' ? 0 : (cache?.sharedMaxAgeSeconds ?? 0) + (cache?.staleWhileRevalidateSeconds ?? 0);

/** Each tag header as it is sent: its name and how it separates tags. */
const TAG_HEADERS: Record<CdnTagHeader, { name: string; separator: string }> = {
  'surrogate-key': { name: 'Surrogate-Key', separator: ' ' },
  'cache-tag': { name: 'Cache-Tag', separator: ',' },
};

/**
 * A content type's uid, not a component's: Strapi names types `<namespace>::<name>.<name>` and components
 * `<category>.<name>`. A component is part of the records that hold it, and never purged on its own.
 */
const isContentType = (uid: string) => uid.includes('::');

/**
 * The tags a CDN can purge an answer by, in the headers `names` (docs/cache.md#cdn-set-up): every answer of the
 * plugin, the endpoint's, and each content type among those it reads (`types`: the endpoint's, those its
 * related fields and its filter reach, the file type).
 */
export const tagHeaders = (
  names: readonly CdnTagHeader[],
  endpointId: number,
  types: Iterable<string>
): Record<string, string> => {
  const tags = ['data-api', `data-api:endpoint:${endpointId}`];
  for (const uid of types) if (isContentType(uid)) tags.push(`data-api:type:${uid}`);
  return Object.fromEntries(
    names.map((header) => [TAG_HEADERS[header].name, tags.join(TAG_HEADERS[header].separator)])
  );
};
