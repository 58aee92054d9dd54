import { PLUGIN_ID } from '../../../contracts/permissions';

/** Prefixes a translation key with the plugin id, as Strapi's admin expects. */
export const getTranslation = (id: string) => `${PLUGIN_ID}.${id}`;
