// The test gives the port and the secrets (tests/packaging/installed-app.test.ts).
module.exports = ({ env }) => ({
  host: '127.0.0.1',
  port: env.int('PORT'),
  app: { keys: env.array('APP_KEYS') },
});
