import { callWithKey, createEndpoint } from '../helpers/fixtures';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  conformance,
  generateTypes,
  scratchDir,
  typeErrors,
  validateOpenapi,
  type OpenapiDocument,
} from '../helpers/openapi';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * OpenAPI documents of the playground blog: component fields as named schemas, the dynamic
 * zone as `oneOf` with a `__component` discriminator, media objects, and `?locale=` of a localized List. The
 * live answers fit the document.
 */

const { app, admin, key } = keyedSuite();
let document: OpenapiDocument;
const call = callWithKey(
  () => app,
  () => key
);

const POST_FIELDS = ['title', 'slug', 'cover', 'seo', 'links', 'blocks'];
const ENDPOINTS = {
  posts: {
    path: 'blog/posts',
    type: 'list',
    object: 'api::post.post',
    media: 'object',
    fields: ['id', ...POST_FIELDS].map((name) => ({ name })),
    sort: [{ field: 'id', dir: 'asc' }],
  },
  write: {
    path: 'blog/posts',
    type: 'create',
    object: 'api::post.post',
    fields: POST_FIELDS.filter((f) => f !== 'cover').map((name) => ({ name, required: name === 'title' })),
  },
  categoryWrite: {
    path: 'blog/categories',
    type: 'create',
    object: 'api::category.category',
    locale: 'query',
    fields: [{ name: 'name', required: true }, { name: 'position' }],
  },
  categories: {
    path: 'blog/categories',
    type: 'list',
    object: 'api::category.category',
    locale: 'query',
    fields: ['id', 'name', 'locale', 'position', 'seo'].map((name) => ({ name })),
  },
};

const create = (url: string, body: unknown) => call('post', url, body);

const schemas = () => document.components.schemas;
const operation = (path: string, method: string) => document.paths[path][method];

