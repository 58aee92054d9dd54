import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { getService } from '../services/get-service';
import { actingAdmin, inputData } from './request';

/** Export and import of the whole configuration (DESIGN.md section 3). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async export(ctx: Context) {
    ctx.body = { data: await getService(strapi, 'transfer').export() };
  },
  /** Answers what was created and updated, with the secrets of the keys it had to make (this once). */
  async import(ctx: Context) {
    ctx.body = { data: await getService(strapi, 'transfer').import(inputData(ctx), actingAdmin(ctx)) };
  },
});
