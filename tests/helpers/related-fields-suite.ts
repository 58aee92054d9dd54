import type { Json } from './json';
import { withRecordIds } from './record-ids';
import { callWithKey, createEndpoint, createRestToken } from './fixtures';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

/**
 * Related fields: a List field that is a relation answers related records with their
 * own chosen fields, nested, inside components too, and `localizations` the other translations. Compared with
 * Strapi's REST API (`populate`) on the playground's blog: posts, their category (translated, with an `seo`
 * component holding a picture), the articles their `links` components point to, a category's posts.
 */

export const POST = 'api::post.post';
export const CATEGORY = 'api::category.category';
export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];
let restToken: string;
export const call = callWithKey(
  () => app,
  () => key
);
export type { Json };

/** Strapi's REST API with a full-access token. */
export const rest = async (path: string, query: string[]) => {
  const response = await app
    .http()
    .get(`/api/${path}?${[...query, 'pagination[pageSize]=100'].join('&')}`)
    .set('Authorization', `Bearer ${restToken}`);
  expect(response.status).toBe(200);
  return (await withRecordIds(app, response.body.data)) as Json[];
};

export const define = (definition: Record<string, unknown>) =>
  admin.post('/data-api/endpoints', {
    data: {
      name: String(definition.path),
      type: 'list',
      auth: { method: 'api-key', keys: [key.id] },
      object: POST,
      ...definition,
    },
  });

const POST_FIELDS = [
  { name: 'id' },
  { name: 'title' },
  {
    name: 'category',
    fields: [
      { name: 'name' },
      { name: 'slug' },
      { name: 'seo' },
      { name: 'localizations', fields: [{ name: 'locale' }, { name: 'name' }] },
    ],
  },
  { name: 'links', fields: [{ name: 'article', fields: [{ name: 'id' }, { name: 'title' }, { name: 'cover' }] }] },
];

export const POST_POPULATE = [
  'populate[category][populate][seo][populate]=*',
  'populate[category][populate][localizations]=true',
  'populate[links][populate][article][populate]=cover',
  'sort=id:asc',
];

const fileId = (value: { id: number } | null | undefined) => value?.id ?? null;
const withoutId = ({ id: _id, ...rest }: Json) => rest;
/** A REST post as the List answers it with POST_FIELDS (files as ids; see `fileOf`). */
export const asOurs = (post: Json) => ({
  id: post.id,
  title: post.title,
  category: post.category && {
    name: post.category.name,
    slug: post.category.slug,
    seo: post.category.seo && {
      ...withoutId(post.category.seo),
      shareImage: fileId(post.category.seo.shareImage),
      social: post.category.seo.social.map(withoutId),
    },
    localizations: post.category.localizations
      .map((l: Json) => ({ locale: l.locale, name: l.name }))
      .sort((a: Json, b: Json) => a.locale.localeCompare(b.locale)),
  },
  links: post.links.map((link: Json) => ({
    ...withoutId(link),
    article: link.article && { id: link.article.id, title: link.article.title, cover: fileId(link.article.cover) },
  })),
});

export const ids: Record<string, number> = {};

/**
 * The set-up of the related fields suite: the keyed suite, a REST token, and the Lists of posts (published
 * and drafts) and of categories (`ids`).
 */
export const relatedFieldsSuite = () => {
  ({ app, admin, key } = keyedSuite());
  beforeAll(async () => {
    restToken = await createRestToken(app);
    ids.posts = (
      await createEndpoint(admin, key, {
        path: 'related/posts',
        type: 'list',
        object: POST,
        fields: POST_FIELDS,
        sort: [{ field: 'id' }],
      })
    ).id;
    await createEndpoint(admin, key, {
      path: 'related/drafts',
      type: 'list',
      object: POST,
      status: 'draft',
      fields: POST_FIELDS,
      sort: [{ field: 'id' }],
    });
    ids.categories = (
      await createEndpoint(admin, key, {
        path: 'related/categories',
        type: 'list',
        object: CATEGORY,
        locale: 'query',
        fields: [
          { name: 'id' },
          { name: 'name' },
          { name: 'posts', limit: 2, fields: [{ name: 'title' }, { name: 'category', fields: [{ name: 'slug' }] }] },
        ],
        sort: [{ field: 'id' }],
      })
    ).id;
  });
};
