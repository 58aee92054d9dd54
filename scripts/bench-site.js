'use strict';

/**
 * The marketing-site scenarios of scripts/bench.js, on the playground's site (playground/src/marketing-site.js):
 *
 *  16. the home page in one /_api List call: its sections with their related records (testimonials and their
 *      companies' logos, logos, plans and their products, pages behind links), every image, its translations
 *                                                                                GET /_api/bench/pages?slug=home
 *  17. Strapi REST with the equivalent deep populate                            GET /api/pages?filters...&populate...
 *
 * Each answer is checked first: one page, with its sections and its French translation.
 */
const { API_FIELDS, homePagePath } = require('../playground/src/marketing-site');

const siteScenarios = async (strapi, origin, key) => {
  await strapi
    .plugin('data-api')
    .service('endpoints')
    .create({
      name: 'Bench: site pages',
      path: 'bench/pages',
      type: 'list',
      object: 'api::page.page',
      locale: 'query',
      fields: API_FIELDS.page,
      auth: { method: 'api-key', keys: [key.id] },
    });
  const onePage = (items) => (body) => {
    const [page, more] = body[items] ?? [];
    if (!page || more) return `expected one page in ${items}`;
    if (!page.sections?.length || page.localizations?.[0]?.locale !== 'fr')
      return 'the page lacks sections or its translation';
    return null;
  };
  return [
    {
      id: 'sitePage',
      name: '/_api List, the home page',
      route: 'GET /_api/bench/pages?locale=en&slug=home (sections, related records, images, translations)',
      url: `${origin}/_api/bench/pages?locale=en&slug=home`,
      headers: { Authorization: `Bearer ${key.secret}` },
      status: 200,
      // Signed media URLs change with the minute of their expiry.
      volatileBody: true,
      verify: onePage('items'),
    },
    {
      id: 'restSitePage',
      name: 'Strapi REST, the home page',
      route:
        'GET /api/pages?filters[slug][$eq]=home&locale=en&populate[sections][on]... (tests/helpers/marketing-site.ts)',
      url: `${origin}${homePagePath('en')}`,
      headers: {},
      status: 200,
      verify: onePage('data'),
    },
  ];
};

module.exports = { siteScenarios };
