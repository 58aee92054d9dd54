import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import { pluginConfig } from '../config/plugin-config';

/**
 * The HMAC key for API key secrets: the configured `keySecret`, else one derived from `server.app.keys`
 * (then rotating the app keys revokes every API key, which bootstrap warns about).
 */
export const resolveKeySecret = (strapi: Core.Strapi): string => {
  const configured = pluginConfig(strapi, 'keySecret');
  if (configured) return configured;
  const appKeys = strapi.config.get<string[] | undefined>('server.app.keys');
  if (!appKeys?.length) {
    throw new Error('data-api: set `keySecret` in the plugin config (or `server.app.keys`) to hash API keys');
  }
  let derived = derivedSecrets.get(appKeys);
  if (!derived) {
    derived = createHash('sha512')
      .update(`data-api-keys:${appKeys.join(',')}`)
      .digest('hex');
    derivedSecrets.set(appKeys, derived);
  }
  return derived;
};

const derivedSecrets = new WeakMap<string[], string>();

export const isKeySecretDerived = (strapi: Core.Strapi) => !pluginConfig(strapi, 'keySecret');
