import { keyedHash } from '../../server/src/auth/keyed-hash';
import { createEndpoint, knexOf, type KeyFixture } from './fixtures';
import type { AdminClient, TestApp } from './strapi';
import { keySecret } from './secrets';

/** Small files whose type their first bytes show, for the media field tests. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
);

const PRODUCT = 'api::product.product';
/** The playground's `keySecret` (config/plugins.js), which signs file URLs. */

/** A media field's value on writes (docs/files.md). */
export const file = (bytes: Buffer, name: string) => ({ data: bytes.toString('base64'), name });

/** The path and query of a signed file URL the plugin would give, valid until `expires` (unix s). */
export const signedPath = (endpointId: number, fileId: number, expires: number) =>
  `/_api/_files/${endpointId}/${fileId}?expires=${expires}&signature=${keyedHash(keySecret(), 'file-url', `${endpointId}:${fileId}:${expires}`)}`;

const binary = (res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** A signed file URL of the plugin (`/_api/_files/<endpoint>/<file>?...`); group 1 is the file id. */
export const FILE_URL = /^\/_api\/_files\/\d+\/(\d+)\?/;

/** An answer with each signed file URL replaced by the id of the file it serves (to compare with REST's files). */
export const unsigned = (value: unknown): unknown => {
  if (typeof value === 'string') {
    const match = FILE_URL.exec(value);
    return match ? Number(match[1]) : value;
  }
  if (Array.isArray(value)) return value.map(unsigned);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unsigned(v)]));
  }
  return value;
};

/** The path and query of a URL of the app, absolute or not. */
export const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/** GET of a file URL of the app, with the body as bytes. */
export const download = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app
    .http()
    .get(pathOf(url))
    .set(headers)
    .buffer(true)
    .parse(binary as never);

/** The ids of the files a product's media field links to, in order. */
export const linkedFileIds = async (app: TestApp, productId: number, field: string) =>
  (
    await knexOf(app)('files_related_mph')
      .where({ related_type: PRODUCT, related_id: productId, field })
      .orderBy('order')
      .select('file_id')
  ).map((row: { file_id: unknown }) => Number(row.file_id));

/**
 * `/_api/pictures`: a List of products' `id`, `photo` and `gallery`, and a Modify of those fields (plus
 * `extra` of its definition). Answers the List endpoint's id, which its file URLs carry.
 */
export const createPictureEndpoints = async (
  admin: AdminClient,
  key: KeyFixture,
  modify: { fields?: Array<{ name: string }>; tasks?: unknown[] }
) => {
  const { id } = await createEndpoint(admin, key, {
    path: 'pictures',
    type: 'list',
    object: PRODUCT,
    fields: [{ name: 'id' }, { name: 'photo' }, { name: 'gallery' }],
  });
  await createEndpoint(admin, key, {
    path: 'pictures',
    type: 'modify',
    parameter: 'required',
    object: PRODUCT,
    fields: [{ name: 'photo' }, { name: 'gallery' }, ...(modify.fields ?? [])],
    tasks: modify.tasks ?? [],
  });
  return id as number;
};

/**
 * Gives the first product a GIF photo through the `/_api/pictures` Modify, then lists `/_api/pictures` (with
 * `host` as the Host header, if given): answers that List response and the photo's URL in it.
 */
export const photoOfFirstProduct = async (app: TestApp, key: KeyFixture, host?: string) => {
  const [product] = await app.strapi.db.query(PRODUCT).findMany({ limit: 1, orderBy: { id: 'asc' } });
  const modified = await app
    .http()
    .patch(`/_api/pictures/${product.id}`)
    .set('Authorization', `Bearer ${key.secret}`)
    .send({ photo: file(GIF, 'dot.gif') });
  expect(modified.status).toBe(200);
  const list = app.http().get('/_api/pictures').set('Authorization', `Bearer ${key.secret}`);
  const response = await (host ? list.set('Host', host) : list);
  const photo = response.body.items.find((item: { id: number }) => item.id === product.id).photo as string;
  return { response, photo };
};
