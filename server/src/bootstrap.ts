import type { Core } from '@strapi/strapi';
import { PERMISSION_ACTIONS } from '../../contracts/permissions';
import { PLUGIN_ID } from '../../contracts/plugin';
import { isKeySecretDerived, resolveKeySecret } from './auth/key-secret';
import { getService } from './services/get-service';

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await strapi
    .service('admin::permission')
    .actionProvider.registerMany(PERMISSION_ACTIONS.map((a) => ({ ...a, section: 'plugins', pluginName: PLUGIN_ID })));
  resolveKeySecret(strapi); // fails the boot early when there is nothing to derive the secret from
  if (isKeySecretDerived(strapi)) {
    strapi.log.warn(
      '[data-api] no `keySecret` in the plugin config: API keys are hashed with a key derived from server.app.keys, so changing APP_KEYS revokes every API key'
    );
  }
  // Site users' password changes end the users-permissions tokens issued before them, on session endpoints.
  if (strapi.plugin('users-permissions')) getService(strapi, 'passwordChanges').subscribe();
  // Keys stored before keys had names: Strapi has added the column by now, the plugin gives the names.
  await getService(strapi, 'apiKeys').nameUnnamed();
  await getService(strapi, 'engine').start();
  getService(strapi, 'usage').start();
  // From now on (not during Strapi's own boot-time sync of roles), changed admin rights are checked again.
  getService(strapi, 'adminRights').watch();
};
