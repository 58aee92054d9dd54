import type { Core } from '@strapi/strapi';
import { createHash } from 'node:crypto';
import { version } from '../../../package.json';

/**
 * What every answer depends on besides its definition: the plugin's version (its answers' format), the site's
 * content types and components (their fields and tables) and its public URL. A Redis store outlives restarts and
 * deployments: an entry of another schema or version is under another key.
 */
export const siteVersionOf = (strapi: Core.Strapi, publicUrl: string | null) => {
  const schemas = (all: Record<string, { attributes?: unknown; collectionName?: string }>) =>
    Object.entries(all).map(([uid, { attributes, collectionName }]) => [uid, collectionName, attributes]);
  return createHash('sha256')
    .update(version)
    .update(JSON.stringify(schemas(strapi.contentTypes as never)))
    .update(JSON.stringify(schemas(strapi.components as never)))
    .update(publicUrl ?? '')
    .digest('base64url')
    .slice(0, 22);
};
