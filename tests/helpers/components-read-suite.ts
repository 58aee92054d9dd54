import type { UID } from '@strapi/strapi';
import type { Json } from './json';
import { withRecordIds } from './record-ids';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callWithKey, createEndpoint, createRestToken } from './fixtures';
import { PNG } from './files';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

/**
 * Components and dynamic zones read by List endpoints, on the playground's blog posts:
 * `seo` (a single component with a media field and a nested repeatable component), `links` (repeatable, with a
 * relation into Draft & Publish articles), `blocks` (a dynamic zone). Answers are compared with Strapi's own
 * REST API (`populate`) on the same data; filters compare a single component's fields (`seo.metaTitle`).
 */

export const POST = 'api::post.post';
export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];
let restToken: string;
export const call = callWithKey(
  () => app,
  () => key
);
/** The Document Service without the app's generated types (the tests' Strapi has none). */
const documents = (uid: string) => app.strapi.documents(uid as UID.ContentType);

export const POST_FIELDS = ['id', 'title', 'seo', 'links', 'blocks', 'cover', 'body', 'category'];
export const define = (definition: Record<string, unknown>) =>
  admin.post('/data-api/endpoints', {
    data: { name: String(definition.path), auth: { method: 'api-key', keys: [key.id] }, object: POST, ...definition },
  });
export const postList = (pathName: string, extra: Record<string, unknown> = {}) =>
  createEndpoint(admin, key, {
    path: pathName,
    type: 'list',
    object: POST,
    fields: POST_FIELDS.map((name) => ({ name })),
    sort: [{ field: 'id', dir: 'asc' }],
    ...extra,
  });

const POPULATE = [
  'populate[seo][populate]=*',
  'populate[links][populate]=*',
  'populate[blocks][populate]=*',
  'populate[cover]=true',
  'populate[category]=true',
  'sort=id:asc',
  'pagination[pageSize]=100',
].join('&');
/** Strapi's REST API, with a full-access token (articles, related from links, have no public routes). */
export const rest = async (query = '') => {
  const response = await app.http().get(`/api/posts?${POPULATE}${query}`).set('Authorization', `Bearer ${restToken}`);
  expect(response.status).toBe(200);
  return (await withRecordIds(app, response.body.data)) as Json[];
};

export type { Json };
/** A media value of REST (file objects) as file ids. */
const fileIds = (value: { id: number }[] | { id: number } | null | undefined) =>
  Array.isArray(value) ? value.map((f) => f.id) : (value?.id ?? null);
const withoutId = ({ id: _id, ...rest }: Json) => rest;
/** A REST post as our List answers it: no component ids, files and related rows as ids. */
export const asOurs = (post: Json) => ({
  id: post.id,
  title: post.title,
  seo: post.seo && {
    ...withoutId(post.seo),
    shareImage: fileIds(post.seo.shareImage),
    social: post.seo.social.map(withoutId),
  },
  links: post.links.map((link: Json) => ({ ...withoutId(link), article: link.article?.id ?? null })),
  blocks: post.blocks.map((entry: Json) => {
    const fields = withoutId(entry);
    if ('file' in fields) fields.file = fileIds(fields.file);
    if ('files' in fields) fields.files = fileIds(fields.files);
    return fields;
  }),
  cover: fileIds(post.cover),
  body: post.body,
  category: post.category?.id ?? null,
});

export let listId: number;
export let draftListId: number;
export let titlesId: number;
/** A picture linked only to a draft post's `seo`. */
export let draftPictureId: number;
/** A picture linked only to a category's `seo` (the same component as a post's). */
export let categoryPictureId: number;

const uploadPicture = async (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'components-read-'));
  const filepath = path.join(dir, name);
  fs.writeFileSync(filepath, PNG);
  try {
    const [file] = await app.strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { alternativeText: 'Draft only' } },
        files: { filepath, originalFilename: name, mimetype: 'image/png', size: PNG.length },
      });
    return Number(file.id);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * The set-up of the components suite: the keyed suite, a REST token, the Lists of posts it reads and the
 * pictures linked only to a draft post and to a category.
 */
export const componentsReadSuite = () => {
  ({ app, admin, key } = keyedSuite());
  beforeAll(async () => {
    restToken = await createRestToken(app);
    // A published post with no components at all, and a draft whose seo holds a picture of its own.
    await documents(POST).create({ data: { title: 'Bare post', slug: 'bare-post' }, status: 'published' });
    draftPictureId = await uploadPicture('draft-only.png');
    categoryPictureId = await uploadPicture('category-only.png');
    await documents('api::category.category').create({
      locale: 'en',
      data: { name: 'Pictured', seo: { metaTitle: 'Pictured', metaDescription: 'x', shareImage: categoryPictureId } },
      status: 'published',
    });
    await documents(POST).create({
      data: {
        title: 'Draft with picture',
        slug: 'draft-with-picture',
        seo: { metaTitle: 'Draft picture', metaDescription: 'Only in a draft.', shareImage: draftPictureId },
      },
    });
    listId = (await postList('blog/posts')).id;
    draftListId = (await postList('blog/drafts', { status: 'draft' })).id;
    titlesId = (
      await createEndpoint(admin, key, {
        path: 'blog/titles',
        type: 'list',
        object: POST,
        fields: [{ name: 'title' }, { name: 'links' }],
      })
    ).id;
  });
};
