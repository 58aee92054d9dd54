import { existsSync, readdirSync } from 'node:fs';
import { callWithKey, createEndpoint, createKey, knexOf, type KeyFixture } from './fixtures';
import { uploadsDir } from './database';
import { createPictureEndpoints, download as downloadFrom, GIF, linkedFileIds } from './files';
import { startApp, type AdminClient, type TestApp } from './strapi';

/**
 * What the suites of file and image fields share (docs/files.md), with Strapi's local upload provider: base64 on
 * writes, temporary signed URLs on reads, and uploads that never outlive a failed write or the link that a later
 * write removed.
 */
export const PRODUCT = 'api::product.product';
export const ORDER = 'api::order.order';
export const MAX_BYTES = 2048;
export const MAX_FILES = 4;
export const GIF2 = Buffer.concat([GIF.subarray(0, GIF.length - 1), Buffer.from([0x00, 0x3b])]);

export let app: TestApp;
export let admin: AdminClient;
export let key: KeyFixture;
export let listId: number;
export let ordersId: number;

export const call = callWithKey(
  () => app,
  () => key
);
export const download = (url: string, headers: Record<string, string> = {}) => downloadFrom(app, url, headers);
export const pictures = async (id: number) => {
  const response = await call('get', `/_api/pictures?id=${id}`);
  expect(response.status).toBe(200);
  return response.body.items[0] as { photo: string | null; gallery: string[] };
};

/** What writes with files leave behind: Media Library rows, link rows, tracking rows, files on disk, orders. */
export const traces = async () => ({
  orders: (await knexOf(app)('orders').count({ n: '*' }))[0].n,
  files: (await knexOf(app)('files').count({ n: '*' }))[0].n,
  links: (await knexOf(app)('files_related_mph').count({ n: '*' }))[0].n,
  tracked: (await knexOf(app)('data_api_uploads').count({ n: '*' }))[0].n,
  disk: existsSync(uploadsDir()) ? readdirSync(uploadsDir()).length : 0,
});
export const fileIdsOf = (id: number, field: string) => linkedFileIds(app, id, field);

/**
 * The set-up of a file suite's block for one write path (`mode`, `DATA_API_DOCUMENT_SERVICE`: direct SQL with
 * 'auto', the Document Service with 'always'): the app booted with small file limits, a key, the picture
 * endpoints (`listId`), a Delete of pictures and a Create of orders with an attachment (`ordersId`).
 */
export const mediaSuite = (mode: string) => {
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
};
