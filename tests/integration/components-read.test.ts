import { createEndpoint } from '../helpers/fixtures';
import { download, signedPath, unsigned } from '../helpers/files';
import { adminWith } from '../helpers/strapi';
import {
  POST,
  app,
  admin,
  key,
  call,
  POST_FIELDS,
  define,
  postList,
  rest,
  type Json,
  asOurs,
  listId,
  draftListId,
  titlesId,
  draftPictureId,
  categoryPictureId,
  componentsReadSuite,
} from '../helpers/components-read-suite';

componentsReadSuite();

describe('List answers components as Strapi does', () => {
  test('the plugin is loaded and the blog is seeded', async () => {
    expect(app.strapi.plugin('data-api')).toBeDefined();
    expect((await rest()).length).toBeGreaterThanOrEqual(5);
  });

  test('published posts: the same posts, component values, dynamic zone order, files and related rows', async () => {
    const response = await call('get', '/_api/blog/posts');
    expect(response.status).toBe(200);
    const expected = (await rest()).map(asOurs);
    expect(unsigned(response.body.items)).toEqual(expected);
    expect(response.body.total).toBe(expected.length);
    const bare = response.body.items.find((p: Json) => p.title === 'Bare post');
    expect(bare).toMatchObject({ seo: null, links: [], blocks: [] });
  });

  test('drafts: relations inside components lead to the drafts, as REST with status=draft', async () => {
    const response = await call('get', '/_api/blog/drafts');
    expect(response.status).toBe(200);
    const expected = (await rest('&status=draft')).map(asOurs);
    expect(unsigned(response.body.items)).toEqual(expected);
    const published = (await call('get', '/_api/blog/posts')).body.items;
    const related = (items: Json[]) => items.find((p) => p.title === 'Post 1')?.links[1].article;
    // The published post's link leads to the published article, the draft's to its draft: one record, one id.
    expect(related(response.body.items)).toEqual(expect.any(Number));
    expect(related(response.body.items)).toBe(related(published));
  });

  test('fields in the schema’s order, no component ids, a dynamic zone entry names its component first', async () => {
    const [post] = (await call('get', '/_api/blog/posts')).body.items;
    expect(Object.keys(post)).toEqual(POST_FIELDS);
    expect(Object.keys(post.seo)).toEqual(['metaTitle', 'metaDescription', 'shareImage', 'social']);
    expect(Object.keys(post.seo.social[0])).toEqual(['network', 'title']);
    expect(Object.keys(post.links[0])).toEqual(['label', 'url', 'article']);
    for (const entry of post.blocks) expect(Object.keys(entry)[0]).toBe('__component');
    const { id: _id, ...inside } = post;
    expect(JSON.stringify(inside)).not.toMatch(/"id":/);
  });

  test('a List without component fields answers as before', async () => {
    const response = await call('get', '/_api/blog/titles');
    expect(response.status).toBe(200);
    expect(response.body.items[0]).toEqual({ title: 'Post 1', links: expect.any(Array) });
  });
});

describe('files inside components', () => {
  test('their signed URLs serve the files REST names', async () => {
    const ours: Json[] = (await call('get', '/_api/blog/posts')).body.items;
    const theirs = await rest();
    const pairs = ours.flatMap((post, p) => [
      ...(post.seo?.shareImage ? [[post.seo.shareImage, theirs[p].seo.shareImage.url]] : []),
      ...post.blocks.flatMap((entry: Json, i: number) =>
        'files' in entry ? entry.files.map((url: string, k: number) => [url, theirs[p].blocks[i].files[k].url]) : []
      ),
    ]);
    expect(pairs.length).toBeGreaterThan(4);
    for (const [signed, original] of pairs) {
      const served = await download(app, signed);
      expect(served.status).toBe(200);
      expect(Buffer.compare(served.body, (await download(app, original)).body)).toBe(0);
    }
  });

  test('a file only a draft holds is served through a draft endpoint only', async () => {
    const drafts = (await call('get', '/_api/blog/drafts')).body.items;
    const url = drafts.find((p: Json) => p.title === 'Draft with picture').seo.shareImage as string;
    expect(unsigned(url)).toBe(draftPictureId);
    const original = (await rest('&status=draft')).find((p) => p.title === 'Draft with picture')?.seo.shareImage.url;
    const served = await download(app, url);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body, (await download(app, original)).body)).toBe(0);
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect((await download(app, signedPath(listId, draftPictureId, expires))).status).toBe(404);
  });

  test('media objects inside components, when the definition asks for them', async () => {
    await postList('blog/objects', { media: 'object' });
    const ours: Json[] = (await call('get', '/_api/blog/objects')).body.items;
    const theirs = await rest();
    const slider = ours.findIndex((p) => p.blocks.some((entry: Json) => entry.__component === 'shared.slider'));
    const shown = [
      [ours[0].seo.shareImage, theirs[0].seo.shareImage],
      [
        ours[slider].blocks.find((e: Json) => 'files' in e).files[0],
        theirs[slider].blocks.find((e: Json) => 'files' in e).files[0],
      ],
    ];
    for (const [object, file] of shown) {
      expect(object).toMatchObject({ name: file.name, alternativeText: file.alternativeText, mime: file.mime });
      expect(Object.keys(object.formats).sort()).toEqual(Object.keys(file.formats).sort());
      const thumbnail = await download(app, object.formats.thumbnail.url);
      expect(thumbnail.status).toBe(200);
      expect(Buffer.compare(thumbnail.body, (await download(app, file.formats.thumbnail.url)).body)).toBe(0);
    }
  });

  test('an endpoint that shows no such file serves none', async () => {
    const [post] = (await call('get', '/_api/blog/posts')).body.items;
    const expires = Number(new URL(post.cover, 'http://x').searchParams.get('expires'));
    const fileId = unsigned(post.seo.shareImage) as number;
    expect((await download(app, signedPath(titlesId, fileId, expires))).status).toBe(404);
    // The same component in another type's field: that type's endpoints' file, not this one's.
    expect((await download(app, signedPath(listId, categoryPictureId, expires))).status).toBe(404);
    const categories = await createEndpoint(admin, key, {
      path: 'blog/categories',
      type: 'list',
      object: 'api::category.category',
      fields: [{ name: 'name' }, { name: 'seo' }],
    });
    expect((await download(app, signedPath(categories.id, categoryPictureId, expires))).status).toBe(200);
    expect((await download(app, signedPath(draftListId, fileId, expires))).status).toBe(200);
  });
});

