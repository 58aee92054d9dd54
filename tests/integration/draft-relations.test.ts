import type { UID } from '@strapi/strapi';
import { createEndpoint, createRestToken, knexOf } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';
import { withRecordIds } from '../helpers/record-ids';

/**
 * Relations into a Draft & Publish type: a record of a type without Draft & Publish (a product) is
 * linked by Strapi's Document Service to both the draft and the published row of each article. Reads name the
 * rows of the status they read (published by default), as Strapi's REST API does, in List answers, filters and
 * aggregates; an Aggregate reads drafts when its definition says so.
 */

const { app, admin, key } = keyedSuite();

const ARTICLE = 'api::article.article';
const PRODUCT = 'api::product.product';
/** The Document Service without the app's generated types (the tests' Strapi has none). */
const documents = (uid: string) => app.strapi.documents(uid as UID.ContentType);
const get = (url: string) => app.http().get(url).set('Authorization', `Bearer ${key.secret}`);

/** The row ids of an article: its draft and, once published, its published version. */
const rowsOf = async (documentId: string) => {
  const rows = await knexOf(app)('articles').where({ document_id: documentId }).select('id', 'published_at');
  const find = (published: boolean) =>
    rows.find((r: { published_at: unknown }) => (r.published_at !== null) === published);
  return { draft: Number(find(false).id), published: find(true) ? Number(find(true).id) : null };
};

let alpha: { draft: number; published: number | null };
let gamma: { draft: number; published: number | null };
/** A full-access token of Strapi's REST API: articles have no routes, so no role may read them otherwise. */
let restToken: string;

beforeAll(async () => {
  restToken = await createRestToken(app);
  const articles = documents(ARTICLE);
  // Alpha is published, then edited: its draft says "Alpha v2". Beta is published. Gamma is a draft only.
  const a = await articles.create({ data: { title: 'Alpha' }, status: 'published' });
  await articles.update({ documentId: a.documentId, data: { title: 'Alpha v2' } });
  const b = await articles.create({ data: { title: 'Beta' }, status: 'published' });
  const g = await articles.create({ data: { title: 'Gamma' } });
  alpha = await rowsOf(a.documentId);
  gamma = await rowsOf(g.documentId);
  const products = documents(PRODUCT);
  await products.create({
    data: { title: 'Read one', sku: 'dr-1', guide: a.documentId, articles: [b.documentId, a.documentId, g.documentId] },
  });
  await products.create({
    data: { title: 'Read two', sku: 'dr-2', guide: g.documentId, articles: [g.documentId] },
  });
  await products.create({ data: { title: 'Read three', sku: 'dr-3', articles: [a.documentId] } });
  const mine = { sku: { $startsWith: 'dr-' } };
  await createEndpoint(admin, key, {
    path: 'dr/products',
    type: 'list',
    object: PRODUCT,
    filter: mine,
    fields: [{ name: 'id' }, { name: 'title' }, { name: 'guide' }, { name: 'articles' }],
  });
  await createEndpoint(admin, key, {
    path: 'dr/products/guide-alpha',
    type: 'list',
    object: PRODUCT,
    filter: { ...mine, guide: { title: 'Alpha' } },
    fields: [{ name: 'sku' }],
  });
  await createEndpoint(admin, key, {
    path: 'dr/products/guide-draft-title',
    type: 'list',
    object: PRODUCT,
    filter: { ...mine, guide: { title: 'Alpha v2' } },
    fields: [{ name: 'sku' }],
  });
  await createEndpoint(admin, key, {
    path: 'dr/products/no-guide',
    type: 'list',
    object: PRODUCT,
    filter: { ...mine, guide: { $null: true } },
    fields: [{ name: 'sku' }],
  });
  await createEndpoint(admin, key, {
    path: 'dr/products/by-guide',
    type: 'aggregate',
    object: PRODUCT,
    filter: mine,
    aggregate: {
      dimensions: [{ variable: 'guide', field: 'guide.title' }],
      queryFilters: [{ param: 'guide', field: 'guide.title', op: 'eq' }],
    },
  });
}, 120000);

