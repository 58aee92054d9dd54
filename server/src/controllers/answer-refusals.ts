import type { Context } from 'koa';
import { AdminApiError } from '../errors/admin-api-error';

/**
 * `action`, with the refusals it throws answered here, in Strapi's error shape (`{ data: null, error: { status,
 * name, message, details } }`): Strapi's error middleware would answer them only if they were instances of its
 * own copy of @strapi/utils' classes, and answers anything else as a 500.
 */
export const answerRefusals =
  (action: (ctx: Context) => Promise<void>) =>
  async (ctx: Context): Promise<void> => {
    try {
      await action(ctx);
    } catch (error) {
      if (!(error instanceof AdminApiError)) throw error;
      const { status, name, message, details } = error;
      ctx.status = status;
      ctx.body = { data: null, error: { status, name, message, details } };
    }
  };
