import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { downloadFileName } from '../../../contracts/openapi';
import { contentDisposition } from '../utils/content-disposition';
import { getService } from '../services/get-service';
import { crudController, foundOr404 } from './crud';
import { idParam } from './request';

/** The admin API of OpenAPI documents (DESIGN.md section 3). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const notFound = 'OpenAPI document not found';
  const found = foundOr404(notFound);
  return {
    ...crudController(strapi, 'openapiDocuments', notFound),
    /** The generated JSON as a file named after the title (spec 4.7), public or not. */
    async download(ctx: Context) {
      const service = getService(strapi, 'openapiDocuments');
      const document = found(await service.findOne(idParam(ctx)));
      ctx.set('Content-Disposition', contentDisposition('attachment', downloadFileName(document.title)));
      ctx.type = 'application/json';
      ctx.body = `${JSON.stringify(service.generate(document), null, 2)}\n`;
    },
  };
};
