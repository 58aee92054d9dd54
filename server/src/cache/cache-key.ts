import type { SessionUser } from '../../../contracts/session';
import type { CompiledCache } from './compile-cache';

/** What of a request an answer can depend on, besides its endpoint. */
export interface KeyedRequest {
  /** The path as received: the answer's links repeat it. */
  readonly path: string;
  readonly querystring: string;
  readonly user?: SessionUser;
  readonly preview: boolean;
  /** Whom its signed file URLs are issued to (an API key): each caller's URLs are their own. */
  readonly fileSubject?: string;
}

/**
 * The query string with its parameters in one order: `?b=2&a=1` and `?a=1&b=2` are one answer (a parameter
 * given twice is refused by the handlers, so order never changes what is read). Empty parts are dropped, as the
 * handlers drop them. No regex: split and sort.
 */
export const normalizedQuery = (querystring: string) => {
  if (!querystring) return '';
  const parts = querystring.split('&').filter((part) => part !== '');
  return parts.length < 2 ? (parts[0] ?? '') : parts.sort().join('&');
};

/**
 * An entry's key: everything its answer depends on (docs/cache.md#the-key). The caller's file subject only once
 * the endpoint was seen reading files: other answers hold no signed URL and are the same for every key. The path
 * and query string are as long as the runtime lets them be (414 past its bound), so keys are bounded. Joined,
 * not concatenated: a join is one flat string, a concatenation a tree of its pieces that the memory store would
 * keep with each entry (about 300 bytes of a small one).
 */
export const cacheKeyOf = (endpointId: number, cache: CompiledCache, request: KeyedRequest) => {
  const { user } = request;
  const subject = cache.recorder.readsFiles() ? (request.fileSubject ?? '') : '';
  const who = cache.byUser && user ? JSON.stringify([user.id, user.email, user.username, user.role]) : '';
  const day = cache.byDay ? new Date().toISOString().slice(0, 10) : '';
  const query = normalizedQuery(request.querystring);
  return [endpointId, cache.version, request.path, query, request.preview ? 1 : 0, subject, who, day].join('\n');
};
