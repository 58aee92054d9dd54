import type { Json } from '../helpers/json';
import type supertest from 'supertest';
import { callWithKey, createEndpoint, knexOf } from '../helpers/fixtures';
import { download } from '../helpers/files';
import { keyedSuite } from '../helpers/keyed-suite';
import { conformance, validateOpenapi, type OpenapiDocument } from '../helpers/openapi';

/**
 * Stable public media URLs for cached pages: a List with `mediaUrls: "public"` answers the files
 * of Strapi's local provider (public) with the URL Strapi's REST API gives them, in top-level media fields,
 * components and dynamic zones, as URLs and as media objects with their formats; its ETag then stays the same
 * while nothing changes. Compared with the public REST API of the playground blog (`/api/posts?populate=...`).
 * A private provider's files keep signed URLs: files-provider and media-objects test that.
 */

const POST = 'api::post.post';
const { app, admin, key } = keyedSuite();
const call = callWithKey(
  () => app,
  () => key
);

const POST_FIELDS = ['slug', 'cover', 'seo', 'blocks'].map((name) => ({ name }));
const postList = (path: string, extra: Json = {}) =>
  createEndpoint(admin, key, { path, type: 'list', object: POST, fields: POST_FIELDS, ...extra });

const POPULATE = [
  'populate[cover]=true',
  'populate[seo][populate]=*',
  'populate[blocks][populate]=*',
  'pagination[pageSize]=100',
].join('&');
/** Strapi's own answer, with no credentials (the playground's public role reads posts): posts by slug. */
const rest = async () => {
  const response = await app.http().get(`/api/posts?${POPULATE}`);
  expect(response.status).toBe(200);
  return new Map<string, Json>(response.body.data.map((post: Json) => [post.slug, post]));
};

/** The media values of a post, top-level and in its components, in order, as `asUrl` presents each file. */
const mediaOf = (post: Json, asUrl: (file: Json) => unknown) => {
  const each = (value: unknown) => (Array.isArray(value) ? value.map(asUrl) : value === null ? null : asUrl(value));
  return {
    cover: each(post.cover),
    shareImage: post.seo ? each(post.seo.shareImage) : null,
    blocks: post.blocks.flatMap((entry: Json) =>
      'file' in entry ? [each(entry.file)] : 'files' in entry ? [each(entry.files)] : []
    ),
  };
};
/** A file (REST's or a media object) as its URL and its formats' URLs. */
const urlsOf = (file: Json) => ({
  url: file.url,
  formats: Object.fromEntries(Object.entries(file.formats ?? {}).map(([name, f]) => [name, (f as Json).url])),
});

const list = async (path: string) => {
  const response = await call('get', `/_api/${path}`);
  expect(response.status).toBe(200);
  return response;
};
const items = async (path: string) => (await list(path)).body.items as Json[];

beforeAll(async () => {
  await postList('media/public', { mediaUrls: 'public' });
  await postList('media/public/objects', { mediaUrls: 'public', media: 'object' });
  await postList('media/signed');
});

