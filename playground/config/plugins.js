const path = require('path');

module.exports = ({ env }) => ({
  'users-permissions': { config: { jwtSecret: env('JWT_SECRET', 'playground-users-permissions-jwt-secret') } },
  // The plugin under development, loaded from the repository root (its built dist/).
  'data-api': {
    enabled: true,
    resolve: path.resolve(__dirname, '..', '..'),
    config: { keySecret: env('DATA_API_KEY_SECRET', 'playground-data-api-key-secret-0123456789') },
  },
});
