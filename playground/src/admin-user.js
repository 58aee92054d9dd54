const DEFAULTS = { email: 'admin@example.com', password: 'Admin12345!' };

/** The super admin of ADMIN_EMAIL / ADMIN_PASSWORD, created once so the demo starts unattended. */
const ensureSuperAdmin = async (strapi) => {
  const email = process.env.ADMIN_EMAIL || DEFAULTS.email;
  const password = process.env.ADMIN_PASSWORD || DEFAULTS.password;
  if ((await strapi.db.query('admin::user').count()) > 0) return null;
  const superAdminRole = await strapi.service('admin::role').getSuperAdmin();
  await strapi.service('admin::user').create({
    email,
    firstname: 'Site',
    lastname: 'Owner',
    password,
    isActive: true,
    roles: superAdminRole ? [superAdminRole.id] : [],
  });
  strapi.log.info(`[playground] super admin created: ${email}`);
  return { email, password };
};

module.exports = { ensureSuperAdmin, ADMIN_DEFAULTS: DEFAULTS };
