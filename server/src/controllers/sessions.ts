import type { Core } from '@strapi/strapi';
import { AdminApiError } from '../errors/admin-api-error';
import { getService } from '../services/get-service';
import { operation } from './operation';
import { idParam } from './request';

/** Browser Sessions of site users: listed for the owner, and revoked one by one. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  find: operation('sessions.find', () => getService(strapi, 'sessions').find()),
  delete: operation('sessions.delete', async (ctx) => {
    const id = idParam(ctx);
    if (!(await getService(strapi, 'sessions').revoke(id)))
      throw new AdminApiError('NotFoundError', 'Session not found');
    return { id };
  }),
});
