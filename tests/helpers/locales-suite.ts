import { callWithKey, createEndpoint } from './fixtures';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

/**
 * Locales: the playground's categories are translated into en (the default) and fr, with Draft
 * & Publish. An endpoint reads one locale (fixed, from `?locale=`, or the site's default) or every locale; `locale`
 * is a field, a filter and an aggregate dimension; an Aggregate counts each document once per locale read.
 */

export const CATEGORY = 'api::category.category';
export const EN = ['News', 'Guides', 'Stories'];
export const FR = ['Actualités', 'Guides pratiques', 'Récits'];
export const INVALID_LOCALE = {
  success: false,
  error: 'Invalid request parameters: locale is not a locale of this site',
};

export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];
export const call = callWithKey(
  () => app,
  () => key
);
export const names = (body: { items: Array<{ name: string }> }) => body.items.map((i) => i.name);
export const i18n = () => app.strapi.plugin('i18n').service('locales');
export const define = (definition: Record<string, unknown>) =>
  admin.post('/data-api/endpoints', {
    data: { name: String(definition.path), auth: { method: 'api-key', keys: [key.id] }, ...definition },
  });
export const categories = (path: string, extra: Record<string, unknown> = {}) =>
  createEndpoint(admin, key, {
    path,
    type: 'list',
    object: CATEGORY,
    fields: [{ name: 'id' }, { name: 'name' }, { name: 'position' }],
    sort: [{ field: 'position' }],
    ...extra,
  });
export const countBy = (path: string, fields: string[], extra: Record<string, unknown> = {}) =>
  createEndpoint(admin, key, {
    path,
    type: 'aggregate',
    object: CATEGORY,
    aggregate: { dimensions: fields.map((field) => ({ variable: field, field })), measures: [] },
    ...extra,
  });

/**
 * The set-up of the locales suite: the keyed suite and Lists of categories in French, in the locale `?locale=`
 * chooses, in every locale and in the site's default.
 */
export const localesSuite = () => {
  ({ app, admin, key } = keyedSuite());
  beforeAll(async () => {
    await categories('categories/fr', { locale: 'fr' });
    await categories('categories/chosen', { locale: 'query', fields: [{ name: 'name' }, { name: 'locale' }] });
    await categories('categories/every', { locale: 'all', fields: [{ name: 'name' }, { name: 'locale' }] });
    await categories('categories/default');
  });
};
