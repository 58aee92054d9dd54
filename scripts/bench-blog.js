'use strict';

/**
 * The blog scenarios of scripts/bench.js, on the playground's posts (Strapi's example blog shape: a dynamic zone,
 * an `seo` component with a media field and a nested repeatable component, repeatable links with a relation
 * inside, a cover and a blocks body):
 *
 *  10. /_api List of 100 published posts with cover, body, seo, links and blocks   GET /_api/bench/posts
 *  11. Strapi REST with the equivalent populate                                     GET /api/posts?populate...
 *
 * Each answer is checked first: 100 posts, each with its seo, its links and a non-empty dynamic zone.
 */
const POSTS = 100;
const FIELDS = ['id', 'title', 'slug', 'description', 'body', 'cover', 'seo', 'links', 'blocks'];
const POPULATE = [
  'populate[cover]=true',
  'populate[seo][populate]=*',
  'populate[links][populate]=*',
  'populate[blocks][populate]=*',
]
  .map((part) => part.replace(/\[/g, '%5B').replace(/\]/g, '%5D'))
  .join('&');

const blogScenarios = async (strapi, origin, key) => {
  const published = await strapi.documents('api::post.post').count({ status: 'published' });
  if (published < POSTS) throw new Error(`the blog scenarios need ${POSTS} published posts, found ${published}`);
  await strapi
    .plugin('data-api')
    .service('endpoints')
    .create({
      name: 'Bench: blog posts',
      path: 'bench/posts',
      type: 'list',
      object: 'api::post.post',
      fields: FIELDS.map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'asc' }],
      auth: { method: 'api-key', keys: [key.id] },
    });
  const complete = (items, isMedia) => (body) => {
    const list = body[items];
    if (!Array.isArray(list) || list.length !== POSTS) return `expected ${POSTS} ${items}`;
    const bad = list.find(
      (post) =>
        !post.seo?.metaTitle || !isMedia(post.seo.shareImage) || post.links?.length !== 2 || !post.blocks?.length
    );
    return bad ? `a post lacks its seo, links or blocks: ${JSON.stringify(bad).slice(0, 300)}` : null;
  };
  return [
    {
      id: 'listBlog',
      name: '/_api List, 100 blog posts',
      route: 'GET /_api/bench/posts (cover, body, seo, links, blocks)',
      url: `${origin}/_api/bench/posts`,
      headers: { Authorization: `Bearer ${key.secret}` },
      status: 200,
      // Signed media URLs change with the minute of their expiry.
      volatileBody: true,
      verify: complete('items', (url) => typeof url === 'string'),
    },
    {
      id: 'restBlog',
      name: 'Strapi REST, 100 blog posts',
      route: 'GET /api/posts?populate[cover]&populate[seo|links|blocks][populate]=*&pagination[pageSize]=100',
      url: `${origin}/api/posts?${POPULATE}&pagination%5BpageSize%5D=${POSTS}&sort=id`,
      headers: {},
      status: 200,
      verify: complete('data', (file) => typeof file?.url === 'string'),
    },
  ];
};

// Two in three seeded posts are published.
module.exports = { blogScenarios, BLOG_SEED_POSTS: (POSTS * 3) / 2 };
