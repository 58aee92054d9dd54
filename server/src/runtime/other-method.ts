import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';

/**
 * A request whose method the path does not serve: `OPTIONS` answers 204 with `Allow`, any other method 405
 * with the same `Allow`: the path exists, not for this method.
 */
export const answerOtherMethod = (ctx: Context, methods: string[]) => {
  const allow = [...methods, 'OPTIONS'].join(', ');
  if (ctx.method !== 'OPTIONS') throw new ApiError(405, MESSAGES.methodNotAllowed, { Allow: allow });
  ctx.set('Allow', allow);
  ctx.status = 204;
};
