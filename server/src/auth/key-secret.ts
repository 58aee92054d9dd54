import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import { PLUGIN_ID } from '../../../contracts/plugin';

/**
 * The HMAC key for API key secrets: the configured `keySecret`, else one derived from `server.app.keys`
 * (then rotating the app keys revokes every API key, which bootstrap warns about).
 */
export const resolveKeySecret = (strapi: Core.Strapi): { secret: string; derived: boolean } => {
  const configured = strapi.config.get<string | undefined>(`plugin::${PLUGIN_ID}.keySecret`);
  if (configured) return { secret: configured, derived: false };
  const appKeys = strapi.config.get<string[] | undefined>('server.app.keys');
  if (!appKeys?.length) {
    throw new Error('data-api: set `keySecret` in the plugin config (or `server.app.keys`) to hash API keys');
  }
  return {
    secret: createHash('sha512')
      .update(`data-api-keys:${appKeys.join(',')}`)
      .digest('hex'),
    derived: true,
  };
};
