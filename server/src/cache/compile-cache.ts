import { createHash } from 'node:crypto';
import type { CdnTagHeader } from '../../../contracts/cache';
import type { EndpointDefinition } from '../../../contracts/definition';
import { refersTo } from '../../../contracts/json';
import { USER_VARIABLES } from '../../../contracts/variables';
import { sharedCacheControl, signedUrlsCdnSeconds, tagHeaders } from './cdn-headers';
import type { ReadsRecorder } from './reads-recorder';

/** An endpoint's cache settings as a request needs them: built with the endpoint, never per request. */
export interface CompiledCache {
  /** How long an entry is served at most (ms). */
  readonly maxAgeMs: number;
  /** The definition and the site it was compiled for: part of every key, so a change never meets old entries. */
  readonly version: string;
  /** Its filter reads the session user: each user's answers are their own. */
  readonly byUser: boolean;
  /** Its filter reads `today`: each day's answers are their own. */
  readonly byDay: boolean;
  /** `Cache-Control` for shared caches (public endpoints with `sharedMaxAgeSeconds`), or null. */
  readonly sharedCacheControl: string | null;
  /**
   * How long a CDN may still serve an answer once it left (`sharedMaxAgeSeconds` plus
   * `staleWhileRevalidateSeconds`, ms) when its file URLs are signed: an entry holding them is served that much
   * less, so that a URL still has half its lifetime when the CDN last serves it. 0 without a CDN or with the
   * provider's public URLs.
   */
  readonly cdnMs: number;
  readonly recorder: ReadsRecorder;
  /**
   * The CDN tag headers of its answers (`cache.cdnTagHeaders`), from the types read so far; none unless a CDN
   * may keep them (`sharedCacheControl`).
   */
  tagHeaders(): Record<string, string>;
}

export const compileCache = (
  endpointId: number,
  definition: EndpointDefinition,
  siteVersion: string,
  locales: unknown,
  recorder: ReadsRecorder,
  tagHeaderNames: readonly CdnTagHeader[]
): CompiledCache | null => {
  const { cache } = definition;
  if (!cache) return null;
  const cacheControl = sharedCacheControl(cache);
  const names = cacheControl === null ? [] : tagHeaderNames;
  // Built again only when the types read grew (a new array): not per request.
  let tagsOf: readonly string[] | null = null;
  let headers: Record<string, string> = {};
  return {
    maxAgeMs: cache.maxAgeSeconds * 1000,
    version: createHash('sha256')
      .update(siteVersion)
      .update(JSON.stringify(definition))
      .update(JSON.stringify(locales))
      .digest('base64url')
      .slice(0, 22),
    byUser: USER_VARIABLES.some((name) => refersTo(definition.filter, name)),
    byDay: refersTo(definition.filter, 'today'),
    sharedCacheControl: cacheControl,
    cdnMs: signedUrlsCdnSeconds(definition) * 1000,
    recorder,
    tagHeaders() {
      const types = recorder.types();
      if (names.length && types !== tagsOf) headers = tagHeaders(names, endpointId, (tagsOf = types));
      return headers;
    },
  };
};
