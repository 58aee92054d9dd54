import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { crudOperations } from './crud-operations';
import { foundOr404, operation } from './operation';
import { actingAdmin, idParam } from './request';

const NOT_FOUND = 'Endpoint not found';

/** The admin API of endpoints (docs/reference.md#admin-api). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'endpoints');
  return {
    ...crudOperations('endpoints', service, NOT_FOUND),
    indexAdvice: operation('endpoints.indexAdvice', async (ctx) =>
      foundOr404(NOT_FOUND)(await service().indexAdvice(idParam(ctx), actingAdmin(ctx)))
    ),
  };
};
