import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { getService } from '../services/get-service';
import { idParam, inputData } from './request';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Context) {
    ctx.body = { data: await getService(strapi, 'apiKeys').find() };
  },
  /** The only answer that ever holds the secret. */
  async create(ctx: Context) {
    ctx.status = 201;
    ctx.body = { data: await getService(strapi, 'apiKeys').create(inputData(ctx)) };
  },
  async delete(ctx: Context) {
    const removed = await getService(strapi, 'apiKeys').remove(idParam(ctx));
    if (!removed) throw new errors.NotFoundError('API key not found');
    ctx.body = { data: removed };
  },
});
