import type supertest from 'supertest';

/**
 * The playground's marketing site (playground/src/seed/site.js) as its front end reads it from Strapi's own REST
 * API: one deep-`populate` call per page, as a LaunchPad-like Next.js front end makes them. The paths are
 * exported for benchmarks (autocannon takes a URL), the `rest*` functions call them on a suite's app (no token:
 * the playground grants these reads to the public role) and return REST's JSON body, for tests that compare a
 * `/_api` answer with REST's, field by field.
 */

export const SITE_LOCALES = ['en', 'fr'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

/** The slugs of the published pages, by locale (`careers` is only a draft, in English). */
export const PAGE_SLUGS = {
  en: { home: 'home', pricing: 'pricing', about: 'about' },
  fr: { home: 'accueil', pricing: 'tarifs', about: 'a-propos' },
} as const satisfies Record<SiteLocale, Record<string, string>>;
export const DRAFT_ONLY_PAGE_SLUG = 'careers';
/** The English `about` page's title in its unpublished draft (its published title is "About us"). */
export const ABOUT_DRAFT_TITLE = 'About us (draft)';
/** The site's articles (not translated; their categories are). */
export const ARTICLE_SLUGS = ['introducing-playground-cloud', 'five-tips', 'acme-ships-daily'] as const;

/** Strapi REST's bracket syntax for nested parameters (what `qs.stringify(..., { encodeValuesOnly: true })` makes). */
export const restQuery = (params: Record<string, unknown>): string => flatten(params, '').join('&');
const flatten = (value: unknown, key: string): string[] => {
  if (Array.isArray(value)) return value.flatMap((item, i) => flatten(item, `${key}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => flatten(item, key ? `${key}[${name}]` : name));
  }
  return [`${key}=${encodeURIComponent(String(value))}`];
};

/** A link component: its label, URL and the page it may point to (title and slug, for the `href`). */
const LINK = { populate: { page: { fields: ['title', 'slug'] } } };
/** A related record's image: the whole file object (url, alternativeText, width, height, formats...). */
const WITH_IMAGE = { image: true };
const SEO = { populate: { shareImage: true, social: true } };

/** Every kind of section a page may hold, each with the relations and media it shows. */
const SECTIONS = {
  on: {
    'sections.hero': { populate: { image: true, buttons: LINK } },
    'sections.testimonials': {
      populate: {
        testimonials: {
          fields: ['name', 'quote'],
          populate: { avatar: true, company: { fields: ['company'], populate: WITH_IMAGE } },
        },
      },
    },
    'sections.logo-cloud': { populate: { logos: { fields: ['company'], populate: WITH_IMAGE } } },
    'sections.pricing': {
      populate: {
        plans: {
          fields: ['name', 'price', 'featured'],
          populate: { perks: true, products: { fields: ['title', 'sku', 'price'] } },
        },
      },
    },
    'sections.feature-grid': { populate: { features: { populate: { icon: true } } } },
    'sections.rich-text': true,
    'sections.cta': { populate: { link: LINK } },
  },
};

/** A page by slug in one locale: its sections, SEO and the other translations (for the language switcher). */
export const pagePath = (slug: string, locale: SiteLocale) =>
  `/api/pages?${restQuery({
    filters: { slug: { $eq: slug } },
    locale,
    populate: { seo: SEO, sections: SECTIONS, localizations: { fields: ['title', 'slug', 'locale'] } },
  })}`;

/** The home page, the one the benchmark serves. */
export const homePagePath = (locale: SiteLocale) => pagePath(PAGE_SLUGS[locale].home, locale);

/** What every page shows around its sections: the navbar (logo, links), the footer (columns of links), default SEO. */
export const globalPath = (locale: SiteLocale) =>
  `/api/global?${restQuery({
    locale,
    populate: {
      navbar: { populate: { logo: { fields: ['company'], populate: WITH_IMAGE }, links: LINK } },
      footer: { populate: { columns: { populate: { links: LINK } } } },
      seo: SEO,
      localizations: { fields: ['siteName', 'locale'] },
    },
  })}`;

/** An article page: its cover, categories (with their translations) and related articles (with their covers). */
export const articlePath = (slug: string) =>
  `/api/articles?${restQuery({
    filters: { slug: { $eq: slug } },
    fields: ['title', 'slug', 'body'],
    populate: {
      cover: true,
      categories: { fields: ['name', 'slug'], populate: { localizations: { fields: ['name', 'slug', 'locale'] } } },
      relatedArticles: { fields: ['title', 'slug'], populate: { cover: true } },
    },
  })}`;

/** The links of a sitemap or a language switcher: every published page of a locale with its translations. */
export const pageListPath = (locale: SiteLocale) =>
  `/api/pages?${restQuery({
    locale,
    fields: ['title', 'slug'],
    sort: ['id:asc'],
    populate: { localizations: { fields: ['slug', 'locale'] } },
  })}`;

type Http = () => supertest.Agent;
/** Strapi REST's JSON body for `path`, which must answer 200. */
const restGet = async (http: Http, path: string) => {
  const response = await http().get(path);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { data: any; meta: Record<string, unknown> };
};

export const restPage = (http: Http, slug: string, locale: SiteLocale) => restGet(http, pagePath(slug, locale));
export const restHomePage = (http: Http, locale: SiteLocale) => restGet(http, homePagePath(locale));
export const restGlobal = (http: Http, locale: SiteLocale) => restGet(http, globalPath(locale));
export const restArticle = (http: Http, slug: string) => restGet(http, articlePath(slug));
export const restPageList = (http: Http, locale: SiteLocale) => restGet(http, pageListPath(locale));
