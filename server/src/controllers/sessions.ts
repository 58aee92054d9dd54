import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { getService } from '../services/get-service';
import { idParam } from './request';

/** Browser Sessions of site users: listed for the owner, and revoked one by one. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Context) {
    ctx.body = { data: await getService(strapi, 'sessions').find() };
  },
  async delete(ctx: Context) {
    const id = idParam(ctx);
    if (!(await getService(strapi, 'sessions').revoke(id))) throw new errors.NotFoundError('Session not found');
    ctx.body = { data: { id } };
  },
});
