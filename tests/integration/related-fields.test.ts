import { createEndpoint } from '../helpers/fixtures';
import { download, unsigned } from '../helpers/files';
import { adminWith } from '../helpers/strapi';
import { conformance, validateOpenapi } from '../helpers/openapi';
import {
  POST,
  CATEGORY,
  app,
  admin,
  key,
  call,
  type Json,
  rest,
  define,
  POST_POPULATE,
  asOurs,
  ids,
  relatedFieldsSuite,
} from '../helpers/related-fields-suite';

relatedFieldsSuite();

/** The plugin's engine service, for the executor it runs statements with. */
type EngineService = { compileDeps: () => { executor: { arrays: (...args: unknown[]) => unknown } } };

describe('related fields answer records as REST populate does', () => {
  test('the plugin is loaded', () => {
    expect(app.strapi.plugin('data-api')).toBeDefined();
  });

  test('published posts: category with its component, picture and translations; articles inside components', async () => {
    const response = await call('get', '/_api/related/posts');
    expect(response.status).toBe(200);
    const expected = (await rest('posts', POST_POPULATE)).map(asOurs);
    expect(expected.some((p) => p.category?.localizations.length)).toBe(true);
    expect(expected.some((p) => p.links.some((l: Json) => l.article))).toBe(true);
    expect(unsigned(response.body.items)).toEqual(expected);
  });

  test('drafts: related records are the drafts, as REST with status=draft', async () => {
    const response = await call('get', '/_api/related/drafts');
    expect(response.status).toBe(200);
    const expected = (await rest('posts', [...POST_POPULATE, 'status=draft'])).map(asOurs);
    expect(unsigned(response.body.items)).toEqual(expected);
  });

  test('a related record’s file URL serves the file', async () => {
    const [post] = (await call('get', '/_api/related/posts')).body.items.filter(
      (p: Json) => p.category?.seo?.shareImage
    );
    const file = await download(app, post.category.seo.shareImage);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
  });

  test('to-many: link order, capped by limit per record, in the locale asked', async () => {
    for (const locale of ['en', 'fr']) {
      const response = await call('get', `/_api/related/categories?locale=${locale}`);
      expect(response.status).toBe(200);
      const theirs = await rest('categories', [
        `locale=${locale}`,
        'populate[posts][populate][category][fields][0]=slug',
        'populate[posts][populate][category][fields][1]=locale',
        'sort=id:asc',
      ]);
      expect(response.body.items).toEqual(
        theirs.map((c) => ({
          id: c.id,
          name: c.name,
          posts: c.posts.slice(0, 2).map((p: Json) => ({ title: p.title, category: { slug: p.category.slug } })),
        }))
      );
    }
  });
});

describe('the cost of related records', () => {
  beforeAll(async () => {
    // Twelve more published posts with a category and an article in a link: a page of 16 posts.
    const [model] = (await rest('posts', POST_POPULATE)).filter(
      (p) => p.category && p.links.some((l: Json) => l.article)
    );
    const article = model.links.find((l: Json) => l.article).article.documentId;
    for (let i = 0; i < 12; i += 1) {
      await app.strapi.documents(POST).create({
        data: {
          title: `Costed ${i}`,
          slug: `costed-${i}`,
          category: { connect: [{ documentId: model.category.documentId }] },
          links: [{ label: 'Read', url: 'https://example.com/', article: { connect: [{ documentId: article }] } }],
        },
        status: 'published',
      });
    }
  });

  test('a bounded number of statements per page, independent of the number of records on it', async () => {
    const engine = app.strapi.plugin('data-api').service('engine') as EngineService;
    const statements = jest.spyOn(engine.compileDeps().executor, 'arrays');
    const count = async (url: string) => {
      statements.mockClear();
      const response = await call('get', url);
      expect(response.status).toBe(200);
      return { items: response.body.items.length, statements: statements.mock.calls.length };
    };
    try {
      const [first] = (await call('get', '/_api/related/posts')).body.items.filter(
        (p: Json) => p.category?.localizations.length && p.links.some((l: Json) => l.article)
      );
      const one = await count(`/_api/related/posts?id=${first.id}`);
      const all = await count('/_api/related/posts');
      expect(one.items).toBe(1);
      expect(all.items).toBeGreaterThanOrEqual(16);
      expect(all.statements).toBe(one.statements);
    } finally {
      statements.mockRestore();
    }
  });
});

describe('query filters on related fields', () => {
  test('?category.slug= keeps the posts whose category has that slug, as REST filters', async () => {
    const ours = await call('get', '/_api/related/posts?category.slug=guides');
    expect(ours.status).toBe(200);
    const theirs = await rest('posts', [...POST_POPULATE, 'filters[category][slug][$eq]=guides']);
    expect(theirs.length).toBeGreaterThan(0);
    expect(ours.body.items.map((p: Json) => p.id)).toEqual(theirs.map((p) => p.id));
    expect(ours.body.total).toBe(theirs.length);
  });

  test('a to-many related field: records with at least one related record that matches', async () => {
    const ours = await call('get', '/_api/related/categories?locale=en&posts.title=Post%201');
    expect(ours.status).toBe(200);
    expect(ours.body.items.map((c: Json) => c.name)).toEqual(
      (await rest('categories', ['locale=en', 'filters[posts][title][$eq]=Post 1', 'sort=id:asc'])).map((c) => c.name)
    );
  });

  test('fields the related records do not answer are no filters', async () => {
    const response = await call('get', '/_api/related/posts?category.description=x');
    expect(response.status).toBe(400);
  });
});

