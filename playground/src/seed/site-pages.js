const { heading, paragraph } = require('./blocks');

/**
 * The marketing site's pages, in `en` and `fr`, each as the sections of its dynamic zone. `refs` holds the
 * documentIds of the records they link to (seed/site-records.js) and of the pages created before them.
 * Relations into translated types (pages, testimonials) name the page's own locale, as the Content Manager does.
 */

const toAll = (documentIds, locale) => ({
  connect: documentIds.map((documentId) => (locale ? { documentId, locale } : { documentId })),
});
const to = (documentId, locale) => toAll([documentId], locale);
const pageLink = (label, documentId, locale, variant = 'text') => ({ label, page: to(documentId, locale), variant });
const urlLink = (label, url, variant = 'text') => ({ label, url, variant, newTab: /^https?:/.test(url) });

const seo = (metaTitle, metaDescription, shareImage = null) => ({ metaTitle, metaDescription, shareImage, social: [] });

const T = {
  en: {
    pricing: 'Pricing',
    about: 'About us',
    home: 'Home',
    plans: 'Plans for every team',
    trusted: 'Trusted by',
    contact: 'Talk to sales',
  },
  fr: {
    pricing: 'Tarifs',
    about: 'À propos',
    home: 'Accueil',
    plans: 'Une offre pour chaque équipe',
    trusted: 'Ils nous font confiance',
    contact: 'Parler à un commercial',
  },
};

const pricing = (locale, { plans }) => ({
  title: T[locale].pricing,
  slug: locale === 'en' ? 'pricing' : 'tarifs',
  seo: seo(`${T[locale].pricing} | Playground Cloud`, T[locale].plans),
  sections: [
    { __component: 'sections.hero', heading: T[locale].plans, text: null, image: null, buttons: [] },
    {
      __component: 'sections.pricing',
      heading: T[locale].pricing,
      plans: toAll([plans.starter, plans.pro, plans.enterprise]),
    },
    {
      __component: 'sections.cta',
      heading: T[locale].contact,
      link: urlLink(T[locale].contact, 'mailto:sales@example.com', 'primary'),
    },
  ],
});

const about = (locale, { images, logos, testimonials, pages }) => ({
  title: T[locale].about,
  slug: locale === 'en' ? 'about' : 'a-propos',
  seo: seo(`${T[locale].about} | Playground Cloud`, T[locale].about, images.heroAbout),
  sections: [
    {
      __component: 'sections.hero',
      heading: T[locale].about,
      text: 'Playground Cloud, since 2026.',
      image: images.heroAbout,
      buttons: [],
    },
    {
      __component: 'sections.rich-text',
      body: [
        heading(2, T[locale].about),
        paragraph(locale === 'en' ? 'We make pages fast.' : 'Nous rendons les pages rapides.'),
      ],
    },
    {
      __component: 'sections.logo-cloud',
      heading: T[locale].trusted,
      logos: toAll([logos.acme, logos.globex, logos.initech, logos.umbrella]),
    },
    { __component: 'sections.testimonials', heading: null, testimonials: toAll([testimonials.grace], locale) },
    {
      __component: 'sections.cta',
      heading: T[locale].pricing,
      link: pageLink(T[locale].pricing, pages.pricing, locale, 'primary'),
    },
  ],
});

const FEATURES = {
  en: [
    ['iconFast', 'Fast', 'One call per page.'],
    ['iconSecure', 'Secure', 'Keys, rights and rate limits.'],
    ['iconGlobal', 'Global', 'Every page in every language.'],
  ],
  fr: [
    ['iconFast', 'Rapide', 'Un appel par page.'],
    ['iconSecure', 'Sûr', 'Clés, droits et limites de débit.'],
    ['iconGlobal', 'International', 'Chaque page dans chaque langue.'],
  ],
};

