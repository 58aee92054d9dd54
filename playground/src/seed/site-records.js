const { uploadImages } = require('./images');

/**
 * The records the marketing site's pages link to (logos, testimonials, plans), with their images: the targets
 * of the relations inside the pages' sections and the global navbar. Returned as documentIds by name.
 */

const IMAGES = [
  { key: 'heroHome', name: 'hero-home.png', width: 960, height: 480, background: '#0b5fff' },
  { key: 'heroAbout', name: 'hero-about.png', width: 800, height: 400, background: '#ff7a0b' },
  { key: 'iconFast', name: 'icon-fast.png', width: 64, height: 64, background: '#ffcc00' },
  { key: 'iconSecure', name: 'icon-secure.png', width: 64, height: 64, background: '#00aa55' },
  { key: 'iconGlobal', name: 'icon-global.png', width: 64, height: 64, background: '#0088cc' },
  { key: 'avatarAda', name: 'avatar-ada.png', width: 96, height: 96, background: '#aa3355' },
  { key: 'avatarAlan', name: 'avatar-alan.png', width: 96, height: 96, background: '#3355aa' },
  { key: 'avatarGrace', name: 'avatar-grace.png', width: 96, height: 96, background: '#55aa33' },
  { key: 'logoPlayground', name: 'logo-playground.png', width: 200, height: 100, background: '#111111' },
  { key: 'logoAcme', name: 'logo-acme.png', width: 200, height: 100, background: '#cc0000' },
  { key: 'logoGlobex', name: 'logo-globex.png', width: 200, height: 100, background: '#00cc00' },
  { key: 'logoInitech', name: 'logo-initech.png', width: 200, height: 100, background: '#0000cc' },
  { key: 'logoUmbrella', name: 'logo-umbrella.png', width: 200, height: 100, background: '#cc00cc' },
];

const LOGOS = [
  { key: 'playground', company: 'Playground Cloud', image: 'logoPlayground' },
  { key: 'acme', company: 'Acme', image: 'logoAcme' },
  { key: 'globex', company: 'Globex', image: 'logoGlobex' },
  { key: 'initech', company: 'Initech', image: 'logoInitech' },
  { key: 'umbrella', company: 'Umbrella', image: 'logoUmbrella' },
];

const TESTIMONIALS = [
  {
    key: 'ada',
    name: 'Ada Lovelace',
    avatar: 'avatarAda',
    company: 'acme',
    quote: { en: 'Our pages went live in a day.', fr: 'Nos pages étaient en ligne en un jour.' },
  },
  {
    key: 'alan',
    name: 'Alan Turing',
    avatar: 'avatarAlan',
    company: 'globex',
    quote: { en: 'The editors never wait for us.', fr: 'Les rédacteurs ne nous attendent jamais.' },
  },
  {
    key: 'grace',
    name: 'Grace Hopper',
    avatar: 'avatarGrace',
    company: 'initech',
    quote: { en: 'One call per page, at last.', fr: 'Un seul appel par page, enfin.' },
  },
];

const PLANS = [
  {
    key: 'starter',
    name: 'Starter',
    price: 0,
    featured: false,
    perks: ['1 project', 'Community support'],
    products: 1,
  },
  {
    key: 'pro',
    name: 'Pro',
    price: 29,
    featured: true,
    perks: ['10 projects', 'E-mail support', 'Custom domain'],
    products: 2,
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    price: 99.5,
    featured: false,
    perks: ['Unlimited projects', 'A named engineer'],
    products: 3,
  },
];

const uploadSiteImages = async (strapi) => {
  const ids = await uploadImages(
    strapi,
    IMAGES.map(({ key, ...image }) => ({ ...image, alternativeText: key, caption: null }))
  );
  return Object.fromEntries(IMAGES.map(({ key }, i) => [key, ids[i]]));
};

/** Creates each item through the Document Service, published; returns their documentIds by key. */
const publishAll = async (strapi, uid, items, dataOf) => {
  const documents = strapi.documents(uid);
  const ids = {};
  for (const item of items) {
    ids[item.key] = (await documents.create({ data: dataOf(item), status: 'published' })).documentId;
  }
  return ids;
};

/** Testimonials are translated: the English version first, then the French one of the same document. */
const seedTestimonials = async (strapi, images, logos) => {
  const documents = strapi.documents('api::testimonial.testimonial');
  const ids = {};
  for (const t of TESTIMONIALS) {
    const data = (locale) => ({
      name: t.name,
      quote: t.quote[locale],
      avatar: images[t.avatar],
      company: logos[t.company],
    });
    const en = await documents.create({ locale: 'en', data: data('en'), status: 'published' });
    await documents.update({ documentId: en.documentId, locale: 'fr', data: data('fr'), status: 'published' });
    ids[t.key] = en.documentId;
  }
  return ids;
};

/** The shop's first products (by id), which plans include; none when the shop is not seeded. */
const firstProducts = async (strapi, n) => {
  const rows = await strapi.db
    .query('api::product.product')
    .findMany({ select: ['documentId'], orderBy: { id: 'asc' }, limit: n });
  return rows.map((row) => row.documentId);
};

const seedRecords = async (strapi) => {
  const images = await uploadSiteImages(strapi);
  const logos = await publishAll(strapi, 'api::logo.logo', LOGOS, (logo) => ({
    company: logo.company,
    image: images[logo.image],
  }));
  const testimonials = await seedTestimonials(strapi, images, logos);
  const products = await firstProducts(strapi, Math.max(...PLANS.map((plan) => plan.products)));
  const plans = await publishAll(strapi, 'api::plan.plan', PLANS, (plan) => ({
    name: plan.name,
    price: plan.price,
    featured: plan.featured,
    perks: plan.perks.map((text) => ({ text })),
    products: products.slice(0, plan.products),
  }));
  return { images, logos, testimonials, plans };
};

module.exports = { seedRecords };
