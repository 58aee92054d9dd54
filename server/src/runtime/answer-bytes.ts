import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { ApiError } from '../errors/api-error';

/** How often at most an endpoint's refused answers are logged: a client that asks again does not flood the log. */
const WARN_EVERY_MS = 60_000;

/** Refuses an answer of `bytes` (serialized once, in conditional-get.ts) when it is too large to send. */
export type AnswerBytesCheck = (
  ctx: Context,
  endpoint: Pick<CompiledEndpoint, 'id' | 'name' | 'path'>,
  bytes: number
) => void;

/**
 * The backstop of the definition checks, which bound related records but not their sizes (plugin option
 * `maxAnswerBytes`, docs/content.md#what-related-fields-cost): a larger answer is a 400, and a warning names the
 * endpoint once a minute at most. The times are kept per endpoint id, so they are bounded by the endpoints.
 */
export const createAnswerBytesCheck = (
  maxBytes: number,
  log: { warn: (message: string) => void },
  now = Date.now
): AnswerBytesCheck => {
  const warnedAt = new Map<number, number>();
  return (ctx, endpoint, bytes) => {
    if (bytes <= maxBytes) return;
    const at = now();
    if (at - (warnedAt.get(endpoint.id) ?? -Infinity) >= WARN_EVERY_MS) {
      warnedAt.set(endpoint.id, at);
      log.warn(
        `[data-api] endpoint "${endpoint.name}" (/_api/${endpoint.path}) answered ${bytes} bytes, more than maxAnswerBytes (${maxBytes}): refused with 400`
      );
    }
    // The List's paging links describe an answer that is not sent.
    ctx.remove('Link');
    throw new ApiError(400, MESSAGES.answerTooLarge);
  };
};
