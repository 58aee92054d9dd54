import { createEndpoint } from '../helpers/fixtures';
import { adminWith } from '../helpers/strapi';
import { app, admin, key, UIDS, counts, exported, importFile, transferSuite } from '../helpers/transfer-suite';
import { fileList } from '../helpers/file-entries';

/**
 * The preview of an import: what the file would create, change and leave alone, checked as the import
 * checks it, with nothing written; and an import that counts what it left unchanged.
 */
transferSuite();

const preview = (data: unknown, client = admin) => client.post('/data-api/import/preview', { data });

/** Everything an import could write, as stored: a preview must leave all of it as it was. */
const stored = async () => ({
  counts: await counts(),
  endpoints: await app.strapi.db.query(UIDS.endpoint as never).findMany({ orderBy: { id: 'asc' } }),
  keys: await app.strapi.db.query(UIDS.key as never).findMany({ orderBy: { id: 'asc' } }),
  documents: await app.strapi.db.query(UIDS.document as never).findMany({ orderBy: { id: 'asc' } }),
});

/**
 * The exported file with one endpoint changed (renamed, cached, a field fewer, a new key allowed), one added for
 * the new key, the document of both given a version and one endpoint fewer, and a new document.
 */
const changedFile = async () => {
  const file = await exported();
  const partner = file.endpoints.find((e: { path: string }) => e.path === 'partner/orders');
  Object.assign(partner, {
    name: 'Partner orders (renamed)',
    cache: { maxAgeSeconds: 120 },
    fields: [{ name: 'id' }],
    auth: { method: 'api-key', keys: ['partner', 'preview-key'] },
  });
  Object.assign(file.documents[0], { version: '2.0.0', endpoints: ['GET partner/orders'] });
  file.keys.push({ name: 'preview-key', description: 'Preview key' });
  file.endpoints.push(fileList('New products', 'preview/products', 'preview-key', ['id'], 'api::product.product'));
  file.documents.push({ title: 'Preview API', endpoints: ['GET preview/products'] });
  return file;
};

/** A List of post drafts (its status from the request) allowed to `key`: the drafts a preview mark would show it. */
const createPartnerDrafts = () =>
  createEndpoint(admin, key, {
    name: 'Partner drafts',
    path: 'partner/posts',
    type: 'list',
    object: 'api::post.post',
    status: 'query',
    fields: [{ name: 'title' }],
  });

/** A file that only marks the key `partner` for preview: its endpoints and documents are left as they are. */
const markingFile = async () => ({
  ...(await exported()),
  keys: [{ name: 'partner', description: 'Partner key', preview: true }],
  endpoints: [],
  documents: [],
});

/** The refusal of `markingFile` to an admin who may not read the drafts of `createPartnerDrafts`' List. */
const MARKING_REFUSED = {
  path: ['keys', 0, 'preview'],
  message:
    'marked for preview, the key "partner" would read the drafts of GET partner/posts ("Partner drafts"): ' +
    'you may not read api::post.post (Content Manager permission missing); ' +
    'you may not read api::post.post.title (Content Manager permission missing)',
  name: 'ValidationError',
};

/** The Content Manager right that lets an admin read those drafts. */
const READ_POST_TITLES = {
  action: 'plugin::content-manager.explorer.read',
  subject: 'api::post.post',
  properties: { fields: ['title'] },
};

