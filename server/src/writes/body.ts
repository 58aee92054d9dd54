import type { Context } from 'koa';
import { bodyTooLarge, MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { readChunks, type BodyTimeout } from './read-chunks';

/** What the files of a body (base64 text in media fields, docs/files.md) may add to it beyond the usual limit. */
export interface FileAllowance {
  /** Bytes the files' data may take, on top of the limit. */
  bytes: number;
  /** How much of a parsed body is file data (characters of the files' base64 `data`). */
  dataLength: (body: unknown) => number;
}

const tooLarge = (ctx: Context, limit: number, close: boolean) => {
  if (close) ctx.set('Connection', 'close');
  return new ApiError(413, bodyTooLarge(limit));
};

/**
 * Reads a JSON request body (Strapi's body parser never runs for /_api): 415 unless it is declared JSON,
 * 413 past `limit` bytes (announced or actual), 408 past `timeout`'s deadlines, 400 when it does not parse. With
 * `files`, the body may be larger by `files.bytes`, but only the files' data may take it past `limit`: a body
 * whose other content exceeds `limit` is the same 413 as on an endpoint without files.
 */
export const readJsonBody = async (
  ctx: Context,
  limit: number,
  timeout: BodyTimeout,
  files?: FileAllowance
): Promise<unknown> => {
  if (!ctx.is('json')) throw new ApiError(415, MESSAGES.notJson);
  const cap = limit + (files?.bytes ?? 0);
  const announced = Number(ctx.get('content-length') || 0);
  if (announced > cap) throw tooLarge(ctx, cap, true);
  const parts: Buffer[] = [];
  let size = 0;
  await readChunks(ctx.req, timeout, (chunk) => {
    size += chunk.length;
    if (size > cap) throw tooLarge(ctx, cap, true);
    parts.push(chunk);
  });
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new ApiError(400, MESSAGES.invalidJson);
  }
  // The body is read whole: the connection can stay open. JSON escapes and multi-byte characters only make the
  // data count for less than its bytes, so the rest is never under-counted.
  if (files && size - files.dataLength(body) > limit) throw tooLarge(ctx, limit, false);
  return body;
};
