import type { Core } from '@strapi/strapi';
import { PERMISSIONS } from '../../../contracts/permissions';
import { getService } from '../services/get-service';
import { operation } from './operation';
import { adminMay, idParam } from './request';

/**
 * Usage statistics: the query string is checked by the service (400 on anything it does not take). Keys are
 * named only to admins who may read keys (docs/security.md); the others see their ids.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'usage');
  const showsKeys = (ctx: Parameters<typeof adminMay>[0]) => adminMay(ctx, PERMISSIONS.keys.read);
  return {
    series: operation('usage.series', (ctx) => service().series(ctx.query, showsKeys(ctx))),
    keyUsage: operation('usage.keyUsage', (ctx) => service().keyUsage(idParam(ctx), showsKeys(ctx))),
  };
};
