'use strict';
const path = require('node:path');
const { PLAYGROUND, createFreshDatabase } = require('./fresh-database');
const { runLoad } = require('./bench-load');
(async () => {
  const db = await createFreshDatabase('bench');
  Object.assign(process.env, { STRAPI_TELEMETRY_DISABLED: 'true', LOG_LEVEL: 'error', SEED: 'products=10000', HOST: '127.0.0.1', PORT: '0', ...db.env });
  const { createStrapi } = require('@strapi/strapi');
  const strapi = createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND });
  await strapi.load();
  await strapi.listen();
  const port = strapi.server.httpServer.address().port;
  const plugin = strapi.plugin('data-api');
  const key = await plugin.service('apiKeys').create({ description: 'bench' });
  await plugin.service('endpoints').create({ type: 'list', object: 'api::product.product', name: 'b', path: 'bench/products',
    fields: ['id', 'title', 'sku', 'price', 'stock', 'category', 'active', 'releasedAt'].map((name) => ({ name })),
    sort: [{ field: 'id', dir: 'asc' }], auth: { method: 'api-key', keys: [key.id] } });
  await new Promise((r) => setTimeout(r, 1500));
  const url = `http://127.0.0.1:${port}/_api/bench/products`;
  const headers = { authorization: `Bearer ${key.secret}` };
  await runLoad({ url, headers, connections: 10, duration: 2 });
  const { Session } = require('node:inspector/promises');
  const session = new Session(); session.connect();
  await session.post('Profiler.enable'); await session.post('Profiler.start');
  const r = await runLoad({ url, headers, connections: 10, duration: 6 });
  const { profile } = await session.post('Profiler.stop');
  require('fs').writeFileSync('/tmp/prof/list.cpuprofile', JSON.stringify(profile));
  console.log('result', JSON.stringify(r).slice(0, 300));
  await strapi.destroy(); await db.drop(); process.exit(0);
})();
