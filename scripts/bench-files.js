'use strict';

/**
 * The file scenarios of scripts/bench.js, on 100 products that each have a photo and a two-file gallery:
 *
 *   8. /_api List of id, title, photo, gallery (temporary signed URLs)   GET /_api/bench/product-pictures
 *   9. Strapi REST with the same media populated                         GET /api/products?populate...
 *
 * Three small Media Library files are uploaded through the upload plugin and linked to the products with the
 * link rows Strapi itself writes. Each answer is checked first: 100 items, each with its photo and gallery.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { allowPublic } = require(path.join(__dirname, '..', 'playground', 'src', 'public-permissions'));
const { PRODUCT } = require('./bench-products');

const PRODUCTS = 100;
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const uploadFiles = async (strapi, count) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
  try {
    const ids = [];
    for (let i = 0; i < count; i += 1) {
      const filepath = path.join(folder, `f${i}`);
      fs.writeFileSync(filepath, GIF);
      const [file] = await strapi
        .plugin('upload')
        .service('upload')
        .upload({
          data: { fileInfo: { name: `bench-${i}.gif` } },
          files: { filepath, originalFilename: `bench-${i}.gif`, mimetype: 'image/gif', size: GIF.length },
        });
      ids.push(file.id);
    }
    return ids;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
};

const fileScenarios = async (strapi, origin, key) => {
  const [photo, first, second] = await uploadFiles(strapi, 3);
  const products = await strapi.db.connection('products').select('id').orderBy('id').limit(PRODUCTS);
  const link = (file, id, field, order) => ({
    file_id: file,
    related_id: id,
    related_type: PRODUCT,
    field,
    order,
  });
  const rows = products.flatMap(({ id }) => [
    link(photo, id, 'photo', 1),
    link(first, id, 'gallery', 1),
    link(second, id, 'gallery', 2),
  ]);
  await strapi.db.connection.batchInsert('files_related_mph', rows, 300);
  await allowPublic(strapi, ['plugin::upload.content-api.find', 'plugin::upload.content-api.findOne']);
  await strapi
    .plugin('data-api')
    .service('endpoints')
    .create({
      name: 'Bench: product pictures',
      path: 'bench/product-pictures',
      type: 'list',
      object: PRODUCT,
      fields: ['id', 'title', 'photo', 'gallery'].map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'asc' }],
      auth: { method: 'api-key', keys: [key.id] },
    });

  const withMedia = (items, photoOf, galleryOf) => (body) => {
    const list = body[items];
    if (!Array.isArray(list) || list.length !== PRODUCTS) return `expected ${PRODUCTS} ${items}`;
    const bad = list.find((item) => !photoOf(item) || galleryOf(item)?.length !== 2);
    return bad ? `an item lacks its photo or gallery: ${JSON.stringify(bad).slice(0, 200)}` : null;
  };
  return [
    {
      id: 'listFiles',
      name: '/_api List, 100 rows with files',
      route: 'GET /_api/bench/product-pictures',
      url: `${origin}/_api/bench/product-pictures`,
      headers: { Authorization: `Bearer ${key.secret}` },
      status: 200,
      volatileBody: true,
      verify: withMedia(
        'items',
        (item) => item.photo,
        (item) => item.gallery
      ),
    },
    {
      id: 'restFiles',
      name: 'Strapi REST, 100 rows with files',
      route: 'GET /api/products?populate[photo]=true&populate[gallery]=true&pagination[pageSize]=100',
      url: `${origin}/api/products?populate%5Bphoto%5D=true&populate%5Bgallery%5D=true&pagination%5BpageSize%5D=${PRODUCTS}&sort=id`,
      headers: {},
      status: 200,
      verify: withMedia(
        'data',
        (item) => item.photo?.url,
        (item) => item.gallery
      ),
    },
  ];
};

module.exports = { fileScenarios };
