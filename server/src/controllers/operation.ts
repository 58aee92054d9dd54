import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import {
  ADMIN_API,
  type AdminRoute,
  type DataOf,
  type DataOperation,
  type FileOperation,
} from '../../../contracts/admin-api';
import { contentDisposition } from '../utils/content-disposition';

/**
 * The controller action of operation `name` of the admin API contract: `run` finds the data, answered as
 * `{ data }` with the operation's status. Typed by the contract, so an action answering another shape does not
 * compile.
 */
export const operation =
  <N extends DataOperation>(name: N, run: (ctx: Context) => Promise<DataOf<N>>) =>
  async (ctx: Context) => {
    const route: AdminRoute = ADMIN_API[name];
    const data = await run(ctx);
    if (route.status) ctx.status = route.status;
    ctx.body = { data };
  };

/** The controller action of a file operation: the JSON `content` `run` finds, as a file called `name`. */
export const fileOperation =
  <N extends FileOperation>(_name: N, run: (ctx: Context) => Promise<{ name: string; content: DataOf<N> }>) =>
  async (ctx: Context) => {
    const { name, content } = await run(ctx);
    ctx.set('Content-Disposition', contentDisposition('attachment', name));
    ctx.type = 'application/json';
    ctx.body = `${JSON.stringify(content, null, 2)}\n`;
  };

/** Hands on what a service found, or answers 404 with `message`. */
export const foundOr404 =
  (message: string) =>
  <T>(value: T | null): T => {
    if (!value) throw new errors.NotFoundError(message);
    return value;
  };
