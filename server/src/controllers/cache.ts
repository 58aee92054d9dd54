import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { foundOr404, operation } from './operation';
import { idParam } from './request';

/** The response cache's figures on this instance, and its purges (docs/reference.md#admin-api). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'cache');
  return {
    stats: operation('cache.stats', async () => service().stats()),
    purgeAll: operation('cache.purgeAll', async () => service().purgeAll()),
    purgeEndpoint: operation('cache.purgeEndpoint', async (ctx) =>
      foundOr404('Endpoint not found')(await service().purgeEndpoint(idParam(ctx)))
    ),
  };
};
