import type { Core } from '@strapi/strapi';
import { PERMISSION_ACTIONS, PLUGIN_ID } from '../../contracts/permissions';
import { getService } from './utils/get-service';

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await strapi
    .service('admin::permission')
    .actionProvider.registerMany(PERMISSION_ACTIONS.map((a) => ({ ...a, section: 'plugins', pluginName: PLUGIN_ID })));
  await getService(strapi, 'registry').start();
};
