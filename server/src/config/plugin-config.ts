import type { Core } from '@strapi/strapi';
import { PLUGIN_ID } from '../../../contracts/plugin';
import type { PluginConfig } from './';

/** One option of this plugin's config (validated at boot). */
export const pluginConfig = <K extends keyof PluginConfig>(strapi: Core.Strapi, key: K): PluginConfig[K] =>
  strapi.config.get<PluginConfig[K]>(`plugin::${PLUGIN_ID}.${key}`);
