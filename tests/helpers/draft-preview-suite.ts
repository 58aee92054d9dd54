import type { UID } from '@strapi/strapi';
import { createEndpoint, knexOf, type KeyFixture } from './fixtures';
import { keyedSuite, type KeyedSuite } from './keyed-suite';

/**
 * Draft preview: a List or Aggregate whose status comes from the request (`status: "query"`)
 * reads the drafts on `?status=draft`, for API keys marked for preview only, and the published rows otherwise.
 * Related rows follow the version read; totals and ETags never mix the two.
 */

export const LISTED = 'http://localhost:4000';
export let app: KeyedSuite['app'];
export let admin: KeyedSuite['admin'];
export let key: KeyedSuite['key'];

export const POST = 'api::post.post';
const CATEGORY = 'api::category.category';
export const PREVIEW_ONLY = {
  success: false,
  error: 'Reading drafts (?status=draft) needs an API key marked for preview',
};
export const BAD_STATUS = {
  success: false,
  error: 'Invalid request parameters: status must be "draft" or "published"',
};

/** The Document Service without the app's generated types (the tests' Strapi has none). */
const documents = (uid: string) => app.strapi.documents(uid as UID.ContentType);
export const getWith = (k: KeyFixture, url: string) => app.http().get(url).set('Authorization', `Bearer ${k.secret}`);

/** The row ids of a document of `table`: its draft and, once published, its published version. */
const rowsOf = async (table: string, documentId: string) => {
  const rows = await knexOf(app)(table).where({ document_id: documentId }).select('id', 'published_at');
  const find = (published: boolean) =>
    rows.find((r: { published_at: unknown }) => (r.published_at !== null) === published);
  return { draft: Number(find(false).id), published: find(true) ? Number(find(true).id) : null };
};

export let preview: KeyFixture;
export let listId: number;
export let category: { draft: number; published: number | null };
export let edited: { draft: number; published: number | null };
export let fresh: { draft: number; published: number | null };

export const createPreviewKey = async (description: string) => {
  const response = await admin.post('/data-api/api-keys', { data: { description, preview: true } });
  expect(response.status).toBe(201);
  expect(response.body.data.preview).toBe(true);
  return { id: response.body.data.id as number, secret: response.body.data.secret as string };
};

export const titles = (body: { items: Array<{ title: string }> }) => body.items.map((i) => i.title);

/**
 * The set-up of the draft preview suite: the keyed suite (with a listed origin), a preview key, the Lists it
 * reads and the documents it reads (a category, an edited post and a fresh draft, with their row ids).
 */
export const draftPreviewSuite = () => {
  ({ app, admin, key } = keyedSuite({ env: { DATA_API_CORS_ORIGINS: LISTED } }));
  beforeAll(async () => {
    preview = await createPreviewKey('Front end draft mode');
    const c = await documents(CATEGORY).create({ locale: 'en', data: { name: 'Previewed' }, status: 'published' });
    category = await rowsOf('categories', c.documentId);
    // Edited is published, then edited: its draft says "Edited v2". Steady is published. Fresh is a draft only.
    const e = await documents(POST).create({
      data: { title: 'Edited', slug: 'pv-edited', category: c.documentId },
      status: 'published',
    });
    await documents(POST).update({ documentId: e.documentId, data: { title: 'Edited v2' } });
    await documents(POST).create({ data: { title: 'Steady', slug: 'pv-steady' }, status: 'published' });
    const f = await documents(POST).create({ data: { title: 'Fresh', slug: 'pv-fresh', category: c.documentId } });
    edited = await rowsOf('posts', e.documentId);
    fresh = await rowsOf('posts', f.documentId);
    const both = { method: 'api-key', keys: [key.id, preview.id] };
    const mine = { slug: { $startsWith: 'pv-' } };
    ({ id: listId } = await createEndpoint(admin, key, {
      path: 'pv/posts',
      type: 'list',
      object: POST,
      status: 'query',
      filter: mine,
      fields: [{ name: 'id' }, { name: 'title' }, { name: 'category' }],
      sort: [{ field: 'title', dir: 'asc' }],
      auth: both,
    }));
    await createEndpoint(admin, key, {
      path: 'pv/titles',
      type: 'list',
      object: POST,
      status: 'query',
      filter: mine,
      fields: [{ name: 'title' }],
      auth: both,
    });
    await createEndpoint(admin, key, {
      path: 'pv/posts/by-category',
      type: 'aggregate',
      object: POST,
      status: 'query',
      filter: mine,
      aggregate: {
        dimensions: [{ variable: 'category', field: 'category.name' }],
        measures: [{ variable: 'posts', op: 'count' }],
      },
      auth: both,
    });
    await createEndpoint(admin, key, {
      path: 'pv/me/posts',
      type: 'list',
      object: POST,
      status: 'query',
      filter: mine,
      fields: [{ name: 'title' }],
      auth: { method: 'session', userObject: 'plugin::users-permissions.user' },
    });
  }, 120000);
};
