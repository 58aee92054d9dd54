import type { Core } from '@strapi/strapi';

/**
 * A plugin table's name and its columns' names, from Strapi's metadata: Strapi makes the column names (and may
 * shorten them), so SQL of this plugin's own asks here rather than spelling them.
 */
export const pluginTable = (strapi: Core.Strapi, uid: string) => {
  const { tableName, attributes } = strapi.db.metadata.get(uid);
  return {
    name: tableName,
    column: (attribute: string) => {
      const meta = attributes[attribute];
      return (meta && 'columnName' in meta && meta.columnName) || attribute;
    },
  };
};

export type PluginTable = ReturnType<typeof pluginTable>;
