import { createStrapi } from '@strapi/strapi';
import { createFreshDatabase, PLAYGROUND } from '../helpers/database';

test('a wrong plugin config stops Strapi at boot with a message naming the option', async () => {
  const database = await createFreshDatabase();
  Object.assign(process.env, {
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'error',
    ...database.env,
    DATA_API_KEY_SECRET: 'too-short',
  });
  const strapi = createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND });
  try {
    await expect(strapi.load()).rejects.toThrow(
      'Invalid config for plugin data-api: keySecret: keySecret must be at least 32 characters'
    );
  } finally {
    delete process.env.DATA_API_KEY_SECRET;
    await strapi.destroy().catch(() => undefined);
    await database.drop();
  }
});
