import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { callWithKey, createKey, type KeyFixture } from '../helpers/fixtures';
import {
  createPictureEndpoints,
  download as downloadFrom,
  file,
  GIF,
  linkedFileIds,
  PDF,
  signedPath,
} from '../helpers/files';
import { startApp, type TestApp } from '../helpers/strapi';

/**
 * Media fields on a remote upload provider (tests/fixtures/upload-provider, standing in for S3): a private
 * provider's own signed URLs in List answers, and /_api/_files streaming from the provider.
 */
const PROVIDER = resolve(__dirname, '..', 'fixtures', 'upload-provider');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { tokenOf } = require(PROVIDER) as { tokenOf: (secret: string, name: string) => string };
const PROVIDER_SECRET = 'test-provider-secret';

/**
 * The provider's store: files in a folder, served over HTTP, with the token check of a private bucket (whose
 * signed URLs, like S3's, are good for GET only). Like many CDNs it compresses when the client accepts it.
 */
const startStore = async (checkToken: boolean) => {
  const dir = mkdtempSync(join(tmpdir(), 'data-api-store-'));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://store');
    const name = url.pathname.slice(1);
    const valid =
      /^[\w.-]+$/.test(name) &&
      (!checkToken || (req.method === 'GET' && url.searchParams.get('token') === tokenOf(PROVIDER_SECRET, name)));
    let body: Buffer | null = null;
    try {
      body = valid ? readFileSync(join(dir, name)) : null;
    } catch {
      body = null;
    }
    res.statusCode = !valid ? 403 : body ? 200 : 404;
    if (body && /gzip/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body);
      res.setHeader('Content-Encoding', 'gzip');
    }
    if (body) res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    dir,
    baseUrl,
    files: () => readdirSync(dir),
    stop: async () => {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

describe.each([
  ['a private provider (its own signed URLs)', true],
  ['a public remote provider', false],
])('media fields on %s', (_label, isPrivate) => {
  let store: Awaited<ReturnType<typeof startStore>>;
  let app: TestApp;
  let key: KeyFixture;
  let listId: number;

  const call = callWithKey(
    () => app,
    () => key
  );
  const download = (url: string) => downloadFrom(app, url);
  const listPictures = async () => {
    const response = await call('get', '/_api/pictures?id=1');
    expect(response.status).toBe(200);
    return response.body.items[0] as { photo: string | null; gallery: string[] };
  };
  const ownUrl = (fileId: number) => signedPath(listId, fileId, Math.floor(Date.now() / 1000) + 600);
  const fileIdOfPhoto = async () => (await linkedFileIds(app, 1, 'photo'))[0];

  beforeAll(async () => {
    store = await startStore(isPrivate);
    app = await startApp({
      UPLOAD_PROVIDER: PROVIDER,
      UPLOAD_PROVIDER_OPTIONS: JSON.stringify({ dir: store.dir, baseUrl: store.baseUrl, private: isPrivate }),
    });
    expect(app.strapi.plugin('data-api')).toBeDefined();
    const admin = await app.admin();
    key = await createKey(admin);
    listId = await createPictureEndpoints(admin, key, {
      tasks: [{ action: 'raise-error', when: { match: { title: 'refuse uploads' } }, message: 'refused' }],
    });
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await store?.stop();
  });

  it('stores uploads with the provider and lists them with the expected kind of URL', async () => {
    const sent = await call('patch', '/_api/pictures/1', {
      photo: file(GIF, 'dot.gif'),
      gallery: [file(GIF, 'one.gif'), file(GIF, 'two.gif')],
    });
    expect(sent.status).toBe(200);
    expect(store.files()).toHaveLength(3);
    const { photo, gallery } = await listPictures();
    const urls = [photo!, ...gallery];
    for (const url of urls) {
      if (isPrivate) {
        expect(url.startsWith(`${store.baseUrl}/`)).toBe(true);
        expect(new URL(url).searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
        const fetched = await fetch(url);
        expect(fetched.status).toBe(200);
        expect(Buffer.from(await fetched.arrayBuffer()).equals(GIF)).toBe(true);
      } else {
        // A relative reference: the tests' Strapi has no server.url, and no URL is built from the Host header.
        expect(url).toMatch(/^\/_api\/_files\/\d+\/\d+\?/);
        const fetched = await download(url);
        expect(fetched.status).toBe(200);
        expect((fetched.body as Buffer).equals(GIF)).toBe(true);
      }
    }
  });

  it('streams the file through /_api/_files from the provider, whole and for HEAD', async () => {
    const url = ownUrl(await fileIdOfPhoto());
    const response = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['content-length']).toBe(String(GIF.length));
    expect((response.body as Buffer).equals(GIF)).toBe(true);
    const head = await app.http().head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(GIF.length));
  });

  it('answers 404 when the provider no longer has the file', async () => {
    const fileId = await fileIdOfPhoto();
    const [record] = await app.strapi.db.connection('files').where({ id: fileId });
    rmSync(join(store.dir, `${record.hash}${record.ext}`));
    const response = await app.http().get(ownUrl(fileId));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Not found' });
  });

  it('removes the files from the provider when the write is rolled back', async () => {
    await app.strapi.db.connection('products').where({ id: 2 }).update({ title: 'refuse uploads' });
    const before = store.files().sort();
    const response = await call('patch', '/_api/pictures/2', {
      photo: file(GIF, 'x.gif'),
      gallery: [file(PDF, 'x.pdf')],
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Invalid data for field: gallery \(application\/pdf is not allowed/);
    const refused = await call('patch', '/_api/pictures/2', {
      photo: file(GIF, 'x.gif'),
      gallery: [file(GIF, 'y.gif')],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, error: 'refused' });
    expect(store.files().sort()).toEqual(before);
  });
});
