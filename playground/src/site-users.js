/**
 * Site users (users-permissions) for Browser Session endpoints: `customer1` .. `customer3`, each the user of
 * the customer with the same number. Created once, when there are customers and no site users yet.
 */
const SITE_USER_PASSWORD = 'Customer123!';
const COUNT = 3;

const seedSiteUsers = async (strapi) => {
  const users = strapi.db.query('plugin::users-permissions.user');
  if ((await users.count()) > 0) return 0;
  const customers = await strapi.db
    .query('api::customer.customer')
    .findMany({ select: ['id', 'email'], orderBy: { id: 'asc' }, limit: COUNT });
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  if (!role) return 0;
  for (const customer of customers) {
    const user = await strapi
      .plugin('users-permissions')
      .service('user')
      .add({
        username: customer.email.split('@')[0],
        email: customer.email,
        password: SITE_USER_PASSWORD,
        provider: 'local',
        confirmed: true,
        blocked: false,
        role: role.id,
      });
    await strapi.db.query('api::customer.customer').update({ where: { id: customer.id }, data: { user: user.id } });
  }
  return customers.length;
};

module.exports = { seedSiteUsers, SITE_USER_PASSWORD };
