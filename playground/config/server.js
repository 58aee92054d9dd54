// The playground's secrets have fixed development defaults so the demo starts with no setup; a real app
// takes them from its environment.
module.exports = ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  app: { keys: env.array('APP_KEYS', ['playground-key-1', 'playground-key-2']) },
  proxy: { koa: env.bool('TRUST_PROXY', false) },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});