describe('import preview', () => {
  test('lists what would be created, changed and left alone, by name and route, and writes nothing', async () => {
    const file = await changedFile();
    const before = await stored();
    const response = await preview(file);
    expect(response.status).toBe(200);
    const none = { changes: [], moreChanges: 0 };
    expect(response.body.data).toEqual({
      endpoints: [
        {
          change: 'updated',
          name: 'Partner orders (renamed)',
          detail: 'GET partner/orders',
          // Each change as before and after, keys by name (the new one included).
          changes: [
            { setting: 'name', before: 'Partner orders', after: 'Partner orders (renamed)' },
            { setting: 'cache', before: null, after: 120 },
            { setting: 'fieldsRemoved', items: ['total'] },
            { setting: 'keysAdded', items: ['preview-key'] },
          ],
          moreChanges: 0,
        },
        { change: 'unchanged', name: 'My orders', detail: 'GET me/orders', ...none },
        { change: 'created', name: 'New products', detail: 'GET preview/products', ...none },
      ],
      documents: [
        {
          change: 'updated',
          name: 'Partner API',
          detail: 'partner_api',
          changes: [
            { setting: 'version', before: '1.0.0', after: '2.0.0' },
            { setting: 'endpointsRemoved', items: ['GET me/orders'] },
          ],
          moreChanges: 0,
        },
        { change: 'created', name: 'Preview API', detail: 'preview_api', ...none },
      ],
      keys: [
        { change: 'unchanged', name: 'partner', detail: 'Partner key', ...none },
        { change: 'created', name: 'preview-key', detail: 'Preview key', ...none },
      ],
    });
    expect(await stored()).toEqual(before);
  });

  test('refuses a bad file with the problems the import would answer, and writes nothing', async () => {
    const file = await exported();
    file.endpoints.push(fileList('Broken', 'broken/orders', 'partner', ['nope']));
    const before = await stored();
    const previewed = await preview(file);
    expect(previewed.status).toBe(400);
    expect(previewed.body.error.details.errors).toEqual([
      {
        path: ['endpoints', 2, 'fields', 0],
        message: 'unknown field "nope" on api::order.order (endpoint broken/orders)',
        name: 'ValidationError',
      },
    ]);
    const imported = await importFile(file);
    expect(imported.status).toBe(400);
    expect(imported.body.error.details.errors).toEqual(previewed.body.error.details.errors);
    expect((await preview({ format: 'strapi-plugin-data-api/2' })).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  test('needs the import right: an admin who may only export gets 403', async () => {
    const file = await exported();
    const exporter = await adminWith(app, 'exporter@example.com', ['plugin::data-api.transfer.read']);
    const refused = await preview(file, exporter);
    expect(refused.status).toBe(403);
    const importer = await adminWith(app, 'importer@example.com', ['plugin::data-api.transfer.manage']);
    // Allowed to ask, and then checked as an import: its endpoints need Content Manager rights this admin lacks.
    expect((await preview(file, importer)).status).toBe(400);
    expect((await preview({ ...file, endpoints: [], documents: [] }, importer)).status).toBe(200);
  });

  test('refuses a key marked for preview by an admin who may not read its drafts, as the import does', async () => {
    const drafts = await createPartnerDrafts();
    const file = await markingFile();
    const importer = await adminWith(app, 'marking-importer@example.com', ['plugin::data-api.transfer.manage']);
    const before = await stored();
    const previewed = await preview(file, importer);
    expect(previewed.status).toBe(400);
    expect(previewed.body.error.details.errors).toEqual([MARKING_REFUSED]);
    const imported = await importer.post('/data-api/import', { data: file });
    expect(imported.status).toBe(400);
    expect(imported.body.error.details.errors).toEqual([MARKING_REFUSED]);
    expect(await stored()).toEqual(before);

    const reader = await adminWith(app, 'marking-reader@example.com', [
      'plugin::data-api.transfer.manage',
      READ_POST_TITLES,
    ]);
    expect((await preview(file, reader)).body.data.keys).toEqual([
      {
        change: 'updated',
        name: 'partner',
        detail: 'Partner key',
        changes: [{ setting: 'preview', before: false, after: true }],
        moreChanges: 0,
      },
    ]);
    expect((await reader.post('/data-api/import', { data: file })).status).toBe(200);
    const partner = await app.strapi.db.query(UIDS.key as never).findOne({ where: { id: key.id } });
    expect(partner).toMatchObject({ preview: true });
    const drafted = await app
      .http()
      .get('/_api/partner/posts?status=draft')
      .set('Authorization', `Bearer ${key.secret}`);
    expect(drafted.status).toBe(200);
    await admin.put(`/data-api/api-keys/${key.id}`, { data: { preview: false } });
    await admin.del(`/data-api/endpoints/${drafts.id}`);
  });
});

describe('import counts', () => {
  test('a file that changes nothing reports everything unchanged and writes nothing', async () => {
    const before = await stored();
    const response = await importFile(await exported());
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      endpoints: { created: 0, updated: 0, unchanged: 2 },
      documents: { created: 0, updated: 0, unchanged: 1 },
      keys: { created: [] },
    });
    // Left as they were: not even written again.
    expect(await stored()).toEqual(before);
  });

  test('member order does not make a change; the import then does what its preview said', async () => {
    const file = await changedFile();
    // The same definition with its members in another order is the same definition.
    const mine = file.endpoints.findIndex((e: { path: string }) => e.path === 'me/orders');
    file.endpoints[mine] = Object.fromEntries(Object.entries(file.endpoints[mine]).reverse());
    const planned = (await preview(file)).body.data;
    const count = (items: Array<{ change: string }>, change: string) => items.filter((i) => i.change === change).length;
    const response = await importFile(file);
    expect(response.status).toBe(200);
    for (const kind of ['endpoints', 'documents'] as const) {
      expect(response.body.data[kind]).toEqual({
        created: count(planned[kind], 'created'),
        updated: count(planned[kind], 'updated'),
        unchanged: count(planned[kind], 'unchanged'),
      });
    }
    expect(response.body.data.endpoints).toEqual({ created: 1, updated: 1, unchanged: 1 });
    expect(response.body.data.keys.created).toMatchObject([{ name: 'preview-key', secret: expect.any(String) }]);
    const call = await app
      .http()
      .get('/_api/preview/products')
      .set('Authorization', `Bearer ${response.body.data.keys.created[0].secret}`);
    expect(call.status).toBe(200);
    // Imported again, the file now changes nothing.
    expect((await preview(file)).body.data.endpoints.map((e: { change: string }) => e.change)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
  });
});
