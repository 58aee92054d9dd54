'use strict';

/**
 * The response cache in scripts/bench.js (docs/cache.md): the List of 100 products again, on an endpoint that
 * keeps its answers (`cache: { maxAgeSeconds }`), so that every measured request is a hit:
 *
 *   18. /_api List of 100 with a cache, a hit                      GET /_api/bench/products-cached
 *   19. the same with If-None-Match naming the cached ETag (304)   GET /_api/bench/products-cached
 *
 * compared (scripts/bench-report-default.js) with the bare uncached server keeping its total (target >= 3x),
 * Strapi REST (target >= 50x), and the 304 with the hit (target >= 1x). The first requests fill the cache; the
 * answer must hold the uncached List's page (same total and items, item by item), and while each scenario runs
 * the cache must count no miss: every measured answer came from it.
 */
const { PRODUCT, FIELDS } = require('./bench-products');
const { samePageAs } = require('./bench-bare');
const { checkScenario } = require('./bench-harness');

const PATH = 'bench/products-cached';
// Longer than any run: the bench writes no product meanwhile, so nothing drops the entry before it.
const MAX_AGE_SECONDS = 3600;

const cacheOf = (strapi) => strapi.plugin('data-api').service('engine').cache;

/** `setUp` of a scenario: the misses counted while it runs must stay what they were. */
const noMissWhileRunning = (strapi, name) => () => {
  const before = cacheOf(strapi).stats().misses;
  return () => {
    const misses = cacheOf(strapi).stats().misses - before;
    if (misses) throw new Error(`${name}: the cache counted ${misses} misses while every request should hit it`);
  };
};

/** The cached endpoint, filled by one request checked against `list` (the uncached List of 100). */
const cacheScenarios = async (strapi, origin, key, list) => {
  await strapi
    .plugin('data-api')
    .service('endpoints')
    .create({
      type: 'list',
      name: 'Bench: products, 100 rows, cached',
      path: PATH,
      object: PRODUCT,
      fields: FIELDS.map((name) => ({ name })),
      sort: [{ field: 'id', dir: 'asc' }],
      auth: { method: 'api-key', keys: [key.id] },
      cache: { maxAgeSeconds: MAX_AGE_SECONDS },
    });
  const hit = {
    id: 'cachedHit',
    name: '/_api List, 100 rows, cached (hit)',
    route: `GET /_api/${PATH} (cache: maxAgeSeconds ${MAX_AGE_SECONDS})`,
    url: `${origin}/_api/${PATH}`,
    headers: { Authorization: `Bearer ${key.secret}` },
    status: 200,
    verify: samePageAs(JSON.parse(await checkScenario(list))),
    setUp: noMissWhileRunning(strapi, 'cached List'),
  };
  // The endpoint's first answer tells the cache which types it reads, the second is kept: the third is a hit.
  await checkScenario(hit);
  await checkScenario(hit);
  const { hits } = cacheOf(strapi).stats();
  const filled = await fetch(hit.url, { headers: hit.headers });
  await filled.arrayBuffer();
  if (cacheOf(strapi).stats().hits !== hits + 1) throw new Error(`${hit.name}: the third request was no hit`);
  // The ETag the 304s name: the kept answer's.
  const etag = filled.headers.get('etag');
  if (filled.status !== 200 || !etag) throw new Error(`${hit.name}: expected a 200 with an ETag, got ${filled.status}`);
  const notModified = {
    ...hit,
    id: 'cachedNotModified',
    name: '/_api List, 100 rows, cached, If-None-Match (304)',
    route: `${hit.route} with If-None-Match: its ETag`,
    headers: { ...hit.headers, 'If-None-Match': etag },
    status: 304,
    setUp: noMissWhileRunning(strapi, 'cached 304'),
  };
  return [hit, notModified];
};

module.exports = { cacheScenarios };
