import { createHash } from 'node:crypto';
import type { EndpointDefinition } from '../../../contracts/definition';
import { refersTo } from '../../../contracts/json';
import { USER_VARIABLES } from '../../../contracts/variables';
import { cacheTags, sharedCacheControl } from './cdn-headers';
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
  readonly recorder: ReadsRecorder;
  /** The CDN tags of its answers, as each header lists them, from the types read so far. */
  tags(): { surrogateKey: string; cacheTag: string };
}

export const compileCache = (
  endpointId: number,
  definition: EndpointDefinition,
  siteVersion: string,
  locales: unknown,
  recorder: ReadsRecorder
): CompiledCache | null => {
  const { cache } = definition;
  if (!cache) return null;
  let tagsOf: readonly string[] | null = null;
  let tags = { surrogateKey: '', cacheTag: '' };
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
    sharedCacheControl: sharedCacheControl(cache),
    recorder,
    tags() {
      const types = recorder.types();
      if (types !== tagsOf) {
        const all = cacheTags(endpointId, (tagsOf = types));
        tags = { surrogateKey: all.join(' '), cacheTag: all.join(',') };
      }
      return tags;
    },
  };
};
