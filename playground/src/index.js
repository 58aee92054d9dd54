const { parseSeed, seedShop } = require('./seed');
const { seedBlog } = require('./seed/blog');
const { seedSite } = require('./seed/site');
const { ensureSuperAdmin } = require('./admin-user');
const { allowPublic } = require('./public-permissions');
const { seedSiteUsers } = require('./site-users');

module.exports = {
  register({ strapi }) {
    // Site code of the kind the Data API must respect: a Document Service middleware (see also the
    // customer's lifecycles.js). New articles without a body get a placeholder, whoever creates them.
    strapi.documents.use(async (context, next) => {
      const data = context.params?.data;
      if (context.uid === 'api::article.article' && context.action === 'create' && data && !data.body) {
        data.body = '(no text yet)';
      }
      return next();
    });
  },

  async bootstrap({ strapi }) {
    const sizes = parseSeed(process.env.SEED);
    const seeded = await seedShop(strapi, sizes);
    if (seeded) strapi.log.info(`[playground] seeded ${JSON.stringify(seeded)}`);
    const blog = await seedBlog(strapi, sizes?.posts);
    if (blog) strapi.log.info(`[playground] blog seeded ${JSON.stringify(blog)}`);
    const site = sizes && (await seedSite(strapi));
    if (site) strapi.log.info(`[playground] marketing site seeded ${JSON.stringify(site)}`);
    const siteUsers = await seedSiteUsers(strapi);
    if (siteUsers) strapi.log.info(`[playground] ${siteUsers} site users created`);
    await ensureSuperAdmin(strapi);
    // Strapi's own REST API on the same data, for comparison in the benchmarks.
    await allowPublic(strapi, [
      'api::product.product.find',
      'api::order.order.create',
      'api::post.post.find',
      'api::category.category.find',
      'api::author.author.find',
      // The marketing site as its front end reads it (REST checks the read right of every populated type).
      'api::page.page.find',
      'api::global.global.find',
      'api::testimonial.testimonial.find',
      'api::logo.logo.find',
      'api::plan.plan.find',
      'api::article.article.find',
    ]);
  },
};