const home = (locale, { images, logos, testimonials, plans, pages }) => ({
  title: T[locale].home,
  slug: locale === 'en' ? 'home' : 'accueil',
  seo: {
    ...seo(
      'Playground Cloud',
      locale === 'en' ? 'Content at the speed of light.' : 'Du contenu à la vitesse de la lumière.',
      images.heroHome
    ),
    social: [{ network: 'mastodon', title: 'Playground Cloud on Mastodon' }],
  },
  sections: [
    {
      __component: 'sections.hero',
      heading: locale === 'en' ? 'Ship content faster' : 'Publiez plus vite',
      text: locale === 'en' ? 'Pages, navbar and footer in one call each.' : 'Pages, menu et pied de page en un appel.',
      image: images.heroHome,
      buttons: [
        pageLink(T[locale].pricing, pages.pricing, locale, 'primary'),
        urlLink(locale === 'en' ? 'Read the docs' : 'Lire la documentation', 'https://docs.strapi.io', 'secondary'),
      ],
    },
    // Not in id order: a section's relations keep the editor's order.
    {
      __component: 'sections.logo-cloud',
      heading: T[locale].trusted,
      logos: toAll([logos.umbrella, logos.acme, logos.initech]),
    },
    {
      __component: 'sections.feature-grid',
      heading: locale === 'en' ? 'Why Playground Cloud' : 'Pourquoi Playground Cloud',
      features: FEATURES[locale].map(([icon, title, text]) => ({ icon: images[icon], title, text })),
    },
    {
      __component: 'sections.testimonials',
      heading: locale === 'en' ? 'What customers say' : 'Ce que disent nos clients',
      testimonials: toAll([testimonials.alan, testimonials.ada], locale),
    },
    {
      __component: 'sections.pricing',
      heading: T[locale].plans,
      plans: toAll([plans.starter, plans.pro, plans.enterprise]),
    },
    {
      __component: 'sections.rich-text',
      body: [paragraph(locale === 'en' ? 'No credit card needed.' : 'Sans carte bancaire.')],
    },
    {
      __component: 'sections.cta',
      heading: locale === 'en' ? 'Who are we?' : 'Qui sommes-nous ?',
      text: null,
      link: pageLink(T[locale].about, pages.about, locale),
    },
  ],
});

/** Only a draft, in English: absent from published reads. */
const careers = (locale, { pages }) => ({
  title: 'Careers',
  slug: 'careers',
  seo: seo('Careers | Playground Cloud', 'Join us.'),
  sections: [
    {
      __component: 'sections.hero',
      heading: 'Join us',
      text: null,
      image: null,
      buttons: [pageLink(T[locale].home, pages.home, locale)],
    },
  ],
});

/** Global: the site's name, navbar, footer and default SEO in one localized single type. */
const globalData = (locale, { images, logos, pages }) => ({
  siteName: locale === 'en' ? 'Playground Cloud' : 'Playground Cloud (FR)',
  navbar: {
    logo: logos.playground,
    links: [
      pageLink(T[locale].home, pages.home, locale),
      pageLink(T[locale].pricing, pages.pricing, locale),
      pageLink(T[locale].about, pages.about, locale),
      urlLink('Blog', '/blog'),
    ],
  },
  footer: {
    text: '© 2026 Playground Cloud',
    columns: [
      {
        title: locale === 'en' ? 'Product' : 'Produit',
        links: [pageLink(T[locale].pricing, pages.pricing, locale), urlLink('Features', '/#features')],
      },
      {
        title: locale === 'en' ? 'Company' : 'Société',
        links: [pageLink(T[locale].about, pages.about, locale), urlLink('GitHub', 'https://github.com/strapi/strapi')],
      },
    ],
  },
  seo: seo(
    'Playground Cloud',
    locale === 'en' ? 'A marketing site on Strapi 5.' : 'Un site vitrine sur Strapi 5.',
    images.heroHome
  ),
});

module.exports = { pricing, about, home, careers, globalData };