describe('filters on a single component’s fields', () => {
  test('an endpoint filter on seo.metaTitle', async () => {
    await postList('blog/post-two', { filter: { seo: { metaTitle: { $eq: 'Post 2 | Playground' } } } });
    const response = await call('get', '/_api/blog/post-two');
    expect(response.status).toBe(200);
    expect(response.body.items.map((p: Json) => p.title)).toEqual(['Post 2']);
  });

  test('a post without the component compares as if its fields were null', async () => {
    await postList('blog/no-seo', { filter: { seo: { metaTitle: { $null: true } } } });
    expect((await call('get', '/_api/blog/no-seo')).body.items.map((p: Json) => p.title)).toEqual(['Bare post']);
    await postList('blog/not-post-two', { filter: { seo: { metaTitle: { $ne: 'Post 2 | Playground' } } } });
    const titles = (await call('get', '/_api/blog/not-post-two')).body.items.map((p: Json) => p.title);
    expect(titles).toContain('Bare post');
    expect(titles).not.toContain('Post 2');
  });

  test('query filters seo.metaTitle, :gt and :lt, where the endpoint returns seo', async () => {
    const titles = async (query: string) => {
      const response = await call('get', `/_api/blog/posts?${query}`);
      expect(response.status).toBe(200);
      return response.body.items.map((p: Json) => p.title);
    };
    expect(await titles(`seo.metaTitle=${encodeURIComponent('Post 2 | Playground')}`)).toEqual(['Post 2']);
    expect(await titles('seo.metaTitle:gt=Post%204')).toEqual(['Post 4', 'Post 5']);
    expect(await titles('seo.metaTitle:lt=Post%202')).toEqual(['Post 1']);
    expect(await titles('seo.metaTitle=nothing')).toEqual([]);
  });

  test('no query filter on what the endpoint does not return, lists of components or files', async () => {
    for (const query of [
      'seo.shareImage=1',
      'seo.social.network=mastodon',
      'links.label=Home',
      'seo.nope=1',
      'seo=1',
    ]) {
      const response = await call('get', `/_api/blog/posts?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'Invalid request parameters' });
    }
    expect((await call('get', '/_api/blog/titles?seo.metaTitle=x')).status).toBe(400);
  });

  test.each([
    [{ filter: { links: { label: 'Home' } } }, /"links" is a repeatable component/],
    [{ filter: { seo: { social: { network: 'mastodon' } } } }, /"social" is a repeatable component/],
    [{ filter: { blocks: { title: 'x' } } }, /"blocks" is a dynamic zone/],
    [{ filter: { seo: { shareImage: 1 } } }, /"shareImage" is a media field/],
    [{ filter: { seo: 'x' } }, /compare the fields of the component/],
    [{ sort: [{ field: 'seo', dir: 'asc' }] }, /sort\[0\]: "seo" is a component/],
  ])('a definition using components where it cannot is refused (%j)', async (extra, message) => {
    const response = await define({ path: 'blog/refused', type: 'list', fields: [{ name: 'title' }], ...extra });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(message);
  });

  test('an aggregate cannot group by a component field', async () => {
    const response = await define({
      path: 'blog/refused-stats',
      type: 'aggregate',
      fields: [],
      aggregate: {
        dimensions: [{ variable: 'seo', field: 'seo.metaTitle' }],
        measures: [{ variable: 'n', op: 'count' }],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/"seo" is a component/);
  });
});

describe('rights', () => {
  test('returning a component needs read on each of its fields', async () => {
    const seo = ['seo.metaTitle', 'seo.metaDescription', 'seo.shareImage', 'seo.social.network'];
    const editor = await adminWith(app, 'components-reader@example.com', [
      'plugin::data-api.endpoints.read',
      'plugin::data-api.endpoints.manage',
      {
        action: 'plugin::content-manager.explorer.read',
        subject: POST,
        properties: { fields: ['title', ...seo] },
      },
    ]);
    const definition = (fields: string[], filter = {}) => ({
      data: {
        name: 'seo',
        path: `blog/seo-${fields.length}`,
        type: 'list',
        object: POST,
        fields: fields.map((name) => ({ name })),
        filter,
        auth: { method: 'api-key', keys: [key.id] },
      },
    });
    const refused = await editor.post('/data-api/endpoints', definition(['title', 'seo']));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/read api::post\.post\.seo\.social\.title/);
    const filtered = await editor.post('/data-api/endpoints', definition(['title'], { seo: { metaTitle: 'x' } }));
    expect(filtered.status).toBe(201);
  });
});
