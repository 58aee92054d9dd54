import type { Context } from 'koa';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { MESSAGES } from '../../../contracts/messages';
import { contentDisposition } from '../utils/content-disposition';
import { ApiError } from '../errors/api-error';
import type { FileRecord } from './media-library';

/** Types a browser shows rather than saves; none of them runs script. */
const INLINE = /^(image\/(?!svg)|video\/|audio\/|application\/pdf$)/;
const MIME = /^[\w.+-]+\/[\w.+-]+$/;
/** How long to wait for a remote provider's answer to begin. */
const UPSTREAM_TIMEOUT_MS = 15_000;

/** Media a browser may show in place; anything else is downloaded. */
const disposition = (file: FileRecord) =>
  contentDisposition(MIME.test(file.mime) && INLINE.test(file.mime) ? 'inline' : 'attachment', file.name);

/** A single `bytes=` range of a file of `size` bytes; null for none or several (the whole file is sent). */
export const parseRange = (
  header: string | undefined,
  size: number
): { start: number; end: number } | 'invalid' | null => {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (!m[1] && !m[2])) return null;
  if (!m[1]) {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'invalid' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  return start >= size || end < start ? 'invalid' : { start, end };
};

/** The file of a local provider URL (`/uploads/<hash><ext>`) under the public folder, or null. */
const localPath = (publicDir: string, url: string): string | null => {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.split(/[?#]/)[0]);
  } catch {
    return null;
  }
  const root = resolve(publicDir);
  const full = resolve(root, `.${path}`);
  return full.startsWith(root + sep) ? full : null;
};

type Headers = Record<string, string>;

const sendLocal = async (ctx: Context, path: string, headers: Headers) => {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new ApiError(404, MESSAGES.notFound);
  const range = parseRange(ctx.get('range'), info.size);
  if (range === 'invalid') {
    throw new ApiError(416, MESSAGES.rangeNotSatisfiable, { 'Content-Range': `bytes */${info.size}` });
  }
  ctx.set({ ...headers, 'Accept-Ranges': 'bytes', 'Last-Modified': info.mtime.toUTCString() });
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  ctx.status = range ? 206 : 200;
  if (range) ctx.set('Content-Range', `bytes ${start}-${end}/${info.size}`);
  // Koa sends no body for HEAD but keeps the length given after the (empty) body.
  ctx.body = ctx.method === 'HEAD' || info.size === 0 ? Buffer.alloc(0) : createReadStream(path, { start, end });
  ctx.length = info.size === 0 ? 0 : end - start + 1;
};

const PASSED_ON = ['content-length', 'content-range', 'accept-ranges', 'last-modified', 'etag'];

const sendRemote = async (ctx: Context, url: string, headers: Headers) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPSTREAM_TIMEOUT_MS);
  let upstream: Response;
  try {
    const range = ctx.get('range');
    // GET even for HEAD: a provider's signed URL (S3's) is signed for GET. Identity encoding: fetch would
    // decompress a gzip answer and leave its compressed Content-Length, which would cut the file short.
    upstream = await fetch(url, {
      headers: { 'accept-encoding': 'identity', ...(range ? { range } : {}) },
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(502, MESSAGES.fileUnavailable);
  } finally {
    clearTimeout(timer);
  }
  const passed = [200, 206, 416].includes(upstream.status);
  const body = passed && ctx.method !== 'HEAD' ? upstream.body : null;
  if (!body) await upstream.body?.cancel().catch(() => undefined);
  if (upstream.status === 404) throw new ApiError(404, MESSAGES.notFound);
  if (!passed) throw new ApiError(502, MESSAGES.fileUnavailable);
  ctx.set(headers);
  ctx.status = upstream.status;
  for (const name of PASSED_ON) {
    const value = upstream.headers.get(name);
    if (value) ctx.set(name, value);
  }
  const length = upstream.headers.get('content-length');
  ctx.body = body ? Readable.fromWeb(body as never) : Buffer.alloc(0);
  if (length) ctx.length = Number(length);
};

/**
 * Streams a Media Library file: from the public folder for the local provider, else from its URL (a public
 * provider's, or a private provider's own signed URL). Single byte ranges are honoured (video seeking).
 */
export const sendFile = async (
  ctx: Context,
  file: FileRecord,
  source: { publicDir: string; remoteUrl: string | null },
  maxAgeSeconds: number
) => {
  // Set once the file is found: an error answer keeps its own JSON headers.
  const headers: Headers = {
    'Content-Type': MIME.test(file.mime) ? file.mime : 'application/octet-stream',
    'Content-Disposition': disposition(file),
    'Cache-Control': `private, max-age=${maxAgeSeconds}`,
    // Defence in depth: uploads through /_api are never active content, and nothing served here may run script.
    'Content-Security-Policy': file.mime === 'application/pdf' ? "default-src 'none'" : "default-src 'none'; sandbox",
    'Access-Control-Allow-Origin': '*',
  };
  if (source.remoteUrl) return sendRemote(ctx, source.remoteUrl, headers);
  const path = localPath(source.publicDir, file.url);
  if (path) return sendLocal(ctx, path, headers);
  if (/^https?:\/\//.test(file.url)) return sendRemote(ctx, file.url, headers);
  throw new ApiError(404, MESSAGES.notFound);
};
