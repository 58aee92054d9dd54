import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { callWithKey, createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import {
  createPictureEndpoints,
  download as downloadFrom,
  file,
  GIF,
  linkedFileIds,
  PDF,
  signedPath,
} from '../helpers/files';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';
import { startStore, type UploadStore } from '../helpers/upload-store';

/**
 * Media fields on a remote upload provider (tests/fixtures/upload-provider, standing in for S3): a private
 * provider's own signed URLs in List answers (even with `mediaUrls: "public"`, which gives a public provider's
 * own URLs), and /_api/_files streaming from the provider.
 */
describe.each([
  ['a private provider (its own signed URLs)', true],
  ['a public remote provider', false],
])('media fields on %s', (_label, isPrivate) => {
  let store: UploadStore;
  let app: TestApp;
  let admin: AdminClient;
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
    app = await startApp(store.env);
    expect(app.strapi.plugin('data-api')).toBeDefined();
    admin = await app.admin();
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
    // The playground's blog seed has stored its pictures (and their formats) there already.
    const seeded = store.files().length;
    const sent = await call('patch', '/_api/pictures/1', {
      photo: file(GIF, 'dot.gif'),
      gallery: [file(GIF, 'one.gif'), file(GIF, 'two.gif')],
    });
    expect(sent.status).toBe(200);
    expect(store.files()).toHaveLength(seeded + 3);
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

  it(`answers ${isPrivate ? 'its signed' : 'its own'} URLs with mediaUrls "public", as Strapi's REST API does`, async () => {
    await createEndpoint(admin, key, {
      path: 'pictures/public',
      type: 'list',
      object: 'api::product.product',
      mediaUrls: 'public',
      fields: [{ name: 'id' }, { name: 'photo' }, { name: 'gallery' }],
    });
    const response = await call('get', '/_api/pictures/public?id=1');
    expect(response.status).toBe(200);
    const item = response.body.items[0] as { id: number; photo: string; gallery: string[] };
    const urls = [item.photo, ...item.gallery];
    const rest = await app.http().get('/api/products?filters[id][$eq]=1&populate[photo]=true&populate[gallery]=true');
    expect(rest.status).toBe(200);
    const [product] = rest.body.data as Array<{ photo: { url: string }; gallery: Array<{ url: string }> }>;
    expect(urls).toEqual([product.photo.url, ...product.gallery.map((f) => f.url)]);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.startsWith(`${store.baseUrl}/`)).toBe(true);
    const raw = await knexOf(app)('files').whereIn('url', urls).select('url');
    if (isPrivate) {
      // Never the bucket's raw URL: the provider's signed one, as the List without the option gives.
      expect(raw).toEqual([]);
      expect(item).toEqual(await listPictures());
      for (const url of urls) expect(new URL(url).searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
    } else {
      expect(raw).toHaveLength(urls.length);
      const fetched = await fetch(item.gallery[0]); // (the photo was removed from the store above)
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(GIF)).toBe(true);
    }
  });
});
