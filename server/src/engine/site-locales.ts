import type { Core } from '@strapi/strapi';
import { NO_LOCALES, type SiteLocales } from '../query/locale';

const LOCALE_UID = 'plugin::i18n.locale';
/** i18n keeps the default locale in Strapi's core store (`strapi.store({ type: 'plugin', name: 'i18n' })`). */
const DEFAULT_LOCALE_KEY = 'plugin_i18n_default_locale';

type I18nLocales = { getDefaultLocale: () => Promise<unknown> };

/** The site's locales and its default one, read when definitions are compiled. */
export const readSiteLocales = async (strapi: Core.Strapi): Promise<SiteLocales> => {
  if (!strapi.plugin('i18n')) return NO_LOCALES;
  const [rows, defaultCode] = await Promise.all([
    strapi.db.query(LOCALE_UID).findMany({ select: ['code'] }),
    (strapi.plugin('i18n').service('locales') as I18nLocales).getDefaultLocale(),
  ]);
  return {
    codes: new Set(rows.map((r) => String(r.code))),
    defaultCode: typeof defaultCode === 'string' ? defaultCode : null,
  };
};

type StoreEvent = { result?: { key?: unknown } | null; params?: { where?: { key?: unknown } } };

/**
 * Calls `changed` after the default locale changes (i18n's `setDefaultLocale` writes the core store; adding or
 * removing a locale is followed with admin rights, see admin-rights.ts). Inside a transaction, once it commits.
 */
export const watchDefaultLocale = (strapi: Core.Strapi, changed: () => Promise<void>) => {
  const isDefaultLocale = (event: StoreEvent) =>
    event.result?.key === DEFAULT_LOCALE_KEY || event.params?.where?.key === DEFAULT_LOCALE_KEY;
  // The admin's change stands even when recompiling fails (logged, as for changed admin rights).
  const recompile = () =>
    changed().catch((error: Error) =>
      strapi.log.warn(`[data-api] could not apply the new default locale: ${error.message}`)
    );
  const follow = async (event: StoreEvent) => {
    if (!isDefaultLocale(event)) return;
    if (strapi.db.inTransaction()) await strapi.db.transaction(({ onCommit }) => onCommit(recompile));
    else await recompile();
  };
  strapi.db.lifecycles.subscribe({
    models: ['strapi::core-store'],
    afterCreate: follow as never,
    afterUpdate: follow as never,
    afterDelete: follow as never,
  });
};
