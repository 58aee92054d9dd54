import { PLUGIN_ID } from '../../../contracts/plugin';

/** Prefixes a translation key with the plugin id, as Strapi's admin expects. */
export const getTranslation = (id: string) => `${PLUGIN_ID}.${id}`;
