import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { getService } from '../utils/get-service';
import { idParam, inputData } from './request';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'definitions');
  const found = <T>(value: T | null): T => {
    if (!value) throw new errors.NotFoundError('Endpoint not found');
    return value;
  };
  return {
    async find(ctx: Context) {
      ctx.body = { data: await service().find() };
    },
    async findOne(ctx: Context) {
      ctx.body = { data: found(await service().findOne(idParam(ctx))) };
    },
    async create(ctx: Context) {
      ctx.status = 201;
      ctx.body = { data: await service().create(inputData(ctx)) };
    },
    async update(ctx: Context) {
      ctx.body = { data: found(await service().update(idParam(ctx), inputData(ctx))) };
    },
    async delete(ctx: Context) {
      ctx.body = { data: found(await service().remove(idParam(ctx))) };
    },
  };
};
