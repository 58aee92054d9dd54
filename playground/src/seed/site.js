const { ensureLocales } = require('./locales');
const { seedRecords } = require('./site-records');
const { pricing, about, home, careers, globalData } = require('./site-pages');

/**
 * The marketing half of the playground, shaped like Strapi's LaunchPad starter: pages whose `sections` dynamic
 * zone links to testimonials, logos and plans (images at every level), a `global` single type (navbar, footer,
 * default SEO), articles with categories and related articles; pages and global in `en` and `fr`. Written
 * through the Document Service, as an editor's would be. Every page, locale and draft state has a purpose:
 * - `pricing`, `about`, `home`: published in both locales (created in that order: each links to the earlier);
 * - `careers`: only a draft (English), so published reads leave it out;
 * - `about` (en): published, then edited without publishing: its draft has another title.
 */

const ABOUT_DRAFT_TITLE = 'About us (draft)';

const seedPages = async (strapi, refs) => {
  const documents = strapi.documents('api::page.page');
  const pages = {};
  for (const [key, content] of Object.entries({ pricing, about, home })) {
    const en = await documents.create({ locale: 'en', data: content('en', { ...refs, pages }), status: 'published' });
    const fr = content('fr', { ...refs, pages });
    await documents.update({ documentId: en.documentId, locale: 'fr', data: fr, status: 'published' });
    pages[key] = en.documentId;
  }
  pages.careers = (await documents.create({ locale: 'en', data: careers('en', { ...refs, pages }) })).documentId;
  await documents.update({ documentId: pages.about, locale: 'en', data: { title: ABOUT_DRAFT_TITLE } });
  return pages;
};

const seedGlobal = async (strapi, refs) => {
  const documents = strapi.documents('api::global.global');
  const en = await documents.create({ locale: 'en', data: globalData('en', refs), status: 'published' });
  await documents.update({
    documentId: en.documentId,
    locale: 'fr',
    data: globalData('fr', refs),
    status: 'published',
  });
};

const ARTICLES = [
  {
    key: 'launch',
    slug: 'introducing-playground-cloud',
    title: 'Introducing Playground Cloud',
    categories: ['news', 'stories'],
    cover: 'heroHome',
  },
  { key: 'tips', slug: 'five-tips', title: 'Five tips for faster pages', categories: ['guides'], cover: 'heroAbout' },
  {
    key: 'acme',
    slug: 'acme-ships-daily',
    title: 'How Acme ships every day',
    categories: ['stories', 'guides'],
    cover: null,
  },
];
/** Related articles, not in id order; the first article's list is set once the others exist. */
const RELATED = { launch: ['acme', 'tips'], tips: ['launch'], acme: ['launch', 'tips'] };

/** The site's blog: articles linking to the blog's translated categories (by slug) and to one another. */
const seedArticles = async (strapi, { images }) => {
  const documents = strapi.documents('api::article.article');
  // None when the blog is not seeded (SEED=posts=0): the articles then have no categories.
  const categories = await strapi.documents('api::category.category').findMany({ locale: 'en', fields: ['slug'] });
  const categoryOf = new Map(categories.map((c) => [c.slug, c.documentId]));
  const ids = {};
  const related = (key) => ({
    connect: RELATED[key].filter((other) => ids[other]).map((other) => ({ documentId: ids[other] })),
  });
  for (const a of ARTICLES) {
    const data = {
      title: a.title,
      slug: a.slug,
      body: `${a.title}: the full story.`,
      cover: a.cover && images[a.cover],
      categories: {
        connect: a.categories
          .filter((slug) => categoryOf.has(slug))
          .map((slug) => ({ documentId: categoryOf.get(slug), locale: 'en' })),
      },
      relatedArticles: related(a.key),
    };
    ids[a.key] = (await documents.create({ data, status: 'published' })).documentId;
  }
  const first = ARTICLES[0].key;
  await documents.update({ documentId: ids[first], data: { relatedArticles: related(first) }, status: 'published' });
  return ids;
};

/** Seeds the marketing site once (when it has no pages); returns what it wrote, or null. */
const seedSite = async (strapi) => {
  await ensureLocales(strapi);
  if ((await strapi.db.query('api::page.page').count()) > 0) return null;
  // One transaction: a seed stopped half-way leaves no records behind that the next start would add again.
  return strapi.db.transaction(async () => {
    const refs = await seedRecords(strapi);
    const pages = await seedPages(strapi, refs);
    await seedGlobal(strapi, { ...refs, pages });
    const articles = await seedArticles(strapi, refs);
    return {
      pages: Object.keys(pages).length,
      articles: Object.keys(articles).length,
      images: Object.keys(refs.images).length,
    };
  });
};

module.exports = { seedSite };
