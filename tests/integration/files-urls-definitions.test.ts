import { createEndpoint, knexOf } from '../helpers/fixtures';
import { file, GIF, pathOf, PDF, signedPath as signed } from '../helpers/files';
import {
  PRODUCT,
  ORDER,
  GIF2,
  app,
  admin,
  key,
  listId,
  ordersId,
  call,
  download,
  pictures,
  fileIdsOf,
  mediaSuite,
} from '../helpers/media-suite';

// Both write paths: direct SQL (the product and order types' default) and the Document Service.
describe.each([
  ['direct SQL', 'auto'],
  ['the Document Service', 'always'],
])('media fields written through %s', (_path, mode) => {
  mediaSuite(mode);

  describe('a Draft & Publish type (always the Document Service)', () => {
    const ARTICLE = 'api::article.article';
    const articleRows = (documentId: string) =>
      knexOf(app)('articles').where({ document_id: documentId }).orderBy('id').select('id', 'published_at');
    const coverOf = async (rowId: number) =>
      (
        await knexOf(app)('files_related_mph')
          .where({ related_type: ARTICLE, related_id: rowId, field: 'cover' })
          .pluck('file_id')
      ).map(Number);

    beforeAll(async () => {
      await createEndpoint(admin, key, {
        path: 'covers',
        type: 'list',
        object: ARTICLE,
        fields: [{ name: 'id' }, { name: 'cover' }],
      });
      const modify = { type: 'modify', parameter: 'required', object: ARTICLE, fields: [{ name: 'cover' }] };
      await createEndpoint(admin, key, { path: 'covers/publish', ...modify, publish: true });
      await createEndpoint(admin, key, { path: 'covers/draft', ...modify, publish: false });
    });

    it('publishes a new file, and removes the one it replaced once no version links it', async () => {
      const { document_id: documentId } = await knexOf(app)('articles')
        .whereNotNull('published_at')
        .orderBy('id')
        .first();
      // The record's id is its draft row's (server/src/query/record-id.ts).
      const id = (await articleRows(documentId))[0].id;
      expect((await call('patch', `/_api/covers/publish/${id}`, { cover: file(GIF, 'first.gif') })).status).toBe(200);
      const [draft, published] = await articleRows(documentId);
      const [first] = await coverOf(published.id);
      expect(await coverOf(draft.id)).toEqual([first]);
      const listed = await call('get', `/_api/covers?id=${id}`);
      expect(((await download(listed.body.items[0].cover)).body as Buffer).equals(GIF)).toBe(true);

      expect((await call('patch', `/_api/covers/publish/${id}`, { cover: file(GIF2, 'second.gif') })).status).toBe(200);
      const [, republished] = await articleRows(documentId);
      const [second] = await coverOf(republished.id);
      expect(second).not.toBe(first);
      expect(await knexOf(app)('files').where({ id: first })).toEqual([]);
    });

    it('keeps the published file when only the draft changes', async () => {
      const { document_id: documentId } = await knexOf(app)('articles')
        .whereNotNull('published_at')
        .orderBy('id', 'desc')
        .first();
      const id = (await articleRows(documentId))[0].id;
      expect((await call('patch', `/_api/covers/publish/${id}`, { cover: file(GIF, 'live.gif') })).status).toBe(200);
      const [, published] = await articleRows(documentId);
      const [live] = await coverOf(published.id);
      expect((await call('patch', `/_api/covers/draft/${id}`, { cover: file(GIF2, 'next.gif') })).status).toBe(200);
      const [draft] = await articleRows(documentId);
      const [next] = await coverOf(draft.id);
      expect(next).not.toBe(live);
      expect(await coverOf(published.id)).toEqual([live]);
      expect(await knexOf(app)('files').where({ id: live })).toHaveLength(1);
      const listed = await call('get', `/_api/covers?id=${id}`);
      expect(((await download(listed.body.items[0].cover)).body as Buffer).equals(GIF)).toBe(true);
    });
  });

  describe('signed file URLs', () => {
    let fileId: number;
    const now = () => Math.floor(Date.now() / 1000);

    beforeAll(async () => {
      await call('patch', '/_api/pictures/6', { photo: file(GIF, 'six.gif') });
      [fileId] = await fileIdsOf(6, 'photo');
    });

    it('refuses an expiry beyond the configured lifetime of file links', async () => {
      const response = await app.http().get(signed(listId, fileId, now() + 86_400));
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: 'Invalid or tampered file link' });
    });

    it('serves only files linked to a record through a media field the List endpoint exposes', async () => {
      const { id: photosId } = await createEndpoint(admin, key, {
        path: 'photos',
        type: 'list',
        object: PRODUCT,
        fields: [{ name: 'id' }, { name: 'photo' }],
      });
      expect((await call('patch', '/_api/pictures/6', { gallery: [file(GIF2, 'g.gif')] })).status).toBe(200);
      const [galleryFile] = await fileIdsOf(6, 'gallery');
      const order = await call('post', '/_api/orders', { quantity: 1, attachment: file(PDF, 'o.pdf') });
      expect(order.status).toBe(201);
      const [orderFile] = await knexOf(app)('files_related_mph')
        .where({ related_type: ORDER, related_id: order.body.id, field: 'attachment' })
        .pluck('file_id');
      const expires = now() + 300;
      expect((await download(signed(photosId, fileId, expires))).status).toBe(200);
      expect((await download(signed(listId, galleryFile, expires))).status).toBe(200);
      for (const [endpoint, other] of [
        [photosId, galleryFile], // a field this endpoint does not expose
        [listId, Number(orderFile)], // another type's file
        [ordersId, Number(orderFile)], // a Create endpoint gives no file URLs
      ]) {
        const response = await app.http().get(signed(endpoint, other, expires));
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: 'Not found' });
      }
    });

    it('answers 403 to a tampered link', async () => {
      const url = pathOf((await pictures(6)).photo!);
      const tampered = [
        url.replace(/signature=([0-9a-f])/, (_m, c) => `signature=${c === '0' ? '1' : '0'}`),
        url.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 60}`),
        url.replace(`/${fileId}?`, `/${fileId + 1}?`),
        url.replace(/&signature=.*$/, ''),
      ];
      for (const link of tampered) {
        const response = await app.http().get(link);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ success: false, error: 'Invalid or tampered file link' });
      }
    });

    it('answers 410 to an expired link', async () => {
      const response = await app.http().get(signed(listId, fileId, now() - 1));
      expect(response.status).toBe(410);
      expect(response.body).toEqual({ success: false, error: 'File link expired' });
    });

    it('serves byte ranges and HEAD', async () => {
      const url = signed(listId, fileId, now() + 300);
      const range = await download(url, { Range: 'bytes=0-5' });
      expect(range.status).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 0-5/${GIF.length}`);
      expect((range.body as Buffer).equals(GIF.subarray(0, 6))).toBe(true);
      expect((await app.http().get(url).set('Range', `bytes=${GIF.length}-`)).status).toBe(416);
      const head = await app.http().head(url);
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(String(GIF.length));
      expect((await app.http().post(url)).status).toBe(405);
    });

    it('dies with its endpoint', async () => {
      const url = signed(listId, fileId, now() + 300);
      expect((await app.http().get(url)).status).toBe(200);
      expect((await admin.del(`/data-api/endpoints/${listId}`)).status).toBe(200);
      const response = await app.http().get(url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Not found' });
    });
  });

  describe('definitions', () => {
    it.each([
      ['a filter', { filter: { photo: { $null: true } } }],
      ['a sort', { sort: [{ field: 'photo', dir: 'asc' }] }],
    ])('refuses media fields in %s', async (_what, extra) => {
      const response = await admin.post('/data-api/endpoints', {
        data: {
          name: 'x',
          path: 'media-refused',
          type: 'list',
          object: PRODUCT,
          fields: [{ name: 'id' }],
          auth: { method: 'api-key', keys: [key.id] },
          ...extra,
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/"photo" is a media field/);
    });
  });
});
