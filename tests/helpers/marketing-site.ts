import type { Json } from './json';
import type supertest from 'supertest';
import type { FieldSpec } from '../../contracts/definition';

/**
 * The playground's marketing site (playground/src/seed/site.js) as its front end reads it (playground/src/marketing-site.js:
 * REST's deep-`populate` paths, the `/_api` Lists' fields), for tests: the `rest*` functions call REST on a suite's
 * app (no token: the playground grants these reads to the public role) and return its JSON body, for tests that
 * compare a `/_api` answer with REST's, field by field.
 */

export type SiteLocale = 'en' | 'fr';

/** The shared description of the site (playground/src/marketing-site.js, plain JavaScript for the demo and the benchmark), typed. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const site = require('../../playground/src/marketing-site') as {
  SITE_LOCALES: readonly SiteLocale[];
  PAGE_SLUGS: Record<SiteLocale, { home: string; pricing: string; about: string }>;
  DRAFT_ONLY_PAGE_SLUG: string;
  ABOUT_DRAFT_TITLE: string;
  ARTICLE_SLUGS: readonly string[];
  restQuery: (params: Record<string, unknown>) => string;
  pagePath: (slug: string, locale: SiteLocale) => string;
  homePagePath: (locale: SiteLocale) => string;
  globalPath: (locale: SiteLocale) => string;
  articlePath: (slug: string) => string;
  pageListPath: (locale: SiteLocale) => string;
  API_FIELDS: Record<'page' | 'global' | 'article', FieldSpec[]>;
};
export const {
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
} = site;

type Http = () => supertest.Agent;
/** Strapi REST's JSON body for `path`, which must answer 200. */
const restGet = async (http: Http, path: string) => {
  const response = await http().get(path);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { data: Json; meta: Record<string, unknown> };
};

export const restPage = (http: Http, slug: string, locale: SiteLocale) => restGet(http, pagePath(slug, locale));
export const restHomePage = (http: Http, locale: SiteLocale) => restGet(http, homePagePath(locale));
export const restGlobal = (http: Http, locale: SiteLocale) => restGet(http, globalPath(locale));
export const restArticle = (http: Http, slug: string) => restGet(http, articlePath(slug));
export const restPageList = (http: Http, locale: SiteLocale) => restGet(http, pageListPath(locale));
