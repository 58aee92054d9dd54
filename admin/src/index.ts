import type { StrapiApp } from '@strapi/strapi/admin';
import { MENU_PERMISSIONS } from '../../contracts/permissions';
import { PLUGIN_ID } from '../../contracts/plugin';
import { PluginIcon } from './components/PluginIcon';
import type { TranslationKey } from './hooks/useT';
import { getTranslation } from './utils/getTranslation';

export default {
  register(app: StrapiApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: PluginIcon,
      intlLabel: { id: getTranslation('plugin.name' satisfies TranslationKey), defaultMessage: 'Data API' },
      permissions: MENU_PERMISSIONS,
      Component: () => import('./pages/App'),
    });
    app.registerPlugin({ id: PLUGIN_ID, name: PLUGIN_ID });
  },

  async registerTrads({ locales }: { locales: string[] }) {
    return Promise.all(
      locales.map(async (locale) => {
        try {
          const { default: data } = await import(`./translations/${locale}.json`);
          const prefixed = Object.fromEntries(Object.entries(data).map(([k, v]) => [getTranslation(k), v]));
          return { data: prefixed, locale };
        } catch {
          return { data: {}, locale };
        }
      })
    );
  },
};
