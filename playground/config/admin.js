const { secret } = require('../local-secrets');

module.exports = ({ env }) => ({
  auth: { secret: secret(env, 'ADMIN_JWT_SECRET') },
  apiToken: { salt: secret(env, 'API_TOKEN_SALT') },
  transfer: { token: { salt: secret(env, 'TRANSFER_TOKEN_SALT') } },
  secrets: { encryptionKey: secret(env, 'ENCRYPTION_KEY') },
  autoOpen: false,
  flags: { nps: false, promoteEE: false },
});
