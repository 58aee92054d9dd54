import { spawnSync } from 'node:child_process';
import { createFreshDatabase, PLAYGROUND } from '../helpers/database';

// In a child process: a failed boot leaves Strapi's other loaders running, which must not outlive the test.
const BOOT = `require('@strapi/strapi')
  .createStrapi({ appDir: ${JSON.stringify(PLAYGROUND)}, distDir: ${JSON.stringify(PLAYGROUND)} })
  .load()
  .then(() => process.exit(0), (error) => { console.error(error.message); process.exit(3); });`;

test('a wrong plugin config stops Strapi at boot with a message naming the option', async () => {
  const database = await createFreshDatabase();
  try {
    const result = spawnSync(process.execPath, ['-e', BOOT], {
      cwd: PLAYGROUND,
      env: { ...process.env, ...database.env, STRAPI_TELEMETRY_DISABLED: 'true', DATA_API_KEY_SECRET: 'too-short' },
      encoding: 'utf8',
      timeout: 120000,
    });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(
      'Invalid config for plugin data-api: keySecret: keySecret must be at least 32 characters'
    );
  } finally {
    await database.drop();
  }
});
