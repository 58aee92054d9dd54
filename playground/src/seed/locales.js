/** The playground's second locale (`en`, Strapi's default, is there from the start). */
const LOCALES = [{ code: 'fr', name: 'French (fr)' }];

const ensureLocales = async (strapi) => {
  const locales = strapi.plugin('i18n').service('locales');
  for (const locale of LOCALES) {
    if (!(await locales.findByCode(locale.code))) await locales.create(locale);
  }
};

module.exports = { ensureLocales };
