import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { foundOr404, operation } from './operation';
import { actingAdmin, idParam, inputData } from './request';

/**
 * The admin API of endpoints (DESIGN.md section 3): 404 when one is not there. Writes name the acting admin, the
 * author of the endpoint, checked against their rights.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'endpoints');
  const found = foundOr404('Endpoint not found');
  return {
    find: operation('endpoints.find', () => service().find()),
    findOne: operation('endpoints.findOne', async (ctx) => found(await service().findOne(idParam(ctx)))),
    create: operation('endpoints.create', (ctx) => service().create(inputData(ctx), actingAdmin(ctx))),
    update: operation('endpoints.update', async (ctx) =>
      found(await service().update(idParam(ctx), inputData(ctx), actingAdmin(ctx)))
    ),
    delete: operation('endpoints.delete', async (ctx) => found(await service().remove(idParam(ctx)))),
  };
};
