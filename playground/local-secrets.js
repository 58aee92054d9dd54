/**
 * The playground's secrets: from the environment when set, else random ones made on the first start and kept in
 * `.tmp/secrets.json` (git-ignored, readable by its owner only). No secret ships in the repository, and restarts
 * keep admin logins, sessions and API key hashes valid.
 */
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const FILE = path.join(__dirname, '.tmp', 'secrets.json');
const NAMES = [
  'APP_KEYS',
  'ADMIN_JWT_SECRET',
  'API_TOKEN_SALT',
  'TRANSFER_TOKEN_SALT',
  'ENCRYPTION_KEY',
  'JWT_SECRET',
  'DATA_API_KEY_SECRET',
];

const random = () => randomBytes(32).toString('base64url');

let stored = null;

/** Made once: written to a temporary file, then linked into place, so concurrent first starts agree. */
const load = () => {
  if (stored) return stored;
  if (!fs.existsSync(FILE)) {
    const made = Object.fromEntries(NAMES.map((n) => [n, n === 'APP_KEYS' ? `${random()},${random()}` : random()]));
    fs.mkdirSync(path.dirname(FILE), { recursive: true });
    const temporary = `${FILE}.${process.pid}.${random()}`;
    fs.writeFileSync(temporary, JSON.stringify(made, null, 2), { mode: 0o600 });
    try {
      fs.linkSync(temporary, FILE);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  stored = JSON.parse(fs.readFileSync(FILE, 'utf8'));
  return stored;
};

/** The secret `name`: the environment's, else the playground's own. */
const secret = (env, name) => env(name, '') || load()[name];

module.exports = { secret, SECRETS_FILE: FILE };