describe('a List with mediaUrls: "public" on the local provider', () => {
  test("answers each file with the URL Strapi's REST API gives it: top level, components, dynamic zones", async () => {
    const posts = await items('media/public');
    const expected = await rest();
    expect(posts.map((p) => p.slug).sort()).toEqual([...expected.keys()].sort());
    for (const post of posts) {
      expect(mediaOf(post, (url) => url)).toEqual(mediaOf(expected.get(post.slug)!, (file) => file.url));
    }
    const urls = posts.flatMap((post) => Object.values(mediaOf(post, (url) => url)).flat(2));
    expect(urls.length).toBeGreaterThan(posts.length * 3);
    // Relative, as REST gives them, and served by Strapi's own public folder.
    for (const url of urls) expect(url).toMatch(/^\/uploads\/[\w.-]+$/);
    const served = await download(app, urls[0]);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  test('answers media objects with the same URLs for the original and every format', async () => {
    const posts = await items('media/public/objects');
    const expected = await rest();
    let formats = 0;
    for (const post of posts) {
      const ours = mediaOf(post, urlsOf);
      expect(ours).toEqual(mediaOf(expected.get(post.slug)!, urlsOf));
      formats += Object.keys((ours.cover as { formats: object }).formats).length;
    }
    expect(formats).toBeGreaterThan(0);
  });

  test("answers the files of related records with REST's URLs too (a category's seo image)", async () => {
    await postList('media/public/related', {
      mediaUrls: 'public',
      fields: [{ name: 'slug' }, { name: 'category', fields: [{ name: 'name' }, { name: 'seo' }] }],
    });
    const posts = await items('media/public/related');
    const response = await app
      .http()
      .get('/api/posts?populate[category][populate][seo][populate]=shareImage&pagination[pageSize]=100');
    expect(response.status).toBe(200);
    const expected = new Map<string, Json>(response.body.data.map((post: Json) => [post.slug, post]));
    const images = posts.flatMap((post) => (post.category?.seo?.shareImage ? [post] : []));
    expect(images.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post.category?.seo?.shareImage ?? null).toBe(
        expected.get(post.slug)!.category?.seo?.shareImage?.url ?? null
      );
    }
  });

  test('reads the Media Library once per page and component level, never once per file', async () => {
    let reads = 0;
    const listen = (query: { sql: string }) => {
      // The files table, quoted (PostgreSQL adds its schema: "public"."files").
      if (/[`"]files[`"]/.test(query.sql)) reads += 1;
    };
    knexOf(app).on('query', listen);
    const posts = await items('media/public/objects').finally(() => knexOf(app).removeListener('query', listen));
    expect(posts.flatMap((post) => Object.values(mediaOf(post, (f) => f)).flat(2)).length).toBeGreaterThan(10);
    // The cover, seo's image, and the dynamic zone's media and slider components: four places at most.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(4);
  });

  test('keeps its ETag while nothing changes, when signed URLs renew theirs (a 304 after the clock moved)', async () => {
    const tagOf = (response: supertest.Response) => response.headers.etag as string;
    const before = { public: tagOf(await list('media/public/objects')), signed: tagOf(await list('media/signed')) };
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5 * 60_000);
    try {
      expect(tagOf(await list('media/public/objects'))).toBe(before.public);
      expect(tagOf(await list('media/signed'))).not.toBe(before.signed);
      const again = await call('get', '/_api/media/public/objects').set('If-None-Match', before.public);
      expect(again.status).toBe(304);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('the mediaUrls option', () => {
  const define = (definition: Json) =>
    admin.post('/data-api/endpoints', {
      data: { name: 'x', auth: { method: 'api-key', keys: [key.id] }, object: POST, ...definition },
    });

  test('is absent by default, which means signed URLs', async () => {
    const stored = (await admin.get('/data-api/endpoints')).body.data as Json[];
    const signed = stored.find((e) => e.path === 'media/signed')!;
    expect(signed).not.toHaveProperty('mediaUrls');
    expect(stored.find((e) => e.path === 'media/public')!.mediaUrls).toBe('public');
  });

  test('is refused on an endpoint other than a List, and takes only its two values', async () => {
    const create = await define({
      path: 'media/create',
      type: 'create',
      mediaUrls: 'public',
      fields: [{ name: 'title' }],
    });
    expect(create.status).toBe(400);
    expect(JSON.stringify(create.body)).toContain('mediaUrls: only a List answers media fields');
    const aggregate = await define({
      path: 'media/aggregate',
      type: 'aggregate',
      mediaUrls: 'public',
      aggregate: { dimensions: [{ variable: 'slug', field: 'slug' }], measures: [{ variable: 'n', op: 'count' }] },
    });
    expect(aggregate.status).toBe(400);
    expect(JSON.stringify(aggregate.body)).toContain('mediaUrls: only a List answers media fields');
    const unknown = await define({ path: 'media/unknown', type: 'list', mediaUrls: 'forever', fields: POST_FIELDS });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.errors[0].path).toEqual(['mediaUrls']);
  });

  test('travels in an export and comes back with an import', async () => {
    const exported = (await admin.get('/data-api/export')).body.data;
    const inFile = exported.endpoints.find((e: Json) => e.path === 'media/public');
    expect(inFile.mediaUrls).toBe('public');
    expect(exported.endpoints.find((e: Json) => e.path === 'media/signed')).not.toHaveProperty('mediaUrls');
    const stored = ((await admin.get('/data-api/endpoints')).body.data as Json[]).find(
      (e) => e.path === 'media/public'
    )!;
    const { id, method: _m, createdAt: _c, updatedAt: _u, suspended: _s, ...definition } = stored;
    const changed = await admin.put(`/data-api/endpoints/${id}`, { data: { ...definition, mediaUrls: 'signed' } });
    expect(changed.status).toBe(200);
    expect((await items('media/public'))[0].cover).toMatch(/^\/_api\/_files\//);
    const imported = await admin.post('/data-api/import', { data: exported });
    expect(imported.body.error).toBeUndefined();
    expect((await admin.get(`/data-api/endpoints/${id}`)).body.data.mediaUrls).toBe('public');
    expect((await items('media/public'))[0].cover).toMatch(/^\/uploads\//);
  });

  test("is told in OpenAPI documents: the provider's URLs, in schemas of their own, which the answers fit", async () => {
    const stored = (await admin.get('/data-api/endpoints')).body.data as Json[];
    const paths = ['media/public', 'media/public/objects', 'media/signed'];
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title: 'Media', endpoints: paths.map((path) => stored.find((e) => e.path === path)!.id) },
    });
    expect(created.status).toBe(201);
    const downloaded = await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`);
    const document: OpenapiDocument = JSON.parse(downloaded.text);
    await expect(validateOpenapi(document)).resolves.toBeUndefined();
    const schemas = document.components.schemas;
    const PUBLIC = /^The upload provider's own URL of the file, as Strapi's REST API gives it/;
    const SIGNED = /^A temporary signed URL of the file/;
    const urlText = (schema: Json) => (schema.anyOf?.[0] ?? schema).description as string;

    const plain = schemas.ListMediaPublicItem.properties;
    expect(urlText(plain.cover)).toMatch(PUBLIC);
    expect(plain.seo.anyOf[0]).toEqual({ $ref: '#/components/schemas/shared.seo.public-urls' });
    expect(urlText(schemas['shared.seo.public-urls'].properties.shareImage)).toMatch(PUBLIC);
    const signed = schemas.ListMediaSignedItem.properties;
    expect(urlText(signed.cover)).toMatch(SIGNED);
    expect(signed.seo.anyOf[0]).toEqual({ $ref: '#/components/schemas/shared.seo' });
    expect(urlText(schemas['shared.seo'].properties.shareImage)).toMatch(SIGNED);
    const objects = schemas.ListMediaPublicObjectsItem.properties;
    expect(objects.cover.anyOf[0]).toEqual({ $ref: '#/components/schemas/PublicMediaObject' });
    expect(schemas.PublicMediaObject.properties.url.description).toMatch(PUBLIC);
    expect(schemas.PublicMediaFormat.properties.url.description).toMatch(PUBLIC);

    const fits = conformance(document);
    for (const path of paths) fits(`/_api/${path}`, 'get', await list(path), 200);
  });
});
