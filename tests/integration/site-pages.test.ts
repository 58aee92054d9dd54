import type { Json } from '../helpers/json';
import type { FieldSpec } from '../../contracts/definition';
import { served } from '../helpers/cache';
import { callWithKey, createEndpoint } from '../helpers/fixtures';
import { FILE_URL, unsigned } from '../helpers/files';
import { keyedSuite } from '../helpers/keyed-suite';
import {
  API_FIELDS,
  ARTICLE_SLUGS,
  DRAFT_ONLY_PAGE_SLUG,
  PAGE_SLUGS,
  restArticle,
  restGlobal,
  restPage,
  SITE_LOCALES,
} from '../helpers/marketing-site';

/**
 * One page, one call: each page of the playground's marketing site (tests/helpers/marketing-site.ts)
 * read with one `/_api` List, compared field by field with what Strapi's REST API answers with the deep
 * `populate` a front end sends: a page's dynamic zone (components holding relations, media in related records,
 * links to pages), the global single type (navbar logo record with its image, footer columns of links), an
 * article (categories with their translations, related articles with covers), and each one's translations.
 */

const { app, admin, key } = keyedSuite();
const call = callWithKey(
  () => app,
  () => key
);
const http = () => app.http();

const { page: PAGE_FIELDS, global: GLOBAL_FIELDS, article: ARTICLE_FIELDS } = API_FIELDS;

const isFile = (value: unknown): value is { id: number } =>
  Boolean(value && typeof value === 'object' && 'mime' in value && 'hash' in value);
const byLocale = (list: Json[]) => [...list].sort((a, b) => String(a.locale).localeCompare(String(b.locale)));

/**
 * A REST value as the List answers it under `spec`: files as their ids (ours are signed URLs, see `unsigned`),
 * related records with the chosen fields only, components without their ids, translations by locale.
 */
const asOurs = (value: unknown, spec?: FieldSpec): unknown => {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) {
    const list = value.map((v) => asOurs(v, spec));
    return spec?.name === 'localizations' ? byLocale(list as Json[]) : list;
  }
  if (isFile(value)) return value.id;
  if (typeof value !== 'object') return value;
  const object = value as Json;
  if ('documentId' in object && spec?.fields) return recordOf(object, spec.fields);
  // A component: every field but its id, the relations `spec` chooses answered as records.
  const inside = new Map((spec?.fields ?? []).map((inner) => [inner.name, inner]));
  return Object.fromEntries(
    Object.entries(object)
      .filter(([name]) => name !== 'id')
      .map(([name, inner]) => [name, asOurs(inner, inside.get(name))])
  );
};
const recordOf = (record: Json, fields: FieldSpec[]) =>
  Object.fromEntries(fields.map((spec) => [spec.name, asOurs(record[spec.name], spec)]));

beforeAll(async () => {
  const list = (path: string, object: string, fields: FieldSpec[], extra: Json = {}) =>
    createEndpoint(admin, key, { path, type: 'list', object, fields, ...extra });
  await list('site/pages', 'api::page.page', PAGE_FIELDS, { locale: 'query' });
  await list('site/global', 'api::global.global', GLOBAL_FIELDS, { locale: 'query' });
  await list('site/articles', 'api::article.article', ARTICLE_FIELDS);
  // The demo's navbar endpoint: public, kept here and by a CDN.
  await list('site/navbar', 'api::global.global', GLOBAL_FIELDS, {
    locale: 'query',
    auth: { method: 'public' },
    rateLimit: { requests: 1000, windowSeconds: 60 },
    cache: { maxAgeSeconds: 300, sharedMaxAgeSeconds: 60, staleWhileRevalidateSeconds: 300 },
  });
});

