import { knexOf } from '../helpers/fixtures';
import { file, GIF, PDF, PNG } from '../helpers/files';
import {
  ORDER,
  MAX_BYTES,
  MAX_FILES,
  GIF2,
  app,
  key,
  listId,
  call,
  download,
  pictures,
  traces,
  fileIdsOf,
  mediaSuite,
} from '../helpers/media-suite';

// Both write paths: direct SQL (the product and order types' default) and the Document Service.
describe.each([
  ['direct SQL', 'auto'],
  ['the Document Service', 'always'],
])('media fields written through %s', (_path, mode) => {
  mediaSuite(mode);

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
});
