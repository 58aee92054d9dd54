'use strict';

/**
 * The playground's marketing site (playground/src/seed/site.js) as its front end reads it: from Strapi's own REST
 * API, one deep-`populate` call per page, as a LaunchPad-like Next.js front end makes them; and from `/_api`, one
 * List per kind of page whose fields (`API_FIELDS`) answer the same content. Shared by the integration tests
 * (tests/helpers/marketing-site.ts) and the benchmark (scripts/bench-site.js).
 */

const SITE_LOCALES = ['en', 'fr'];

/** The slugs of the published pages, by locale (`careers` is only a draft, in English). */
const PAGE_SLUGS = {
  en: { home: 'home', pricing: 'pricing', about: 'about' },
  fr: { home: 'accueil', pricing: 'tarifs', about: 'a-propos' },
};
const DRAFT_ONLY_PAGE_SLUG = 'careers';
/** The English `about` page's title in its unpublished draft (its published title is "About us"). */
const ABOUT_DRAFT_TITLE = 'About us (draft)';
/** The site's articles (not translated; their categories are). */
const ARTICLE_SLUGS = ['introducing-playground-cloud', 'five-tips', 'acme-ships-daily'];

/** Strapi REST's bracket syntax for nested parameters (what `qs.stringify(..., { encodeValuesOnly: true })` makes). */
const restQuery = (params) => flatten(params, '').join('&');
const flatten = (value, key) => {
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
const pagePath = (slug, locale) =>
  `/api/pages?${restQuery({
    filters: { slug: { $eq: slug } },
    locale,
    populate: { seo: SEO, sections: SECTIONS, localizations: { fields: ['title', 'slug', 'locale'] } },
  })}`;

/** The home page, the one the benchmark serves. */
const homePagePath = (locale) => pagePath(PAGE_SLUGS[locale].home, locale);

/** What every page shows around its sections: the navbar (logo, links), the footer (columns of links), default SEO. */
const globalPath = (locale) =>
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
const articlePath = (slug) =>
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
const pageListPath = (locale) =>
  `/api/pages?${restQuery({
    locale,
    fields: ['title', 'slug'],
    sort: ['id:asc'],
    populate: { localizations: { fields: ['slug', 'locale'] } },
  })}`;

const names = (...list) => list.map((name) => ({ name }));
const LINK_PAGE = { name: 'page', fields: names('title', 'slug') };

/**
 * The fields of the `/_api` Lists that answer what REST's `pagePath`, `globalPath` and `articlePath` do. To-many
 * relations take limits a page shows, which keep a List's worst case (a page of 100 records) under the plugin's
 * bound on related records per answer (docs/content.md#what-related-fields-cost).
 */
const API_FIELDS = {
  page: [
    ...names('title', 'slug', 'seo'),
    {
      name: 'sections',
      fields: [
        { name: 'buttons', fields: [LINK_PAGE] },
        { name: 'link', fields: [LINK_PAGE] },
        {
          name: 'testimonials',
          limit: 10,
          fields: [...names('name', 'quote', 'avatar'), { name: 'company', fields: names('company', 'image') }],
        },
        { name: 'logos', limit: 20, fields: names('company', 'image') },
        {
          name: 'plans',
          limit: 6,
          fields: [
            ...names('name', 'price', 'featured', 'perks'),
            { name: 'products', limit: 10, fields: names('title', 'sku', 'price') },
          ],
        },
      ],
    },
    { name: 'localizations', fields: names('title', 'slug', 'locale') },
  ],
  global: [
    ...names('siteName', 'seo'),
    {
      name: 'navbar',
      fields: [
        { name: 'logo', fields: names('company', 'image') },
        { name: 'links', fields: [LINK_PAGE] },
      ],
    },
    { name: 'footer', fields: [{ name: 'columns', fields: [{ name: 'links', fields: [LINK_PAGE] }] }] },
    { name: 'localizations', fields: names('siteName', 'locale') },
  ],
  article: [
    ...names('title', 'slug', 'body', 'cover'),
    {
      name: 'categories',
      limit: 10,
      fields: [...names('name', 'slug'), { name: 'localizations', fields: names('name', 'slug', 'locale') }],
    },
    { name: 'relatedArticles', limit: 10, fields: names('title', 'slug', 'cover') },
  ],
};

module.exports = {
  SITE_LOCALES,
  PAGE_SLUGS,
  DRAFT_ONLY_PAGE_SLUG,
  ABOUT_DRAFT_TITLE,
  ARTICLE_SLUGS,
  restQuery,
  pagePath,
  homePagePath,
  globalPath,
  articlePath,
  pageListPath,
  API_FIELDS,
};
