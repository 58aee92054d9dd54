import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { foundOr404, operation } from './operation';
import { actingAdmin, idParam, inputData } from './request';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'apiKeys');
  const found = foundOr404('API key not found');
  return {
    find: operation('apiKeys.find', () => service().find()),
    /** The only answer that ever holds the secret. */
    create: operation('apiKeys.create', (ctx) => service().create(inputData(ctx))),
    update: operation('apiKeys.update', async (ctx) =>
      found(await service().update(idParam(ctx), inputData(ctx), actingAdmin(ctx)))
    ),
    delete: operation('apiKeys.delete', async (ctx) => found(await service().remove(idParam(ctx)))),
  };
};
