const { uploadImages } = require('./images');
const { ensureLocales } = require('./locales');
const { paragraph } = require('./blocks');

/**
 * The blog half of the playground, shaped like Strapi's example blog (`create-strapi-app --example`): posts with
 * blocks, a cover, an author, an `seo` component (a media field and a nested repeatable component inside),
 * repeatable links (a relation inside), a dynamic zone of media, quote, rich-text and slider; categories
 * translated into two locales; two authors with an avatar. Written through Strapi's own services, as an editor's would be, so components, dynamic zones,
 * locales and Draft & Publish rows are exactly Strapi's.
 */

const CATEGORIES = [
  { en: 'News', fr: 'Actualités', slug: 'news', position: 1 },
  { en: 'Guides', fr: 'Guides pratiques', slug: 'guides', position: 2 },
  { en: 'Stories', fr: 'Récits', slug: 'stories', position: 3 },
];
const AUTHORS = [
  { name: 'Ada Writer', email: 'ada.writer@example.com' },
  { name: 'Sam Editor', email: 'sam.editor@example.com' },
];
const COLOURS = ['#3366cc', '#cc6633', '#33aa66', '#aa3399'];

/** A few real images through the upload plugin, so their formats (thumbnail, small) are Strapi's own. */
const uploadPictures = (strapi) =>
  uploadImages(
    strapi,
    COLOURS.map((background, i) => ({
      name: `picture-${i + 1}.png`,
      width: 800,
      height: 600,
      background,
      alternativeText: `Picture ${i + 1}`,
      caption: `Caption ${i + 1}`,
    }))
  );

const seedCategories = async (strapi, images) => {
  const categories = strapi.documents('api::category.category');
  const ids = [];
  for (const [i, c] of CATEGORIES.entries()) {
    const seo = (name) => ({
      metaTitle: name,
      metaDescription: `Everything filed under ${name}.`,
      shareImage: images[i % images.length],
    });
    const en = await categories.create({
      locale: 'en',
      data: { name: c.en, slug: c.slug, description: `Posts about ${c.en}.`, position: c.position, seo: seo(c.en) },
      status: 'published',
    });
    await categories.update({
      documentId: en.documentId,
      locale: 'fr',
      data: { name: c.fr, slug: `${c.slug}-fr`, description: `Articles : ${c.fr}.`, seo: seo(c.fr) },
      status: 'published',
    });
    ids.push(en.documentId);
  }
  return ids;
};

/** The blog's authors, each with one of the pictures as avatar: their documentIds. */
const seedAuthors = async (strapi, images) => {
  const ids = [];
  for (const [i, a] of AUTHORS.entries()) {
    const author = await strapi.documents('api::author.author').create({ data: { ...a, avatar: images[i] } });
    ids.push(author.documentId);
  }
  return ids;
};

/** The dynamic zone of post `i`: a different mix of components each time. */
const blocksOf = (i, images) => {
  const all = [
    { __component: 'shared.rich-text', body: `## Part ${i}\n\nSome *markdown* for post ${i}.` },
    { __component: 'shared.quote', title: `Quote ${i}`, body: `Something worth quoting, from post ${i}.` },
    { __component: 'shared.media', file: images[i % images.length] },
    { __component: 'shared.slider', files: [images[(i + 1) % images.length], images[(i + 2) % images.length]] },
  ];
  return all.filter((_, k) => (i + k) % 4 !== 0);
};

const postData = (i, images, categories, authors) => ({
  title: `Post ${i}`,
  slug: `post-${i}`,
  description: `The description of post ${i}.`,
  body: [paragraph(`The body of post ${i}.`), paragraph('A second paragraph.')],
  cover: images[i % images.length],
  category: { connect: [{ documentId: categories[i % categories.length], locale: 'en' }] },
  author: { connect: [{ documentId: authors[i % authors.length] }] },
  seo: {
    metaTitle: `Post ${i} | Playground`,
    metaDescription: `Read post ${i}.`,
    shareImage: images[(i + 1) % images.length],
    social: [{ network: 'mastodon', title: `Post ${i} on Mastodon` }],
  },
  links: [
    { label: 'Home', url: 'https://example.com/' },
    // A relation inside a component, into a Draft & Publish type (article 1 is published).
    {
      label: 'Related',
      url: `https://example.com/posts/${i}`,
      article: { connect: [{ documentId: 'article1'.padEnd(24, 'x') }] },
    },
  ],
  blocks: blocksOf(i, images),
});

/** Seeds the blog once (when it has no posts): `posts` posts, two in three published. */
const seedBlog = async (strapi, posts) => {
  if (!posts) return null;
  await ensureLocales(strapi);
  if ((await strapi.db.query('api::post.post').count()) > 0) return null;
  const images = await uploadPictures(strapi);
  const categories = await seedCategories(strapi, images);
  const authors = await seedAuthors(strapi, images);
  const documents = strapi.documents('api::post.post');
  for (let i = 1; i <= posts; i += 1) {
    await documents.create({
      data: postData(i, images, categories, authors),
      ...(i % 3 !== 0 ? { status: 'published' } : {}),
    });
  }
  return { posts, categories: categories.length, authors: authors.length, images: images.length };
};

module.exports = { seedBlog };
