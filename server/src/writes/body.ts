import type { Context } from 'koa';
import { bodyTooLarge, MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';

/**
 * Reads a JSON request body (Strapi's body parser never runs for /_api): 415 unless it is declared JSON,
 * 413 past `limit` bytes (announced or actual), 400 when it does not parse.
 */
export const readJsonBody = async (ctx: Context, limit: number): Promise<unknown> => {
  if (!ctx.is('json')) throw new ApiError(415, MESSAGES.notJson);
  const announced = Number(ctx.get('content-length') || 0);
  if (announced > limit) {
    ctx.set('Connection', 'close');
    throw new ApiError(413, bodyTooLarge(limit));
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      ctx.set('Connection', 'close');
      throw new ApiError(413, bodyTooLarge(limit));
    }
    parts.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new ApiError(400, MESSAGES.invalidJson);
  }
};
