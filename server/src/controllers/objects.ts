import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { getService } from '../services/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Context) {
    ctx.body = { data: await getService(strapi, 'objects').list() };
  },
});