describe('each page of the site in one call, with the content REST populate gives', () => {
  test('the plugin is loaded', () => {
    expect(app.strapi.plugin('data-api')).toBeDefined();
  });

  test.each(SITE_LOCALES.flatMap((locale) => Object.values(PAGE_SLUGS[locale]).map((slug) => [locale, slug])))(
    'the %s page %s: sections, their related records and images, its translations',
    async (locale, slug) => {
      const ours = await call('get', `/_api/site/pages?locale=${locale}&slug=${slug}`);
      expect(ours.status).toBe(200);
      const [theirs] = (await restPage(http, slug, locale as 'en' | 'fr')).data;
      expect(theirs.sections.length).toBeGreaterThan(0);
      expect(unsigned(ours.body.items)).toEqual([recordOf(theirs, PAGE_FIELDS)]);
    }
  );

  test('the home page holds every kind of section, with relations and images at every level', async () => {
    const [home] = (await call('get', '/_api/site/pages?locale=en&slug=home')).body.items;
    const kinds = home.sections.map((s: Json) => s.__component);
    expect(kinds).toEqual(expect.arrayContaining(['sections.hero', 'sections.testimonials', 'sections.logo-cloud']));
    const testimonials = home.sections.find((s: Json) => s.__component === 'sections.testimonials').testimonials;
    expect(testimonials[0].company.image).toMatch(FILE_URL);
    expect(home.localizations).toEqual([expect.objectContaining({ locale: 'fr' })]);
  });

  test('a draft-only page is not read, as REST does not', async () => {
    const ours = await call('get', `/_api/site/pages?locale=en&slug=${DRAFT_ONLY_PAGE_SLUG}`);
    expect(ours.body.items).toEqual([]);
  });

  test.each(SITE_LOCALES)('the %s global: navbar logo and links, footer columns, translations', async (locale) => {
    const ours = await call('get', `/_api/site/global?locale=${locale}`);
    expect(ours.status).toBe(200);
    const theirs = (await restGlobal(http, locale)).data;
    expect(theirs.navbar.logo.image).toBeTruthy();
    expect(unsigned(ours.body.items)).toEqual([recordOf(theirs, GLOBAL_FIELDS)]);
  });

  test.each(ARTICLE_SLUGS)('the article %s: categories with their translations, related articles', async (slug) => {
    const ours = await call('get', `/_api/site/articles?slug=${slug}`);
    expect(ours.status).toBe(200);
    const [theirs] = (await restArticle(http, slug)).data;
    expect(unsigned(ours.body.items)).toEqual([recordOf(theirs, ARTICLE_FIELDS)]);
  });
});

describe("the navbar's answers a CDN keeps", () => {
  const ORDER = 'api::order.order';
  const FILE = 'plugin::upload.file';
  const navbar = () => served(app, () => http().get('/_api/site/navbar?locale=en'));
  /** The navbar kept (its first answer teaches what it reads), then `write`: how the next request is served. */
  const afterWrite = async (write: () => Promise<unknown>) => {
    await navbar();
    expect((await navbar()).as).toBe('hit');
    await write();
    return (await navbar()).as;
  };
  const anOrder = () => app.strapi.db.query(ORDER).findOne({ select: ['id'], orderBy: { id: 'asc' } });

  test('are tagged with the content types they show, never a table, a component or an unshown type', async () => {
    await navbar();
    const { response } = await navbar();
    const tags = String(response.headers['surrogate-key']).split(' ');
    expect(tags.slice(0, 2)).toEqual(['data-api', expect.stringMatching(/^data-api:endpoint:\d+$/)]);
    expect(tags).toEqual(
      expect.arrayContaining([
        'data-api:type:api::global.global',
        'data-api:type:api::logo.logo',
        `data-api:type:${FILE}`,
      ])
    );
    for (const tag of tags.slice(2)) expect(tag).toMatch(/^data-api:type:(api|plugin)::[a-z-]+\.[a-z-]+$/);
    expect(tags).not.toContain(`data-api:type:${ORDER}`);
    expect(response.headers['cache-tag']).toBe(tags.join(','));
  });

  test("stay hits after a write of an order, whose media field is not the navbar's", async () => {
    const { id } = await anOrder();
    expect(await afterWrite(() => app.strapi.db.query(ORDER).update({ where: { id }, data: { note: 'seen' } }))).toBe(
      'hit'
    );
  });

  test("are misses after a write of the global, of its logo's file, or of an order's media link", async () => {
    const global = () => app.strapi.db.query('api::global.global').findOne({ select: ['id'], where: { locale: 'en' } });
    const { id: globalId } = await global();
    expect(
      await afterWrite(() =>
        app.strapi.db.query('api::global.global').update({ where: { id: globalId }, data: { siteName: 'Renamed' } })
      )
    ).toBe('miss');
    const { response } = await navbar();
    const [shown] = unsigned(response.body.items) as Array<{ navbar: { logo: { image: number } } }>;
    const logoFile = shown.navbar.logo.image;
    expect(
      await afterWrite(() => app.strapi.db.query(FILE).update({ where: { id: logoFile }, data: { caption: 'new' } }))
    ).toBe('miss');
    // An order's media links are rows of the table the navbar's logo is read from.
    const { id } = await anOrder();
    expect(
      await afterWrite(() => app.strapi.db.query(ORDER).update({ where: { id }, data: { attachment: logoFile } }))
    ).toBe('miss');
  });
});