describe('List: relation ids into a Draft & Publish type', () => {
  test('name the records of the published rows, as Strapi REST populate does', async () => {
    const ours = await get('/_api/dr/products');
    expect(ours.status).toBe(200);
    const rest = await app
      .http()
      .get(
        '/api/products?filters[sku][$startsWith]=dr-&sort=id:asc&fields[0]=title' +
          '&populate[guide][fields][0]=id&populate[articles][fields][0]=id'
      )
      .set('Authorization', `Bearer ${restToken}`);
    expect(rest.status).toBe(200);
    await withRecordIds(app, rest.body.data);
    type Related = { id: number } | null;
    const expected = rest.body.data.map((p: { id: number; title: string; guide: Related; articles: Related[] }) => ({
      id: p.id,
      title: p.title,
      guide: p.guide?.id ?? null,
      articles: p.articles.map((a) => a!.id),
    }));
    expect(ours.body.items).toEqual(expected);
    // Independently: Alpha by its record id (its draft row's, server/src/query/record-id.ts) for its published
    // row, and nothing for the draft-only Gamma.
    const [one, two, three] = ours.body.items;
    expect(one.guide).toBe(alpha.draft);
    expect(one.articles).toHaveLength(2);
    expect(one.articles).not.toContain(alpha.published);
    expect(two.guide).toBeNull();
    expect(two.articles).toEqual([]);
    expect(three.articles).toEqual([alpha.draft]);
  });

  test('query filters on a relation compare the record id, among published rows', async () => {
    const byRecord = await get(`/_api/dr/products?guide=${alpha.draft}`);
    expect(byRecord.body.items).toEqual([
      { id: expect.any(Number), title: 'Read one', guide: alpha.draft, articles: expect.any(Array) },
    ]);
    const byPublishedRow = await get(`/_api/dr/products?guide=${alpha.published}`);
    expect(byPublishedRow.status).toBe(200);
    expect(byPublishedRow.body.total).toBe(0);
    // Gamma has no published version: no product is related to it in the published reading.
    expect((await get(`/_api/dr/products?guide=${gamma.draft}`)).body.total).toBe(0);
  });

  test("endpoint filters on a related record's fields read its published version", async () => {
    expect((await get('/_api/dr/products/guide-alpha')).body.items).toEqual([{ sku: 'dr-1' }]);
    expect((await get('/_api/dr/products/guide-draft-title')).body.total).toBe(0);
    // Read two's guide has no published version: it has none, as its List answer says.
    expect((await get('/_api/dr/products/no-guide')).body.items).toEqual([{ sku: 'dr-2' }, { sku: 'dr-3' }]);
  });
});

describe('Aggregate', () => {
  test('a dimension across a to-one relation reads the published related row', async () => {
    const response = await get('/_api/dr/products/by-guide');
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      { dimensions: { guide: 'Alpha' }, measures: { count: 1 } },
      { dimensions: { guide: null }, measures: { count: 2 } },
    ]);
    expect((await get('/_api/dr/products/by-guide?guide=Alpha%20v2')).body.items).toEqual([]);
    expect((await get('/_api/dr/products/by-guide?guide=Alpha')).body.items).toEqual([
      { dimensions: { guide: 'Alpha' }, measures: { count: 1 } },
    ]);
  });

  test('"status": "draft" aggregates the drafts', async () => {
    await createEndpoint(admin, key, {
      path: 'dr/articles/drafts',
      type: 'aggregate',
      object: ARTICLE,
      status: 'draft',
      filter: { title: { $in: ['Alpha', 'Alpha v2', 'Beta', 'Gamma'] } },
      aggregate: { dimensions: [{ variable: 'title', field: 'title' }] },
    });
    await createEndpoint(admin, key, {
      path: 'dr/articles/published',
      type: 'aggregate',
      object: ARTICLE,
      filter: { title: { $in: ['Alpha', 'Alpha v2', 'Beta', 'Gamma'] } },
      aggregate: { dimensions: [{ variable: 'title', field: 'title' }] },
    });
    const count = (title: string) => ({ dimensions: { title }, measures: { count: 1 } });
    const drafts = await get('/_api/dr/articles/drafts');
    expect(drafts.status).toBe(200);
    expect(drafts.body.items).toEqual([count('Alpha v2'), count('Beta'), count('Gamma')]);
    expect((await get('/_api/dr/articles/published')).body.items).toEqual([count('Alpha'), count('Beta')]);
  });
});
