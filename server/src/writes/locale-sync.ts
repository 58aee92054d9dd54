import type { Core } from '@strapi/strapi';

type Entry = Record<string, unknown>;

interface I18nServices {
  contentTypes: {
    getNonLocalizedAttributes(model: unknown): string[];
    getNestedPopulateOfNonLocalizedAttributes(uid: string): unknown;
  };
  localizations: { syncNonLocalizedAttributes(entry: Entry, model: unknown): Promise<void> };
}

const i18nOf = (strapi: Core.Strapi): I18nServices | null => {
  const plugin = strapi.plugin('i18n');
  if (!plugin) return null;
  return {
    contentTypes: plugin.service('content-types') as unknown as I18nServices['contentTypes'],
    localizations: plugin.service('localizations') as unknown as I18nServices['localizations'],
  };
};

/**
 * Gives the other locales' published versions the fields Strapi does not translate, from the published row
 * `id`, when the write `changed` one of them. i18n shares them on a publication only when the value differs
 * from the one of whichever row of the document the database returns first (a draft already shared on the
 * update, or not, depending on the database): the plugin's publications share them always.
 */
export const shareUntranslatedFields = async (strapi: Core.Strapi, uid: string, id: number, changed: string[]) => {
  const i18n = i18nOf(strapi);
  if (!i18n) return;
  const contentType = strapi.contentType(uid as never);
  const untranslated = new Set(i18n.contentTypes.getNonLocalizedAttributes(contentType));
  if (!changed.some((name) => untranslated.has(name))) return;
  const populate = i18n.contentTypes.getNestedPopulateOfNonLocalizedAttributes(uid);
  const entry = await strapi.db.query(uid as never).findOne({ where: { id }, populate: populate as never });
  if (entry) await i18n.localizations.syncNonLocalizedAttributes(entry as Entry, contentType);
};
