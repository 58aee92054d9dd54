import type { Context } from 'koa';
import {
  ADMIN_API,
  type AdminRoute,
  type DataOf,
  type DataOperation,
  type FileOperation,
} from '../../../contracts/admin-api';
import { AdminApiError } from '../errors/admin-api-error';
import { contentDisposition } from '../utils/content-disposition';
import { answerRefusals } from './answer-refusals';

/**
 * The controller action of operation `name` of the admin API contract: `run` finds the data, answered as
 * `{ data }` with the operation's status (a refusal in Strapi's error shape). Typed by the contract, so an action
 * answering another shape does not compile.
 */
export const operation = <N extends DataOperation>(name: N, run: (ctx: Context) => Promise<DataOf<N>>) =>
  answerRefusals(async (ctx) => {
    const route: AdminRoute = ADMIN_API[name];
    const data = await run(ctx);
    if (route.status) ctx.status = route.status;
    ctx.body = { data };
  });

/** The controller action of a file operation: the JSON `content` `run` finds, as a file called `name`. */
export const fileOperation = <N extends FileOperation>(
  _name: N,
  run: (ctx: Context) => Promise<{ name: string; content: DataOf<N> }>
) =>
  answerRefusals(async (ctx) => {
    const { name, content } = await run(ctx);
    ctx.set('Content-Disposition', contentDisposition('attachment', name));
    ctx.type = 'application/json';
    ctx.body = `${JSON.stringify(content, null, 2)}\n`;
  });

/** Hands on what a service found, or answers 404 with `message`. */
export const foundOr404 =
  (message: string) =>
  <T>(value: T | null): T => {
    if (!value) throw new AdminApiError('NotFoundError', message);
    return value;
  };
