'use strict';

/**
 * A second instance of the playground, in its own process, on the database of the suite that forks it (the
 * DATABASE_* variables it inherits): what a site behind a load balancer runs. It answers IPC messages
 * `{ id, uid, data }` by creating that entry through its Document Service, and `{ stop: true }` by shutting down.
 * With SECOND_INSTANCE_LISTEN=true it also serves HTTP (HOST, PORT) and tells its port when ready.
 */
const path = require('node:path');
const { createStrapi } = require('@strapi/strapi');

const PLAYGROUND = path.resolve(__dirname, '..', '..', 'playground');

const main = async () => {
  const strapi = await createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND }).load();
  if (process.env.SECOND_INSTANCE_LISTEN === 'true') await strapi.listen();
  process.on('message', async (message) => {
    if (message.stop) {
      await strapi.destroy();
      process.exit(0);
    }
    try {
      const entry = await strapi.documents(message.uid).create({ data: message.data });
      process.send({ id: message.id, ok: true, documentId: entry.documentId });
    } catch (error) {
      process.send({ id: message.id, ok: false, error: String(error && error.stack ? error.stack : error) });
    }
  });
  const address = strapi.server.httpServer.address();
  process.send({ ready: true, port: address && typeof address === 'object' ? address.port : null });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