beforeAll(async () => {
  const ids: number[] = [];
  for (const definition of Object.values(ENDPOINTS)) ids.push((await createEndpoint(admin, key, definition)).id);
  const created = await admin.post('/data-api/openapi-documents', {
    data: { title: 'Blog API', version: '1.0.0', endpoints: ids },
  });
  expect(created.status).toBe(201);
  const downloaded = await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`);
  expect(downloaded.status).toBe(200);
  document = JSON.parse(downloaded.text);
});

describe('a document over the blog', () => {
  test('is valid OpenAPI 3.1', async () => {
    await expect(validateOpenapi(document)).resolves.toBeUndefined();
  });

  test('describes each component once under components/schemas, referenced, without ids', () => {
    const item = schemas().ListBlogPostsItem.properties;
    expect(item.seo).toEqual({ anyOf: [{ $ref: '#/components/schemas/shared.seo.media-objects' }, { type: 'null' }] });
    expect(item.links).toEqual({ type: 'array', items: { $ref: '#/components/schemas/shared.link' } });
    const seo = schemas()['shared.seo.media-objects'];
    expect(seo.required).toEqual(['metaTitle', 'metaDescription', 'shareImage', 'social']);
    expect(seo.properties.shareImage).toEqual({
      anyOf: [{ $ref: '#/components/schemas/MediaObject' }, { type: 'null' }],
    });
    expect(seo.properties.social).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/shared.social-card' },
    });
    for (const name of [
      'shared.seo.media-objects',
      'shared.link',
      'shared.social-card',
      'shared.quote.in-dynamic-zone',
    ]) {
      expect(schemas()[name].properties).not.toHaveProperty('id');
    }
    // The categories' List answers URLs: its seo has the plain schema.
    expect(schemas().ListBlogCategoriesItem.properties.seo.anyOf[0]).toEqual({
      $ref: '#/components/schemas/shared.seo',
    });
  });

  test('describes the dynamic zone as oneOf its components with a __component discriminator', () => {
    const { items } = schemas().ListBlogPostsItem.properties.blocks;
    const uids = ['shared.media', 'shared.quote', 'shared.rich-text', 'shared.slider'];
    expect(items.discriminator.propertyName).toBe('__component');
    expect(Object.keys(items.discriminator.mapping)).toEqual(uids);
    expect(items.oneOf).toHaveLength(uids.length);
    for (const uid of uids) {
      const entry = schemas()[items.discriminator.mapping[uid].split('/').pop()];
      expect(entry.required[0]).toBe('__component');
      expect(entry.properties.__component).toEqual({ type: 'string', const: uid });
    }
  });

  test('describes what a Create accepts: components without ids, required sub-fields listed', () => {
    const input = schemas().CreateBlogPostsInput;
    expect(input.required).toEqual(['title']);
    expect(input.properties.seo).toEqual({
      anyOf: [{ $ref: '#/components/schemas/shared.seo.input' }, { type: 'null' }],
    });
    expect(schemas()['shared.seo.input'].required).toEqual(['metaTitle', 'metaDescription']);
    expect(schemas()['shared.link.input'].required).toEqual(['label', 'url']);
    expect(input.properties.blocks.anyOf[0].items.discriminator.propertyName).toBe('__component');
  });

  test("documents ?locale= where the locale is 'query', and ?localizationOf= with its errors on a localized Create", () => {
    const names = (path: string) => operation(path, 'get').parameters.map((p: { name: string }) => p.name);
    // Once: the List of categories returns `locale`, yet `?locale=` there names the locale, it filters nothing.
    expect(names('/_api/blog/categories').filter((name: string) => name.startsWith('locale'))).toEqual(['locale']);
    expect(names('/_api/blog/posts')).not.toContain('locale');
    const write = operation('/_api/blog/categories', 'post');
    expect(write.parameters.map((p: { name: string }) => p.name)).toEqual(['locale', 'localizationOf']);
    expect(Object.keys(write.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409']));
    expect(operation('/_api/blog/posts', 'post').parameters).toEqual([]);
    expect(schemas().ListBlogCategoriesItem.properties.locale).toMatchObject({ type: expect.anything() });
  });
});

describe('types generated from the document (openapi-typescript)', () => {
  test('tell dynamic zone entries apart by __component, and give media objects their fields', async () => {
    const dir = scratchDir();
    await generateTypes(document, path.join(dir, 'types.ts'));
    const script = (body: string) => {
      const file = path.join(dir, `check-${Math.random().toString(36).slice(2)}.ts`);
      writeFileSync(
        file,
        `import type { components } from './types';\ntype Post = components['schemas']['ListBlogPostsItem'];\n${body}\n`
      );
      return file;
    };
    const good = script(`
export const quotes = (post: Post) => post.blocks.map((b) => (b.__component === 'shared.quote' ? b.body : null));
export const alt = (post: Post): string | null | undefined => post.cover?.alternativeText;
export const thumbnail = (post: Post): string | undefined => post.cover?.formats.thumbnail?.url;
export const meta = (post: Post): string | null | undefined => post.seo?.metaTitle;`);
    expect(typeErrors([good])).toEqual([]);
    const bad = script(
      `export const files = (post: Post) => post.blocks.map((b) => (b.__component === 'shared.quote' ? b.files : null));`
    );
    expect(typeErrors([bad])).toEqual([expect.stringMatching(/Property 'files' does not exist/)]);
  });
});

describe('the live answers fit the document', () => {
  test('a List of posts with components, a dynamic zone and media objects', async () => {
    const check = conformance(document);
    const response = await call('get', '/_api/blog/posts');
    check('/_api/blog/posts', 'get', response, 200);
    const blocks = response.body.items.flatMap((item: { blocks: unknown[] }) => item.blocks);
    expect(blocks.length).toBeGreaterThan(0);
    expect(response.body.items.some((item: { seo: unknown }) => item.seo !== null)).toBe(true);
  });

  test('a List of categories in each locale', async () => {
    const check = conformance(document);
    for (const query of ['', '?locale=fr', '?locale=en']) {
      check('/_api/blog/categories', 'get', await call('get', `/_api/blog/categories${query}`), 200);
    }
    check('/_api/blog/categories', 'get', await call('get', '/_api/blog/categories?locale=xx'), 400);
  });

  test('a Create with components and a dynamic zone', async () => {
    const check = conformance(document);
    const response = await create('/_api/blog/posts', {
      title: 'Documented',
      seo: { metaTitle: 'Documented', metaDescription: 'A post written as the document says' },
      links: [{ label: 'Home', url: 'https://example.com' }],
      blocks: [{ __component: 'shared.quote', title: 'Q', body: 'Said' }],
    });
    check('/_api/blog/posts', 'post', response, 201);
  });

  test('a Create of a localized type: in a locale, as a localization, and its refusals', async () => {
    const check = conformance(document);
    const path = '/_api/blog/categories';
    const [english] = (await call('get', `${path}?locale=en`)).body.items as Array<{ id: number }>;
    check(path, 'post', await create(`${path}?locale=fr`, { name: 'Nouvelle' }), 201);
    check(path, 'post', await create(`${path}?locale=fr&localizationOf=${english.id}`, { name: 'Déjà' }), 409);
    check(path, 'post', await create(`${path}?locale=fr&localizationOf=999999`, { name: 'Aucune' }), 404);
    check(path, 'post', await create(`${path}?locale=xx`, { name: 'Inconnue' }), 400);
  });
});
