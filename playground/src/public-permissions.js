/** Grants the users-permissions public role the given actions (idempotent). */
const allowPublic = async (strapi, actions) => {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  if (!role) return;
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  for (const action of actions) {
    if (!(await permissions.findOne({ where: { action, role: role.id } }))) {
      await permissions.create({ data: { action, role: role.id } });
    }
  }
};

module.exports = { allowPublic };
