import { createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { file, GIF } from '../helpers/files';
import { startApp, type TestApp } from '../helpers/strapi';

/**
 * A Modify endpoint with `publish: true` on a Draft & Publish type publishes what its request changed, and
 * nothing of the editor's pending draft edits: those stay in the draft, with the request's changes applied too.
 */
const ARTICLE = 'api::article.article';

let app: TestApp;
let key: KeyFixture;

const call = (method: 'get' | 'patch', url: string, body?: object) => {
  const request = app.http()[method](url).set('Authorization', `Bearer ${key.secret}`);
  return body === undefined ? request : request.send(body);
};
const documents = () => app.strapi.documents(ARTICLE);
const publishedRow = (documentId: string) =>
  knexOf(app)('articles').where('document_id', documentId).whereNotNull('published_at').first();
const coverOf = async (rowId: number) =>
  (
    await knexOf(app)('files_related_mph')
      .where({ related_type: ARTICLE, related_id: rowId, field: 'cover' })
      .pluck('file_id')
  ).map(Number);

/** An article published with `data`, whose draft an editor then changes with `edit`, without publishing it. */
const publishedWithPendingEdit = async (data: Record<string, unknown>, edit: Record<string, unknown>) => {
  const { documentId } = await documents().create({ data: data as never, status: 'published' });
  await documents().update({ documentId, data: edit as never });
  // The record's id: its draft row's (server/src/query/record-id.ts).
  const draft = await knexOf(app)('articles').where({ document_id: documentId, published_at: null }).first();
  return { documentId, id: draft.id as number };
};

beforeAll(async () => {
  app = await startApp();
  const admin = await app.admin();
  key = await createKey(admin);
  const modify = { type: 'modify', object: ARTICLE, parameter: 'required' };
  await createEndpoint(admin, key, { path: 'articles/title', ...modify, fields: [{ name: 'title' }], publish: true });
  await createEndpoint(admin, key, { path: 'articles/cover', ...modify, fields: [{ name: 'cover' }] });
  await createEndpoint(admin, key, {
    path: 'articles',
    type: 'list',
    object: ARTICLE,
    fields: [{ name: 'id' }, { name: 'title' }, { name: 'body' }, { name: 'cover' }],
  });
});

afterAll(async () => {
  await app?.stop();
});

test("modify with publish: true publishes the request's change, not the editor's pending draft edit", async () => {
  const { documentId, id } = await publishedWithPendingEdit({ title: 'A', body: 'B' }, { body: 'C' });

  const response = await call('patch', `/_api/articles/title/${id}`, { title: 'D' });
  expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { success: true } });

  // As Strapi reads the document (its REST API reads through the Document Service; the playground's articles
  // have no REST routes): the published version has the request's change only, the draft both.
  expect(await documents().findOne({ documentId, status: 'published' })).toMatchObject({ title: 'D', body: 'B' });
  expect(await documents().findOne({ documentId, status: 'draft' })).toMatchObject({ title: 'D', body: 'C' });
  // And so does a List of published articles.
  const listed = await call('get', `/_api/articles?id=${id}`);
  expect(listed.status).toBe(200);
  expect(listed.body.items).toEqual([{ id, title: 'D', body: 'B', cover: null }]);
});

test('a media field edited in the draft stays out of the published version, and its file is kept', async () => {
  const { documentId, id } = await publishedWithPendingEdit({ title: 'Cover', body: 'none yet' }, {});
  // The editor's pending edit: a cover in the draft only (a Modify without publish writes the draft).
  expect((await call('patch', `/_api/articles/cover/${id}`, { cover: file(GIF, 'pending.gif') })).status).toBe(200);
  const draft = await knexOf(app)('articles').where({ document_id: documentId, published_at: null }).first();
  const [pending] = await coverOf(draft.id);
  expect(pending).toEqual(expect.any(Number));

  expect((await call('patch', `/_api/articles/title/${id}`, { title: 'Cover, retitled' })).status).toBe(200);

  const published = await publishedRow(documentId);
  expect(published.title).toBe('Cover, retitled');
  expect(await coverOf(published.id)).toEqual([]);
  expect(await coverOf(draft.id)).toEqual([pending]);
  expect(await knexOf(app)('files').where({ id: pending })).toHaveLength(1);
  const listed = await call('get', `/_api/articles?id=${id}`);
  expect(listed.body.items).toEqual([{ id, title: 'Cover, retitled', body: 'none yet', cover: null }]);
});

test('a document never published before is published as its draft stands: there is no published version to keep', async () => {
  const { documentId } = await documents().create({ data: { title: 'Draft only', body: 'pending' } as never });
  const draftRow = await knexOf(app)('articles').where({ document_id: documentId }).first();
  await createEndpoint(await app.admin(), key, {
    path: 'articles/drafts/title',
    type: 'modify',
    object: ARTICLE,
    parameter: 'required',
    status: 'draft',
    fields: [{ name: 'title' }],
    publish: true,
  });
  expect((await call('patch', `/_api/articles/drafts/title/${draftRow.id}`, { title: 'First' })).status).toBe(200);
  expect(await documents().findOne({ documentId, status: 'published' })).toMatchObject({
    title: 'First',
    body: 'pending',
  });
});
