const { secret } = require('../local-secrets');

// Secrets come from the environment, else from the playground's own random ones (see local-secrets.js).
module.exports = ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  app: { keys: secret(env, 'APP_KEYS').split(',') },
  proxy: { koa: env.bool('TRUST_PROXY', false) },
  // Static files and the local provider's uploads; each test run has its own (tests/helpers/template-setup.js).
  dirs: { public: env('PUBLIC_DIR', './public') },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});
