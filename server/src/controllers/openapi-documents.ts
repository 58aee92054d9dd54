import type { Core } from '@strapi/strapi';
import { downloadFileName } from '../../../contracts/openapi';
import { getService } from '../services/get-service';
import { crudOperations } from './crud-operations';
import { fileOperation, foundOr404 } from './operation';
import { idParam } from './request';

/** The admin API of OpenAPI documents (docs/reference.md#admin-api): 404 when one is not there. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'openapiDocuments');
  const notFound = 'OpenAPI document not found';
  const found = foundOr404(notFound);
  return {
    ...crudOperations('openapiDocuments', service, notFound),
    /** The generated JSON as a file named after the slug (docs/openapi.md), public or not. */
    download: fileOperation('openapiDocuments.download', async (ctx) => {
      const document = found(await service().findOne(idParam(ctx)));
      return { name: downloadFileName(document), content: service().generate(document) };
    }),
  };
};