describe('sorting by a related field', () => {
  test('a to-one relation’s field orders the records (NULLs first descending, then by id)', async () => {
    await createEndpoint(admin, key, {
      path: 'related/by-category',
      type: 'list',
      object: POST,
      fields: [{ name: 'id' }, { name: 'category', fields: [{ name: 'name' }] }],
      sort: [{ field: 'category.name', dir: 'desc' }],
    });
    const response = await call('get', '/_api/related/by-category');
    expect(response.status).toBe(200);
    const names = response.body.items.map((p: Json) => p.category?.name ?? null);
    expect(new Set(names).size).toBeGreaterThanOrEqual(2);
    const rank = (name: string | null) => (name === null ? '\uffff' : name);
    const expected = [...response.body.items].sort(
      (a: Json, b: Json) => rank(b.category?.name ?? null).localeCompare(rank(a.category?.name ?? null)) || a.id - b.id
    );
    expect(response.body.items).toEqual(expected);
  });

  test('a to-many relation’s field cannot be sorted on', async () => {
    const response = await define({
      path: 'related/bad-sort',
      object: CATEGORY,
      fields: [{ name: 'name' }],
      sort: [{ field: 'posts.title' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/only the fields of a to-one relation's record can be sorted on/);
  });
});

describe('the OpenAPI document', () => {
  test('describes related records, translations and their filters; the answers fit it', async () => {
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title: 'Related', version: '1.0.0', endpoints: [ids.posts, ids.categories] },
    });
    expect(created.status).toBe(201);
    const document = JSON.parse((await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`)).text);
    await validateOpenapi(document);
    const operation = document.paths['/_api/related/posts'].get;
    expect(operation.parameters.map((p: Json) => p.name)).toEqual(
      expect.arrayContaining(['category.slug', 'category.name'])
    );
    const categories = document.components.schemas;
    expect(JSON.stringify(categories)).toContain('At most 2 per record, in relation order');
    const fits = conformance(document);
    fits('/_api/related/posts', 'get', await call('get', '/_api/related/posts'), 200);
    fits('/_api/related/categories', 'get', await call('get', '/_api/related/categories?locale=fr'), 200);
  });
});

describe('the author’s rights', () => {
  test('each related field needs the Content Manager read right on its type and field', async () => {
    const grant = (subject: string, fields: string[]) => ({
      action: 'plugin::content-manager.explorer.read',
      subject,
      properties: { fields },
      conditions: [],
    });
    const author = await adminWith(app, 'related-author@example.com', [
      'plugin::data-api.endpoints.read',
      'plugin::data-api.endpoints.manage',
      grant('api::customer.customer', ['name', 'user']),
      grant('plugin::users-permissions.user', ['username']),
    ]);
    const customers = (path: string, userFields: string[]) =>
      author.post('/data-api/endpoints', {
        data: {
          name: path,
          path,
          type: 'list',
          object: 'api::customer.customer',
          auth: { method: 'session', userObject: 'admin::user' },
          fields: [{ name: 'name' }, { name: 'user', fields: userFields.map((name) => ({ name })) }],
        },
      });
    const refused = await customers('related/users-email', ['username', 'email']);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/you may not read .*email/);
    expect((await customers('related/users-name', ['username'])).status).toBe(201);
  });
});

describe('definitions of related fields', () => {
  test.each([
    [
      'fields on a plain field',
      [{ name: 'title', fields: [{ name: 'x' }] }],
      /fields\[0\]\.fields: "title" is a scalar field/,
    ],
    ['an unknown related field', [{ name: 'category', fields: [{ name: 'nope' }] }], /unknown field "nope"/],
    ['a limit on a to-one relation', [{ name: 'category', limit: 3 }], /not a to-many relation/],
    [
      'more than three relations deep',
      [
        {
          name: 'category',
          fields: [
            { name: 'posts', fields: [{ name: 'category', fields: [{ name: 'posts', fields: [{ name: 'id' }] }] }] },
          ],
        },
      ],
      /at most 3 relations/,
    ],
    [
      'a plain field listed inside a component',
      [{ name: 'links', fields: [{ name: 'label' }] }],
      /answers all its fields/,
    ],
    [
      'a field no component has',
      [{ name: 'links', fields: [{ name: 'nope', fields: [{ name: 'id' }] }] }],
      /no component/,
    ],
    [
      'a field twice at one level',
      [{ name: 'category', fields: [{ name: 'name' }, { name: 'name' }] }],
      /listed twice/,
    ],
  ])('%s is refused', async (_, fields, message) => {
    const response = await define({ path: `related/bad-${Math.random().toString(36).slice(2)}`, fields });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(message);
  });

  test('a page may answer at most 20,000 related records at worst: the field past it is named, nothing stored', async () => {
    // A page of 100 products, each with 10 articles, each with `categories` per article: 1,000 x (1 + categories).
    const fields = (categories: number) => [
      { name: 'articles', limit: 10, fields: [{ name: 'categories', limit: categories, fields: [{ name: 'id' }] }] },
    ];
    const save = (path: string, categories: number) =>
      define({ path, object: 'api::product.product', fields: fields(categories) });
    const refused = await save('related/over-bound', 20);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'fields[0].fields[0].limit: one page would answer up to 21000 related records, "categories" taking it past 20000 (related.maxRecordsPerAnswer): give them lower limits or fewer fields'
    );
    const paths = (await admin.get('/data-api/endpoints')).body.data.map((e: { path: string }) => e.path);
    expect(paths).not.toContain('related/over-bound');
    const atBound = await save('related/at-bound', 19);
    expect(atBound.status).toBe(201);
    expect((await call('get', '/_api/related/at-bound')).status).toBe(200);
  });

  test('related fields on a write endpoint are refused', async () => {
    const response = await define({
      path: 'related/bad-create',
      type: 'create',
      fields: [{ name: 'title' }, { name: 'category', fields: [{ name: 'name' }] }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/only list endpoints answer related records/);
  });
});
