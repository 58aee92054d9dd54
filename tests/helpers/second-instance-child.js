'use strict';

/**
 * A second instance of the playground, in its own process, on the database of the suite that forks it (the
 * DATABASE_* variables it inherits): what a site behind a load balancer runs. It serves HTTP on a free port of
 * 127.0.0.1 (told in its ready message), answers IPC messages `{ id, uid, action, params }` by calling that action
 * of its Document Service (`create`, `update`, `publish`...), and `{ stop: true }` by shutting down.
 */
const path = require('node:path');
const { createStrapi } = require('@strapi/strapi');

const PLAYGROUND = path.resolve(__dirname, '..', '..', 'playground');

const main = async () => {
  const strapi = await createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND }).load();
  process.on('message', async (message) => {
    if (message.stop) {
      await strapi.destroy();
      process.exit(0);
    }
    try {
      const result = await strapi.documents(message.uid)[message.action](message.params);
      process.send({ id: message.id, ok: true, documentId: result && result.documentId });
    } catch (error) {
      process.send({ id: message.id, ok: false, error: String(error && error.stack ? error.stack : error) });
    }
  });
  strapi.server.mount();
  const server = strapi.server.httpServer;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send({ ready: true, port: server.address().port });
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
