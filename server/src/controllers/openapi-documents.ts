import type { Core } from '@strapi/strapi';
import { downloadFileName } from '../../../contracts/openapi';
import { getService } from '../services/get-service';
import { fileOperation, foundOr404, operation } from './operation';
import { actingAdmin, idParam, inputData } from './request';

/** The admin API of OpenAPI documents (DESIGN.md section 3): 404 when one is not there. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'openapiDocuments');
  const found = foundOr404('OpenAPI document not found');
  return {
    find: operation('openapiDocuments.find', () => service().find()),
    findOne: operation('openapiDocuments.findOne', async (ctx) => found(await service().findOne(idParam(ctx)))),
    create: operation('openapiDocuments.create', (ctx) => service().create(inputData(ctx), actingAdmin(ctx))),
    update: operation('openapiDocuments.update', async (ctx) =>
      found(await service().update(idParam(ctx), inputData(ctx), actingAdmin(ctx)))
    ),
    delete: operation('openapiDocuments.delete', async (ctx) => found(await service().remove(idParam(ctx)))),
    /** The generated JSON as a file named after the title (spec 4.7), public or not. */
    download: fileOperation('openapiDocuments.download', async (ctx) => {
      const document = found(await service().findOne(idParam(ctx)));
      return { name: downloadFileName(document.title), content: service().generate(document) };
    }),
  };
};
