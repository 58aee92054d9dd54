import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { contentDisposition } from '../utils/content-disposition';
import { getService } from '../utils/get-service';
import { idParam, inputData } from './request';

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f/\\]/g;

/** The admin API of OpenAPI documents (DESIGN.md section 3). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'openapiDocuments');
  const found = <T>(value: T | null): T => {
    if (!value) throw new errors.NotFoundError('OpenAPI document not found');
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
    /** The generated JSON as a file named after the title (spec 4.7), public or not. */
    async download(ctx: Context) {
      const document = found(await service().findOne(idParam(ctx)));
      ctx.set(
        'Content-Disposition',
        contentDisposition('attachment', `${document.title.replace(UNSAFE_IN_FILE_NAME, '_')}.json`)
      );
      ctx.type = 'application/json';
      ctx.body = `${JSON.stringify(service().generate(document, ctx.origin), null, 2)}\n`;
    },
  };
};
