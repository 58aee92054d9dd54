import { hash } from 'node:crypto';
import type { Context } from 'koa';
import type { EndpointType } from '../../../contracts/definition';

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

/**
 * Conditional GETs of List and Aggregate answers: a strong `ETag` that is the hash of the bytes sent, so it
 * changes exactly when they do (a write, a total counted again, a signed file URL renewed), and `304` with no
 * body when the client holds them already. The answer is serialized here once (Koa would serialize it
 * anyway); SHA-1 is a validator, not a secret. Errors and writes keep `no-store` and get no tag. `shared`: the
 * answer is the same for anyone who may ask (docs/deviations.md). An answer of drafts (`?status=draft`) has its
 * tag prefixed `draft-`: the same bytes read as published rows never match it, so a 304 never crosses versions.
 */
export const answerConditionally = (
  ctx: Context,
  type: EndpointType,
  { shared = false, drafts = false }: { shared?: boolean; drafts?: boolean } = {}
) => {
  if (!REVALIDATED.has(type) || ctx.status !== 200) return;
  const text = JSON.stringify(ctx.body);
  const tag = `"${drafts ? 'draft-' : ''}${hash('sha1', text, 'base64url')}"`;
  ctx.set('ETag', tag);
  ctx.set('Cache-Control', shared ? REVALIDATE_SHARED : REVALIDATE);
  const condition = ctx.get('If-None-Match');
  if (condition && namesTag(condition, tag)) {
    ctx.status = 304; // Koa drops the body and its Content-Type and Content-Length
    return;
  }
  ctx.body = text;
  ctx.type = 'json';
};
