import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyedHash } from '../../server/src/auth/keyed-hash';
import type { MediaObject } from '../../server/src/files/media-object';
import { callWithKey, createEndpoint, createKey, type KeyFixture } from '../helpers/fixtures';
import { download, pathOf } from '../helpers/files';
import { keySecret } from '../helpers/secrets';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';
import { startStore, type UploadStore } from '../helpers/upload-store';

/**
 * Media objects: a List with `media: "object"` answers the playground blog's `cover` as the
 * file's fields and formats, compared with Strapi's REST API (`/api/posts?populate=cover`); every URL, the
 * original's and each format's, is signed and serves that file's own bytes. On a private provider, the URLs
 * are the provider's own signed URLs, formats included, even with `mediaUrls: "public"`.
 */

const POST = 'api::post.post';
let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;
let listId: number;
const call = callWithKey(
  () => app,
  () => key
);

type Media = MediaObject;
type Post = { slug: string; cover: Media | null; seo: { shareImage: Media | null } | null };
/** A file as Strapi's REST API answers it, with where the provider keeps it. */
type StoredFile = { hash: string; ext: string; mime: string };

/** A signed file URL path, as the plugin would give it, of a file's original or one of its formats. */
const signed = (fileId: number, expires: number, format?: string) => {
  const message = `${listId}:${fileId}:${expires}${format ? `:${format}` : ''}`;
  const file = `${listId}/${fileId}${format ? `/${format}` : ''}`;
  return `/_api/_files/${file}?expires=${expires}&signature=${keyedHash(keySecret(), 'file-url', message)}`;
};

const listPosts = async () => {
  const response = await call('get', '/_api/posts/media');
  expect(response.status).toBe(200);
  return response.body.items as Post[];
};

/** Strapi's own answer: the published posts with their cover, by slug. */
const strapiCovers = async () => {
  const response = await app.http().get('/api/posts?populate=cover&pagination[pageSize]=100');
  expect(response.status).toBe(200);
  const covers = new Map<string, Record<string, unknown> | null>();
  for (const post of response.body.data) covers.set(post.slug, post.cover);
  return covers;
};

const described = (file: Record<string, unknown>) => ({
  name: file.name,
  mime: file.mime,
  size: Number(file.size),
  width: file.width ?? null,
  height: file.height ?? null,
});

const onDisk = (url: string) => readFileSync(join(app.strapi.dirs.static.public, url));

const setUp = async (env: Record<string, string> = {}, seedHere = false) => {
  app = await startApp(env, { seedHere });
  admin = await app.admin();
  key = await createKey(admin);
  listId = (
    await createEndpoint(admin, key, {
      path: 'posts/media',
      type: 'list',
      object: POST,
      media: 'object',
      fields: [{ name: 'slug' }, { name: 'cover' }, { name: 'seo' }],
    })
  ).id;
};

