const { parseSeed, seedShop } = require('./seed');
const { ensureSuperAdmin } = require('./admin-user');
const { allowPublic } = require('./public-permissions');

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    const seeded = await seedShop(strapi, parseSeed(process.env.SEED));
    if (seeded) strapi.log.info(`[playground] seeded ${JSON.stringify(seeded)}`);
    await ensureSuperAdmin(strapi);
    // Strapi's own REST API on the same data, for comparison in the benchmarks.
    await allowPublic(strapi, ['api::product.product.find', 'api::order.order.create']);
  },
};
