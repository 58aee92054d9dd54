import type { Json } from '../helpers/json';
import {
  ABOUT_DRAFT_TITLE,
  ARTICLE_SLUGS,
  DRAFT_ONLY_PAGE_SLUG,
  PAGE_SLUGS,
  restArticle,
  restGlobal,
  restHomePage,
  restPage,
  restPageList,
  type SiteLocale,
} from '../helpers/marketing-site';
import { startApp, type TestApp } from '../helpers/strapi';

/**
 * The marketing-site test bed: the playground's seeded pages, global and articles are what Strapi's
 * REST API answers with the deep `populate` of tests/helpers/marketing-site.ts, without a token. This proves the
 * seed (sections in the editor's order, relations and images at every level, translations, drafts) and the
 * helper that the `/_api` comparisons and the benchmark use.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});
const http = () => app.http();

const slugOf = (link: Json) => link.page?.slug ?? null;
const linksOf = (links: Json[]) => links.map((link) => [link.label, slugOf(link) ?? link.url]);

const HOME = {
  en: {
    title: 'Home',
    hero: 'Ship content faster',
    buttons: [
      ['Pricing', 'pricing'],
      ['Read the docs', 'https://docs.strapi.io'],
    ],
    features: ['Fast', 'Secure', 'Global'],
    quotes: ['The editors never wait for us.', 'Our pages went live in a day.'],
    cta: ['About us', 'about'],
  },
  fr: {
    title: 'Accueil',
    hero: 'Publiez plus vite',
    buttons: [
      ['Tarifs', 'tarifs'],
      ['Lire la documentation', 'https://docs.strapi.io'],
    ],
    features: ['Rapide', 'Sûr', 'International'],
    quotes: ['Les rédacteurs ne nous attendent jamais.', 'Nos pages étaient en ligne en un jour.'],
    cta: ['À propos', 'a-propos'],
  },
};
const OTHER: Record<SiteLocale, SiteLocale> = { en: 'fr', fr: 'en' };

describe.each(['en', 'fr'] as const)('the home page in %s', (locale) => {
  let page: Json;
  beforeAll(async () => {
    const { data } = await restHomePage(http, locale);
    expect(data).toHaveLength(1);
    page = data[0];
  });
  const section = (component: string) => page.sections.find((s: Json) => s.__component === component);

  test('has its sections in the editor order, each kind once', () => {
    expect(page.title).toBe(HOME[locale].title);
    expect(page.locale).toBe(locale);
    expect(page.sections.map((s: Json) => s.__component)).toEqual([
      'sections.hero',
      'sections.logo-cloud',
      'sections.feature-grid',
      'sections.testimonials',
      'sections.pricing',
      'sections.rich-text',
      'sections.cta',
    ]);
  });

  test('hero: its image (with Strapi formats) and buttons to a page of its locale or to a URL', () => {
    const hero = section('sections.hero');
    expect(hero.heading).toBe(HOME[locale].hero);
    expect(hero.image).toMatchObject({ name: 'hero-home.png', width: 960, height: 480, mime: 'image/png' });
    expect(Object.keys(hero.image.formats).sort()).toEqual(['medium', 'small', 'thumbnail']);
    expect(linksOf(hero.buttons)).toEqual(HOME[locale].buttons);
    expect(hero.buttons.map((b: Json) => b.variant)).toEqual(['primary', 'secondary']);
  });

  test('relations keep their order, with the related records’ own images', () => {
    expect(section('sections.logo-cloud').logos.map((l: Json) => [l.company, l.image.name])).toEqual([
      ['Umbrella', 'logo-umbrella.png'],
      ['Acme', 'logo-acme.png'],
      ['Initech', 'logo-initech.png'],
    ]);
    const testimonials = section('sections.testimonials').testimonials;
    expect(testimonials.map((t: Json) => [t.name, t.quote, t.avatar.name])).toEqual([
      ['Alan Turing', HOME[locale].quotes[0], 'avatar-alan.png'],
      ['Ada Lovelace', HOME[locale].quotes[1], 'avatar-ada.png'],
    ]);
    // Three levels of relations inside a dynamic zone: page -> testimonial -> company logo -> image.
    expect(testimonials.map((t: Json) => [t.company.company, t.company.image.name])).toEqual([
      ['Globex', 'logo-globex.png'],
      ['Acme', 'logo-acme.png'],
    ]);
  });

  test('features with their icons, plans with their perks and products', () => {
    expect(section('sections.feature-grid').features.map((f: Json) => [f.title, f.icon.name])).toEqual([
      [HOME[locale].features[0], 'icon-fast.png'],
      [HOME[locale].features[1], 'icon-secure.png'],
      [HOME[locale].features[2], 'icon-global.png'],
    ]);
    const plans = section('sections.pricing').plans;
    expect(plans.map((p: Json) => [p.name, p.price, p.featured, p.perks.length, p.products.length])).toEqual([
      ['Starter', 0, false, 2, 1],
      ['Pro', 29, true, 3, 2],
      ['Enterprise', 99.5, false, 2, 3],
    ]);
    expect(plans[2].products.map((p: Json) => p.sku)).toEqual(['SKU-0000001', 'SKU-0000002', 'SKU-0000003']);
  });

  test('rich text in blocks, a call to action to another page, SEO and the other translation', () => {
    expect(section('sections.rich-text').body[0].type).toBe('paragraph');
    expect(linksOf([section('sections.cta').link])).toEqual([HOME[locale].cta]);
    expect(page.seo).toMatchObject({ metaTitle: 'Playground Cloud', shareImage: { name: 'hero-home.png' } });
    expect(page.seo.social.map((s: Json) => s.network)).toEqual(['mastodon']);
    expect(page.localizations.map((l: Json) => [l.locale, l.slug])).toEqual([
      [OTHER[locale], PAGE_SLUGS[OTHER[locale]].home],
    ]);
  });

  test('its images are served', async () => {
    const response = await http().get(section('sections.hero').image.url);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});

describe('drafts', () => {
  test('a published read lists the published pages of a locale, not the draft-only one', async () => {
    const titles = async (locale: SiteLocale) =>
      (await restPageList(http, locale)).data.map((p: Json) => [p.slug, p.localizations[0].slug]);
    expect(await titles('en')).toEqual([
      ['pricing', 'tarifs'],
      ['about', 'a-propos'],
      ['home', 'accueil'],
    ]);
    expect(await titles('fr')).toEqual([
      ['tarifs', 'pricing'],
      ['a-propos', 'about'],
      ['accueil', 'home'],
    ]);
    expect((await restPage(http, DRAFT_ONLY_PAGE_SLUG, 'en')).data).toEqual([]);
  });

  test('an edited page is read with its published title; its draft holds the edit', async () => {
    const [about] = (await restPage(http, PAGE_SLUGS.en.about, 'en')).data;
    expect(about.title).toBe('About us');
    expect(about.sections.map((s: Json) => s.__component)).toEqual([
      'sections.hero',
      'sections.rich-text',
      'sections.logo-cloud',
      'sections.testimonials',
      'sections.cta',
    ]);
    const draft = await http().get(`/api/pages?status=draft&filters[slug][$eq]=about&fields[0]=title`);
    expect(draft.body.data.map((p: Json) => p.title)).toEqual([ABOUT_DRAFT_TITLE]);
  });
});

describe.each(['en', 'fr'] as const)('the global single type in %s', (locale) => {
  test('navbar (a logo record with its image, links to pages), footer columns, default SEO', async () => {
    const { data } = await restGlobal(http, locale);
    const slugs = PAGE_SLUGS[locale];
    expect(data.locale).toBe(locale);
    expect(data.navbar.logo).toMatchObject({ company: 'Playground Cloud', image: { name: 'logo-playground.png' } });
    expect(data.navbar.links.map(slugOf)).toEqual([slugs.home, slugs.pricing, slugs.about, null]);
    expect(data.footer.columns.map((c: Json) => c.links.map((l: Json) => slugOf(l) ?? l.url))).toEqual([
      [slugs.pricing, '/#features'],
      [slugs.about, 'https://github.com/strapi/strapi'],
    ]);
    expect(data.seo.shareImage.name).toBe('hero-home.png');
    expect(data.localizations.map((l: Json) => l.locale)).toEqual([OTHER[locale]]);
  });
});

describe('articles', () => {
  test('an article page: its cover, translated categories and related articles in order', async () => {
    const { data } = await restArticle(http, ARTICLE_SLUGS[0]);
    expect(data).toHaveLength(1);
    const [article] = data;
    expect(article.title).toBe('Introducing Playground Cloud');
    expect(article.cover.name).toBe('hero-home.png');
    expect(article.categories.map((c: Json) => [c.slug, c.localizations.map((l: Json) => l.name)])).toEqual([
      ['news', ['Actualités']],
      ['stories', ['Récits']],
    ]);
    expect(article.relatedArticles.map((a: Json) => [a.slug, a.cover?.name ?? null])).toEqual([
      ['acme-ships-daily', null],
      ['five-tips', 'hero-about.png'],
    ]);
  });

  test('related articles link both ways', async () => {
    const related = async (slug: string) =>
      (await restArticle(http, slug)).data[0].relatedArticles.map((a: Json) => a.slug);
    expect(await related(ARTICLE_SLUGS[1])).toEqual([ARTICLE_SLUGS[0]]);
    expect(await related(ARTICLE_SLUGS[2])).toEqual([ARTICLE_SLUGS[0], ARTICLE_SLUGS[1]]);
  });
});
