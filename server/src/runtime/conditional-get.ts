import { hash } from 'node:crypto';
import type { Context } from 'koa';
import type { EndpointType } from '../../../contracts/definition';
import type { CachedAnswer } from '../cache/answer';
import type { CompiledCache } from '../cache/compile-cache';

/** The reads: what a client may keep and ask again about. Writes are never answered from a cache. */
const REVALIDATED = new Set<EndpointType>(['list', 'aggregate']);

/**
 * Stored by the client only (never by a shared cache, the data is the caller's), and checked with the server
 * before each use: `no-store` would keep browsers from ever sending `If-None-Match`.
 */
const REVALIDATE = 'private, no-cache';

/**
 * The answer of a public endpoint is everyone's: a shared cache (a CDN, a proxy) may keep it too, and still
 * checks it with the server before each use, so a write shows at once and every use is counted.
 */
const REVALIDATE_SHARED = 'public, no-cache';

const isSpace = (c: string) => c === ' ' || c === '\t';

/**
 * Whether an `If-None-Match` value names `tag` (quoted) or is `*`, by the weak comparison RFC 9110 13.1.2
 * prescribes for it: `W/"x"` matches `"x"`. One pass, no regex: each tag is found with `indexOf` from where the
 * previous one ended. A value that breaks the grammar is trusted up to the break, then counts as no match: the
 * answer is then a full 200, which is always correct.
 */
export const namesTag = (header: string, tag: string): boolean => {
  if (header.trim() === '*') return true;
  let at = 0;
  while (at < header.length) {
    const c = header[at];
    if (c === ',' || isSpace(c)) {
      at += 1;
      continue;
    }
    if (c === 'W' && header[at + 1] === '/') at += 2;
    if (header[at] !== '"') return false;
    const end = header.indexOf('"', at + 1);
    if (end < 0) return false;
    const next = header[end + 1];
    if (next !== undefined && next !== ',' && !isSpace(next)) return false;
    if (end + 1 - at === tag.length && header.startsWith(tag, at)) return true;
    at = end + 1;
  }
  return false;
};

/** How an answer is revalidated: who may keep it, which version it holds, and the endpoint's cache settings. */
export interface Revalidation {
  /** The answer is the same for anyone who may ask (docs/deviations.md). */
  shared: boolean;
  /** Drafts (`?status=draft`): the tag is prefixed `draft-`, so a 304 never crosses versions. */
  drafts: boolean;
  cache: CompiledCache | null;
}

/**
 * Sends a List's or Aggregate's answer, from the handler or from the response cache, with its `ETag`, or `304`
 * with no body when the client holds it already. A shared answer of a cached endpoint also says how long a CDN
 * may keep it (`s-maxage`) and then the tags it can be purged by (cache/cdn-headers.ts).
 */
export const sendAnswer = (
  ctx: Context,
  answer: CachedAnswer,
  { shared, cache }: Pick<Revalidation, 'shared' | 'cache'>
) => {
  ctx.set('ETag', answer.etag);
  ctx.set('Cache-Control', shared ? (cache?.sharedCacheControl ?? REVALIDATE_SHARED) : REVALIDATE);
  if (shared && cache) ctx.set(cache.tagHeaders());
  if (answer.link) ctx.set('Link', answer.link);
  const condition = ctx.get('If-None-Match');
  if (condition && namesTag(condition, answer.etag)) {
    ctx.status = 304; // Koa drops the body and its Content-Type and Content-Length
    return;
  }
  ctx.status = 200;
  ctx.body = answer.body;
  ctx.type = 'json';
};

/**
 * Conditional GETs of List and Aggregate answers: a strong `ETag` that is the hash of the bytes sent, so it
 * changes exactly when they do (a write, a total counted again, a signed file URL renewed). The answer is
 * serialized here once (Koa would serialize it anyway); SHA-1 is a validator, not a secret. Errors and writes
 * keep `no-store` and get no tag. `checkBytes` refuses an answer too large to send (answer-bytes.ts). Answers the
 * bytes sent, which the response cache may keep.
 */
export const answerConditionally = (
  ctx: Context,
  type: EndpointType,
  revalidation: Revalidation,
  checkBytes: (bytes: number) => void
): CachedAnswer | null => {
  if (!REVALIDATED.has(type) || ctx.status !== 200) return null;
  const body = Buffer.from(JSON.stringify(ctx.body));
  checkBytes(body.length);
  const answer = {
    body,
    etag: `"${revalidation.drafts ? 'draft-' : ''}${hash('sha1', body, 'base64url')}"`,
    // From Node's headers: Koa's `response.get` copies every header of the answer to read one.
    link: (ctx.res.getHeader('Link') as string | undefined) || null,
  };
  sendAnswer(ctx, answer, revalidation);
  return answer;
};
