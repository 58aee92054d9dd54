import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { foundOr404, operation } from './operation';
import { idParam } from './request';

/** Usage statistics: the query string is checked by the service (400 on anything it does not take). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'usage');
  const found = foundOr404('API key not found');
  return {
    series: operation('usage.series', (ctx) => service().series(ctx.query)),
    keyUsage: operation('usage.keyUsage', async (ctx) => found(await service().keyUsage(idParam(ctx)))),
  };
};
