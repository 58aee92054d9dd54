import { createEndpoint, knexOf } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * A Draft & Publish record keeps its id (its draft row's, see server/src/query/record-id.ts) while Strapi recreates
 * its published row on every publish: in Lists of either version, relation values, path numbers, filters, keyset
 * cursors, a Create's answer, and the writes that name it.
 */
const ARTICLE = 'api::article.article';
const PAGE = 'api::page.page';
const { app, admin, key } = keyedSuite();

const call = (method: 'get' | 'post' | 'patch' | 'delete', url: string, body?: object) => {
  const request = app.http()[method](url).set('Authorization', `Bearer ${key.secret}`);
  return body === undefined ? request : request.send(body);
};
const listed = async (url: string) => {
  const response = await call('get', url);
  expect(response.status).toBe(200);
  return response.body.items as Array<Record<string, unknown>>;
};
const rowsOf = (table: string, documentId: string) =>
  knexOf(app)(table).where('document_id', documentId).orderBy('id').select('id', 'published_at', 'locale');
const publishedRowId = async (table: string, documentId: string, locale?: string) =>
  Number(
    (await rowsOf(table, documentId)).find((row) => row.published_at !== null && (!locale || row.locale === locale))!.id
  );
const documentOf = async (id: number) => String((await knexOf(app)('articles').where({ id }).first()).document_id);

/** An editor's publish in the Content Manager: the form's data, published. */
const publishInAdmin = async (uid: string, documentId: string, data: object, locale?: string) => {
  const query = locale ? `?locale=${locale}` : '';
  const response = await admin.post(
    `/content-manager/collection-types/${uid}/${documentId}/actions/publish${query}`,
    data
  );
  expect(response.status).toBe(200);
};

beforeAll(async () => {
  const article = { object: ARTICLE };
  const fields = [{ name: 'id' }, { name: 'title' }, { name: 'relatedArticles' }];
  await createEndpoint(admin, key, { ...article, path: 'ids/articles', type: 'list', fields });
  await createEndpoint(admin, key, { ...article, path: 'ids/drafts', type: 'list', status: 'draft', fields });
  await createEndpoint(admin, key, {
    ...article,
    path: 'ids/one',
    type: 'list',
    parameter: 'required',
    filter: { id: { $var: 'param' } },
    fields,
  });
  await createEndpoint(admin, key, {
    ...article,
    path: 'ids/related-to',
    type: 'list',
    parameter: 'required',
    filter: { relatedArticles: { $var: 'param' } },
    fields: [{ name: 'id' }],
  });
  await createEndpoint(admin, key, {
    ...article,
    path: 'ids/new',
    type: 'create',
    publish: true,
    fields: [{ name: 'title' }, { name: 'relatedArticles' }],
  });
  await createEndpoint(admin, key, {
    ...article,
    path: 'ids/edit',
    type: 'modify',
    parameter: 'required',
    publish: true,
    fields: [{ name: 'title' }],
  });
  await createEndpoint(admin, key, { ...article, path: 'ids/gone', type: 'delete', parameter: 'required' });
  await createEndpoint(admin, key, {
    object: PAGE,
    path: 'ids/pages',
    type: 'list',
    locale: 'en',
    fields: [{ name: 'id' }, { name: 'slug' }, { name: 'localizations', fields: [{ name: 'id' }, { name: 'slug' }] }],
  });
});

test('a record keeps its id through five publishes, by Modify endpoints and in the Content Manager', async () => {
  const created = await call('post', '/_api/ids/new', { title: 'v0' });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const linking = await call('post', '/_api/ids/new', { title: 'links to it', relatedArticles: [id] });
  const other = linking.body.id as number;
  const documentId = await documentOf(id);
  const publishedIds = [await publishedRowId('articles', documentId)];

  for (let round = 1; round <= 5; round += 1) {
    const title = `v${round}`;
    if (round % 2) {
      expect((await call('patch', `/_api/ids/edit/${id}`, { title })).status).toBe(200);
    } else {
      await publishInAdmin(ARTICLE, documentId, { title });
    }
    // Strapi gave the published version a row of its own again ...
    publishedIds.push(await publishedRowId('articles', documentId));
    expect(publishedIds[round]).not.toBe(publishedIds[round - 1]);
    // ... and every answer still names the record by the same id.
    const record = { id, title, relatedArticles: [] };
    expect(await listed(`/_api/ids/articles?id=${id}`)).toEqual([record]);
    expect(await listed(`/_api/ids/one/${id}`)).toEqual([record]);
    expect(await listed(`/_api/ids/drafts?id=${id}`)).toEqual([record]);
    expect(await listed(`/_api/ids/articles?id=${other}`)).toEqual([
      { id: other, title: 'links to it', relatedArticles: [id] },
    ]);
    expect(await listed(`/_api/ids/related-to/${id}`)).toEqual([{ id: other }]);
  }
  expect(new Set(publishedIds).size).toBe(6);
});

test('ids sort, filter and page by the record: publishing in another order changes nothing', async () => {
  const ids: number[] = [];
  for (const title of ['first', 'second', 'third']) ids.push((await call('post', '/_api/ids/new', { title })).body.id);
  // Published again last to first: their published rows now run in the opposite order.
  for (const id of [...ids].reverse()) {
    expect((await call('patch', `/_api/ids/edit/${id}`, { title: `${id}` })).status).toBe(200);
  }
  const inOrder = await listed(`/_api/ids/articles?id:in=${ids.join(',')}`);
  expect(inOrder.map((item) => item.id)).toEqual(ids);
  const after = await listed(`/_api/ids/articles?id:gt=${ids[0]}&id:lt=${ids[2] + 1}`);
  expect(after.map((item) => item.id)).toEqual(ids.slice(1));
  // A keyset walk from the first page names the records by id too: the last item of a page is its cursor.
  const all = await call('get', '/_api/ids/articles');
  expect(all.body.items.map((item: { id: number }) => item.id)).toEqual(
    [...all.body.items.map((item: { id: number }) => item.id)].sort((a: number, b: number) => a - b)
  );
});

test('a Delete names the record by its id and removes both versions', async () => {
  const id = (await call('post', '/_api/ids/new', { title: 'to go' })).body.id as number;
  const documentId = await documentOf(id);
  expect((await call('patch', `/_api/ids/edit/${id}`, { title: 'to go, again' })).status).toBe(200);
  expect(await rowsOf('articles', documentId)).toHaveLength(2);
  expect((await call('delete', `/_api/ids/gone/${id}`)).status).toBe(200);
  expect(await rowsOf('articles', documentId)).toHaveLength(0);
  expect((await call('delete', `/_api/ids/gone/${id}`)).status).toBe(404);
});

test("a translation's id stays when it is published again, in the other locale's localizations", async () => {
  const [home] = await listed('/_api/ids/pages?slug=home');
  const [french] = home.localizations as Array<{ id: number; slug: string }>;
  expect(french.slug).toBe('accueil');
  const row = await knexOf(app)('pages').where({ id: french.id }).first();
  expect(row.published_at).toBeNull(); // the draft's id, not the published row's
  const before = await publishedRowId('pages', String(row.document_id), 'fr');
  await publishInAdmin(PAGE, String(row.document_id), { slug: 'accueil' }, 'fr');
  expect(await publishedRowId('pages', String(row.document_id), 'fr')).not.toBe(before);
  const [again] = await listed('/_api/ids/pages?slug=home');
  expect(again).toEqual(home);
});