describe('a List with media: "object"', () => {
  beforeAll(() => setUp());
  afterAll(() => app?.stop());

  it('answers each file with the fields and formats Strapi records for it', async () => {
    const posts = await listPosts();
    const covers = await strapiCovers();
    expect(posts.map((p) => p.slug).sort()).toEqual([...covers.keys()].sort());
    for (const post of posts) {
      const cover = covers.get(post.slug) as Record<string, unknown> & { formats: Record<string, never> };
      expect(post.cover).not.toBeNull();
      const { url, formats, alternativeText, caption, ...rest } = post.cover!;
      expect(url).toMatch(
        new RegExp(`/_api/_files/${listId}/\\d+\\?expires=\\d+&caller=k\\d+&signature=[0-9a-f]{64}$`)
      );
      expect(rest).toEqual(described(cover));
      expect({ alternativeText, caption }).toEqual({ alternativeText: cover.alternativeText, caption: cover.caption });
      expect(Object.keys(formats).sort()).toEqual(Object.keys(cover.formats).sort());
      expect(Object.keys(formats)).toContain('thumbnail');
      for (const [name, format] of Object.entries(formats)) {
        const { url: formatUrl, ...fields } = format;
        expect(formatUrl).toMatch(
          new RegExp(`/_api/_files/${listId}/\\d+/${name}\\?expires=\\d+&caller=k\\d+&signature=[0-9a-f]{64}$`)
        );
        expect(fields).toEqual(described(cover.formats[name]));
      }
    }
  });

  it("serves each URL with that file's own bytes and type: the original and every format", async () => {
    const [post] = await listPosts();
    const cover = (await strapiCovers()).get(post.slug) as { url: string; formats: Record<string, { url: string }> };
    const original = await download(app, post.cover!.url);
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(original.body, onDisk(cover.url))).toBe(0);
    for (const [name, format] of Object.entries(post.cover!.formats)) {
      const served = await download(app, format.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(format.mime);
      expect(Buffer.compare(served.body, onDisk(cover.formats[name].url))).toBe(0);
      expect(Buffer.compare(served.body, original.body)).not.toBe(0);
    }
  });

  it('answers files inside components as media objects too, each URL serving its file', async () => {
    const images = (await listPosts()).flatMap((post) => (post.seo?.shareImage ? [post.seo.shareImage] : []));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.alternativeText).toMatch(/^Picture \d$/);
      const thumbnail = await download(app, image.formats.thumbnail.url);
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers['content-type']).toBe(image.formats.thumbnail.mime);
      // Sizes are kilobytes with two decimals, as Strapi stores them.
      expect(Math.abs(thumbnail.body.length / 1000 - image.formats.thumbnail.size)).toBeLessThanOrEqual(0.005);
    }
  });

  it('refuses a URL whose format was changed, added or removed (403), and a format the file lacks (404)', async () => {
    const [post] = await listPosts();
    const thumbnail = pathOf(post.cover!.formats.thumbnail.url);
    const tampered = [
      thumbnail.replace('/thumbnail?', '/small?'),
      thumbnail.replace('/thumbnail?', '?'),
      pathOf(post.cover!.url).replace('?', '/thumbnail?'),
    ];
    for (const url of tampered) expect((await download(app, url)).status).toBe(403);
    const fileId = Number(/\/_files\/\d+\/(\d+)/.exec(thumbnail)![1]);
    const expires = Math.floor(Date.now() / 1000) + 600;
    expect((await download(app, signed(fileId, expires, 'nonexistent'))).status).toBe(404);
    expect((await download(app, signed(fileId, expires, '__proto__'))).status).toBe(404);
    expect((await download(app, signed(fileId, expires, 'thumbnail'))).status).toBe(200);
  });

  it('answers 410 to an expired format URL', async () => {
    const [post] = await listPosts();
    const fileId = Number(/\/_files\/\d+\/(\d+)/.exec(post.cover!.url)![1]);
    const response = await download(app, signed(fileId, Math.floor(Date.now() / 1000) - 10, 'thumbnail'));
    expect(response.status).toBe(410);
  });

  it('is refused on an endpoint other than a List', async () => {
    const response = await admin.post('/data-api/endpoints', {
      data: {
        name: 'post-media-create',
        path: 'posts/media',
        type: 'create',
        object: POST,
        media: 'object',
        auth: { method: 'api-key', keys: [key.id] },
        fields: [{ name: 'title' }],
      },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('media: only a List answers media fields');
  });
});

describe('a List with media: "object" on a private provider (its own signed URLs)', () => {
  let store: UploadStore;

  beforeAll(async () => {
    store = await startStore(true);
    await setUp(store.env, true); // the blog's images uploaded through this provider
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await store?.stop();
  });

  it("answers the provider's signed URL of the original and of every format, each serving its own bytes", async () => {
    const [post] = await listPosts();
    const cover = (await strapiCovers()).get(post.slug) as StoredFile & { formats: Record<string, StoredFile> };
    const inStore = (file: StoredFile) => readFileSync(join(store.dir, `${file.hash}${file.ext}`));
    const expected = [
      [post.cover!.url, cover],
      ...Object.entries(post.cover!.formats).map(([name, format]) => [format.url, cover.formats[name]] as const),
    ] as const;
    expect(expected.length).toBeGreaterThan(1);
    for (const [url, file] of expected) {
      expect(url.startsWith(`${store.baseUrl}/${file.hash}${file.ext}?token=`)).toBe(true);
      const fetched = await fetch(url);
      expect(fetched.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), inStore(file))).toBe(0);
    }
  });

  it("streams a format through this plugin's signed URL from the provider", async () => {
    const [post] = await listPosts();
    const cover = (await strapiCovers()).get(post.slug) as StoredFile & {
      id: number;
      formats: Record<string, StoredFile>;
    };
    const expires = Math.floor(Date.now() / 1000) + 600;
    const response = await download(app, signed(cover.id, expires, 'thumbnail'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(cover.formats.thumbnail.mime);
    const { hash, ext } = cover.formats.thumbnail;
    expect(Buffer.compare(response.body, readFileSync(join(store.dir, `${hash}${ext}`)))).toBe(0);
  });

  it('keeps the signed URLs with mediaUrls "public": the original, every format, files inside components', async () => {
    await createEndpoint(admin, key, {
      path: 'posts/media/public',
      type: 'list',
      object: POST,
      media: 'object',
      mediaUrls: 'public',
      fields: [{ name: 'slug' }, { name: 'cover' }, { name: 'seo' }],
    });
    const response = await call('get', '/_api/posts/media/public');
    expect(response.status).toBe(200);
    const posts = response.body.items as Post[];
    expect(posts).toEqual(await listPosts());
    const images = posts.flatMap((post) => [post.cover, post.seo?.shareImage ?? null]).filter((m) => m !== null);
    const urls = images.flatMap((image) => [image.url, ...Object.values(image.formats).map((f) => f.url)]);
    expect(urls.length).toBeGreaterThan(images.length);
    for (const url of urls) expect(new URL(url).searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
  });
});
