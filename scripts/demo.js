/**
 * `npm run demo`: the playground shop on SQLite with seeded data, example endpoints and an API key whose
 * secret is printed once. `npm run demo -- --reset` starts again from an empty database.
 */
const fs = require('node:fs');
const path = require('node:path');
const { buildPlugin, buildAdminPanel, PLAYGROUND } = require('./build-if-stale');

const main = async () => {
  process.env.STRAPI_TELEMETRY_DISABLED = 'true';
  process.env.DATABASE_CLIENT ??= 'sqlite';
  if (process.argv.includes('--reset')) {
    fs.rmSync(path.resolve(PLAYGROUND, process.env.DATABASE_FILENAME ?? '.tmp/data.db'), { force: true });
  }
  buildPlugin();
  buildAdminPanel();

  const { createStrapi } = require(require.resolve('@strapi/strapi', { paths: [PLAYGROUND] }));
  const { createDemoExamples } = require(path.join(PLAYGROUND, 'src/demo-examples'));
  const { ADMIN_DEFAULTS } = require(path.join(PLAYGROUND, 'src/admin-user'));
  const { SITE_USER_PASSWORD } = require(path.join(PLAYGROUND, 'src/site-users'));
  const strapi = await createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND }).load();
  const examples = await createDemoExamples(strapi);
  await strapi.listen();

  const port = strapi.config.get('server.port');
  const base = `http://localhost:${port}`;
  const email = process.env.ADMIN_EMAIL || ADMIN_DEFAULTS.email;
  const lines = [
    '',
    `Data API demo running at ${base}`,
    `  Admin panel: ${base}/admin  (${email} / ${process.env.ADMIN_PASSWORD ? '$ADMIN_PASSWORD' : ADMIN_DEFAULTS.password})`,
    `  Browser Session demo page: ${base}/session-demo.html  (customer1@example.com / ${SITE_USER_PASSWORD})`,
  ];
  if (examples) {
    lines.push(
      '',
      'Demo API key (shown this once; it is stored only as a hash):',
      `  ${examples.secret}`,
      '',
      'Try:',
      `  export KEY=${examples.secret}`,
      `  curl -s -H "Authorization: Bearer $KEY" ${base}/_api/products`,
      `  curl -s -H "Authorization: Bearer $KEY" "${base}/_api/products?category=audio&price:lt=100"`,
      `  curl -s -H "Authorization: Bearer $KEY" ${base}/_api/customers/orders/7`,
      `  curl -si -H "Authorization: Bearer $KEY" "${base}/_api/products/cheapest?page=2"`
    );
  } else {
    lines.push(
      '',
      'The example endpoints and key were created on an earlier start; their key was printed then.',
      'Create another key in the admin panel (Data API), or run `npm run demo -- --reset`.'
    );
  }
  console.log(lines.join('\n'));
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
