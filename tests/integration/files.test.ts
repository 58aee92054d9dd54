import { existsSync, readdirSync } from 'node:fs';
import { callWithKey, createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { uploadsDir } from '../helpers/database';
import {
  createPictureEndpoints,
  download as downloadFrom,
  file,
  GIF,
  linkedFileIds,
  pathOf,
  PDF,
  PNG,
  signedPath as signed,
} from '../helpers/files';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * File and image fields (spec 2.9) with Strapi's local upload provider: base64 on writes, temporary signed
 * URLs on reads, and uploads that never outlive a failed write or the link that a later write removed.
 */
const PRODUCT = 'api::product.product';
const ORDER = 'api::order.order';
const MAX_BYTES = 2048;
const MAX_FILES = 4;
const GIF2 = Buffer.concat([GIF.subarray(0, GIF.length - 1), Buffer.from([0x00, 0x3b])]);

let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;
let listId: number;
let ordersId: number;

const call = callWithKey(
  () => app,
  () => key
);
const download = (url: string, headers: Record<string, string> = {}) => downloadFrom(app, url, headers);
const pictures = async (id: number) => {
  const response = await call('get', `/_api/pictures?id=${id}`);
  expect(response.status).toBe(200);
  return response.body.items[0] as { photo: string | null; gallery: string[] };
};

/** What writes with files leave behind: Media Library rows, link rows, tracking rows, files on disk, orders. */
const traces = async () => ({
  orders: (await knexOf(app)('orders').count({ n: '*' }))[0].n,
  files: (await knexOf(app)('files').count({ n: '*' }))[0].n,
  links: (await knexOf(app)('files_related_mph').count({ n: '*' }))[0].n,
  tracked: (await knexOf(app)('data_api_uploads').count({ n: '*' }))[0].n,
  disk: existsSync(uploadsDir()) ? readdirSync(uploadsDir()).length : 0,
});
const fileIdsOf = (id: number, field: string) => linkedFileIds(app, id, field);

// Both write paths: direct SQL (the product and order types' default) and the Document Service.
describe.each([
  ['direct SQL', 'auto'],
  ['the Document Service', 'always'],
])('media fields written through %s', (_path, mode) => {
  beforeAll(async () => {
    app = await startApp({
      DATA_API_FILE_MAX_BYTES: String(MAX_BYTES),
      DATA_API_FILE_MAX_FILES_PER_REQUEST: String(MAX_FILES),
      DATA_API_DOCUMENT_SERVICE: mode,
    });
    expect(app.strapi.plugin('data-api')).toBeDefined();
    admin = await app.admin();
    key = await createKey(admin);
    const objects = (await admin.get('/data-api/objects')).body.data as Array<{
      uid: string;
      documentService: boolean;
    }>;
    expect(objects.find((o) => o.uid === PRODUCT)?.documentService).toBe(mode === 'always');
    listId = await createPictureEndpoints(admin, key, {
      fields: [{ name: 'stock' }],
      tasks: [{ action: 'raise-error', when: { match: { stock: 13 } }, message: 'unlucky stock' }],
    });
    await createEndpoint(admin, key, { path: 'pictures', type: 'delete', parameter: 'required', object: PRODUCT });
    ({ id: ordersId } = await createEndpoint(admin, key, {
      path: 'orders',
      type: 'create',
      object: ORDER,
      filter: { quantity: { $lt: 100 } },
      fields: [{ name: 'quantity' }, { name: 'attachment' }],
    }));
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  describe('writing files', () => {
    it('uploads a file to the Media Library and reads the same bytes back through its signed URL', async () => {
      expect((await call('patch', '/_api/pictures/1', { photo: file(GIF, 'dot.gif') })).status).toBe(200);
      const [fileId] = await fileIdsOf(1, 'photo');
      const row = await knexOf(app)('files').where({ id: fileId }).first();
      expect(row).toMatchObject({ name: 'dot.gif', mime: 'image/gif', ext: '.gif' });
      const { photo } = await pictures(1);
      expect(photo).toMatch(
        new RegExp(`/_api/_files/${listId}/${fileId}\\?expires=\\d+&caller=k${key.id}&signature=[0-9a-f]{64}$`)
      );
      const response = await download(photo!);
      expect(response.status).toBe(200);
      expect((response.body as Buffer).equals(GIF)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/gif',
        'access-control-allow-origin': '*',
        'accept-ranges': 'bytes',
      });
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="dot.gif"/);
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    });

    it('names a file sent without an extension after the type of its content', async () => {
      expect((await call('patch', '/_api/pictures/7', { photo: file(PNG, 'photo') })).status).toBe(200);
      const [fileId] = await fileIdsOf(7, 'photo');
      const row = await knexOf(app)('files').where({ id: fileId }).first();
      expect(row).toMatchObject({ name: 'photo.png', mime: 'image/png', ext: '.png' });
      const response = await download((await pictures(7)).photo!);
      expect(response.headers['content-type']).toBe('image/png');
      // Strapi's upload plugin re-encodes PNG pictures: the bytes differ, the kind does not.
      expect((response.body as Buffer).subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
    });

    it('keeps the order of a multiple field and replaces it as a whole', async () => {
      const sent = await call('patch', '/_api/pictures/2', { gallery: [file(GIF, 'a.gif'), file(GIF2, 'b.gif')] });
      expect(sent.status).toBe(200);
      const { gallery } = await pictures(2);
      expect(gallery).toHaveLength(2);
      const bodies = await Promise.all(gallery.map(async (url) => (await download(url)).body as Buffer));
      expect(bodies[0].equals(GIF)).toBe(true);
      expect(bodies[1].equals(GIF2)).toBe(true);
      const before = await fileIdsOf(2, 'gallery');
      expect((await call('patch', '/_api/pictures/2', { gallery: [file(GIF2, 'c.gif')] })).status).toBe(200);
      const after = await fileIdsOf(2, 'gallery');
      expect(after).toHaveLength(1);
      // The replaced files were this plugin's uploads, linked nowhere else: they are gone.
      expect(await knexOf(app)('files').whereIn('id', before)).toEqual([]);
    });

    it('creates records with files, one per item of an array, as attachments by their sniffed type', async () => {
      const response = await call('post', '/_api/orders', [
        { quantity: 1, attachment: file(PDF, 'invoice.pdf') },
        { quantity: 2, attachment: file(GIF, 'receipt.gif') },
      ]);
      expect(response.status).toBe(201);
      const links = await knexOf(app)('files_related_mph')
        .where({ related_type: ORDER, field: 'attachment' })
        .whereIn('related_id', response.body.id);
      expect(links).toHaveLength(2);
      const mimes = await knexOf(app)('files')
        .whereIn(
          'id',
          links.map((l: { file_id: number }) => l.file_id)
        )
        .orderBy('id')
        .pluck('mime');
      expect(mimes).toEqual(['application/pdf', 'image/gif']);
    });

    it('clears a field with null and removes the file it held', async () => {
      await call('patch', '/_api/pictures/3', { photo: file(GIF, 'gone.gif') });
      const [fileId] = await fileIdsOf(3, 'photo');
      expect((await call('patch', '/_api/pictures/3', { photo: null })).status).toBe(200);
      expect((await pictures(3)).photo).toBeNull();
      expect(await knexOf(app)('files').where({ id: fileId })).toEqual([]);
      expect(await knexOf(app)('data_api_uploads').where({ file_id: fileId })).toEqual([]);
    });

    it('removes the files of a deleted record', async () => {
      await call('patch', '/_api/pictures/4', { photo: file(GIF, 'x.gif'), gallery: [file(GIF, 'y.gif')] });
      const ids = [...(await fileIdsOf(4, 'photo')), ...(await fileIdsOf(4, 'gallery'))];
      expect(ids).toHaveLength(2);
      expect((await call('delete', '/_api/pictures/4')).status).toBe(200);
      expect(await knexOf(app)('files').whereIn('id', ids)).toEqual([]);
    });
  });

  describe('refused files leave nothing behind', () => {
    const refused = async (
      body: unknown,
      error: string,
      url = '/_api/pictures/5',
      method: 'patch' | 'post' = 'patch'
    ) => {
      const before = await traces();
      const response = await call(method, url, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error });
      expect(await traces()).toEqual(before);
    };

    it.each([
      ['invalid characters', 'R0lGOD$hAQAB', '"data" is not valid base64'],
      ['a line break', 'R0lG\nODlh', '"data" is not valid base64'],
      ['missing padding', 'R0lGODlhAQ', '"data" is not valid base64'],
      ['nothing', '', 'the file is empty'],
    ])('refuses base64 with %s', (_what, data, reason) =>
      refused({ photo: { data, name: 'x.gif' } }, `Invalid data for field: photo (${reason})`)
    );

    it('refuses a type the field does not allow', () =>
      refused(
        { photo: file(PDF, 'photo.pdf') },
        'Invalid data for field: photo (application/pdf is not allowed (images))'
      ));

    it('refuses a name whose extension contradicts the content, in any field', async () => {
      const reason = 'the name ends in ".pdf" but the content is image/gif';
      await refused({ photo: file(GIF, 'x.pdf') }, `Invalid data for field: photo (${reason})`);
      await refused(
        { quantity: 1, attachment: file(GIF, 'x.pdf') },
        `Invalid data for field: attachment (${reason})`,
        '/_api/orders',
        'post'
      );
    });

    it.each(['x.es', 'x.ecma', 'x.mjs', 'x.js'])('refuses JavaScript named %s, creating no record', (name) =>
      refused(
        { quantity: 1, attachment: file(Buffer.from('alert(document.cookie)'), name) },
        `Invalid data for field: attachment ("${name.slice(1)}" files are not accepted)`,
        '/_api/orders',
        'post'
      )
    );

    it('refuses a file larger than files.maxBytes', () =>
      refused(
        { photo: file(Buffer.concat([GIF, Buffer.alloc(MAX_BYTES)]), 'big.gif') },
        `Invalid data for field: photo (file larger than ${MAX_BYTES} bytes)`
      ));

    it('refuses active content', () =>
      refused(
        { gallery: [file(Buffer.from('<svg onload="alert(1)"/>'), 'x.gif')] },
        'Invalid data for field: gallery (HTML, SVG, XML and scripts are not accepted)'
      ));

    it('refuses shapes that are not a file', async () => {
      await refused(
        { photo: { data: GIF.toString('base64') } },
        'Invalid data for field: photo ("name" must be a non-empty string)'
      );
      await refused(
        { photo: [file(GIF, 'x.gif')] },
        'Invalid data for field: photo (one file is expected, not an array)'
      );
      await refused(
        { photo: { ...file(GIF, 'x.gif'), url: 'http://x' } },
        'Invalid data for field: photo (unknown member "url" (a file has "data" and "name"))'
      );
      await refused(
        { photo: file(GIF, '../x.gif') },
        'Invalid data for field: photo ("name" must not contain < > : " / \\ | ? * or control characters)'
      );
    });

    it('removes the uploads when a task rolls the write back', () =>
      refused({ photo: file(GIF, 'x.gif'), gallery: [file(GIF2, 'y.gif')], stock: 13 }, 'unlucky stock'));

    it('removes the uploads when the write check refuses the record', async () => {
      const before = await traces();
      const response = await call('post', '/_api/orders', { quantity: 500, attachment: file(PDF, 'x.pdf') });
      expect(response.status).toBe(403);
      expect(await traces()).toEqual(before);
    });

    it('refuses more than files.maxFilesPerRequest files in one request, before uploading any', async () => {
      const upload = jest.spyOn(app.strapi.plugin('upload').service('upload'), 'upload');
      try {
        await refused(
          [
            { quantity: 1, attachment: file(PDF, 'a.pdf') },
            { quantity: 1, attachment: file(PDF, 'b.pdf') },
            { quantity: 1, attachment: file(PDF, 'c.pdf') },
            { quantity: 1, attachment: file(PDF, 'd.pdf') },
            { quantity: 1, attachment: file(PDF, 'e.pdf') },
          ],
          `Invalid data for field: attachment (item 4, more than ${MAX_FILES} files in one request)`,
          '/_api/orders',
          'post'
        );
        expect(upload).not.toHaveBeenCalled();
      } finally {
        upload.mockRestore();
      }
    });

    it('uploads nothing for a Modify whose record is not there', async () => {
      const upload = jest.spyOn(app.strapi.plugin('upload').service('upload'), 'upload');
      try {
        const before = await traces();
        const response = await call('patch', '/_api/pictures/99999', { photo: file(GIF, 'x.gif') });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: 'Record not found' });
        expect(upload).not.toHaveBeenCalled();
        expect(await traces()).toEqual(before);
      } finally {
        upload.mockRestore();
      }
    });

    it('names the item of an array payload', () =>
      refused(
        [
          { quantity: 1, attachment: file(PDF, 'a.pdf') },
          { quantity: 1, attachment: { data: '!!!!', name: 'b.pdf' } },
        ],
        'Invalid data for field: attachment (item 1, "data" is not valid base64)',
        '/_api/orders',
        'post'
      ));
  });

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
