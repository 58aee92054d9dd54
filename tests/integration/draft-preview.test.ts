import { createEndpoint } from '../helpers/fixtures';
import {
  LISTED,
  app,
  admin,
  key,
  POST,
  PREVIEW_ONLY,
  BAD_STATUS,
  getWith,
  preview,
  listId,
  category,
  edited,
  fresh,
  createPreviewKey,
  titles,
  draftPreviewSuite,
} from '../helpers/draft-preview-suite';

draftPreviewSuite();

describe('List with status "query"', () => {
  test('a preview key reads the drafts with ?status=draft: unpublished edits, draft-only records, related drafts', async () => {
    const response = await getWith(preview, '/_api/pv/posts?status=draft');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      page: 1,
      total: 3,
      items: [
        { id: edited.draft, title: 'Edited v2', category: category.draft },
        { id: fresh.draft, title: 'Fresh', category: category.draft },
        { title: 'Steady', category: null },
      ],
    });
  });

  test('without the parameter, or with ?status=published, it reads the published rows, for any key', async () => {
    // The same records' ids as in the drafts (their drafts' ids, server/src/query/record-id.ts).
    const expected = {
      page: 1,
      total: 2,
      items: [
        { id: edited.draft, title: 'Edited', category: category.draft },
        { title: 'Steady', category: null },
      ],
    };
    for (const [k, url] of [
      [preview, '/_api/pv/posts'],
      [preview, '/_api/pv/posts?status=published'],
      [key, '/_api/pv/posts'],
      [key, '/_api/pv/posts?status=published'],
    ] as const) {
      const response = await getWith(k, url);
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect(response.body).toMatchObject(expected);
    }
  });

  test('a key not marked for preview is refused the drafts: 403, not the published rows', async () => {
    const response = await getWith(key, '/_api/pv/posts?status=draft');
    expect(response.status).toBe(403);
    expect(response.body).toEqual(PREVIEW_ONLY);
  });

  test('a session endpoint never reads drafts: 403 for a logged-in user', async () => {
    const login = await app
      .http()
      .post('/_api/_session')
      .set('Origin', LISTED)
      .send({ identifier: 'customer1@example.com', password: 'Customer123!' });
    expect(login.status).toBe(200);
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const published = await app.http().get('/_api/pv/me/posts').set('Cookie', cookie);
    expect(published.status).toBe(200);
    expect(titles(published.body)).toEqual(expect.arrayContaining(['Edited', 'Steady']));
    const drafts = await app.http().get('/_api/pv/me/posts?status=draft').set('Cookie', cookie);
    expect(drafts.status).toBe(403);
    expect(drafts.body).toEqual(PREVIEW_ONLY);
  });

  test('any other value of ?status=, or the parameter twice, is a 400', async () => {
    for (const query of ['status=drafts', 'status=', 'status=DRAFT', 'status=draft&status=draft', 'status=query']) {
      const response = await getWith(preview, `/_api/pv/posts?${query}`);
      expect({ query, status: response.status, body: response.body }).toEqual({
        query,
        status: 400,
        body: BAD_STATUS,
      });
    }
  });

  test('query filters and paging links keep the version read', async () => {
    const filtered = await getWith(preview, '/_api/pv/posts?status=draft&title=Fresh');
    expect(filtered.status).toBe(200);
    expect(filtered.body).toMatchObject({ total: 1, items: [{ id: fresh.draft }] });
    const none = await getWith(preview, '/_api/pv/posts?title=Fresh');
    expect(none.body).toMatchObject({ total: 0, items: [] });
    const page2 = await getWith(preview, '/_api/pv/posts?status=draft&page=2');
    expect(page2.status).toBe(200);
    expect(page2.body._links.prev.href).toContain('status=draft');
  });

  test('a 304 never crosses versions, even where both versions are the same bytes', async () => {
    // Steady has no pending edit: its draft and published rows answer the same bytes here (no id).
    const published = await getWith(preview, '/_api/pv/titles?title=Steady');
    const drafts = await getWith(preview, '/_api/pv/titles?title=Steady&status=draft');
    expect(drafts.text).toBe(published.text);
    const publishedTag = published.headers.etag;
    const draftTag = drafts.headers.etag;
    expect(draftTag).not.toBe(publishedTag);
    const crossed = await getWith(preview, '/_api/pv/titles?title=Steady&status=draft').set(
      'If-None-Match',
      publishedTag
    );
    expect(crossed.status).toBe(200);
    const back = await getWith(preview, '/_api/pv/titles?title=Steady').set('If-None-Match', draftTag);
    expect(back.status).toBe(200);
    const same = await getWith(preview, '/_api/pv/titles?title=Steady&status=draft').set('If-None-Match', draftTag);
    expect(same.status).toBe(304);
    expect((await getWith(preview, '/_api/pv/titles?title=Steady').set('If-None-Match', publishedTag)).status).toBe(
      304
    );
  });
});

describe('Aggregate with status "query"', () => {
  const groups = (body: { items: Array<{ dimensions: { category: string | null }; measures: { posts: number } }> }) =>
    Object.fromEntries(body.items.map((i) => [i.dimensions.category ?? '(none)', i.measures.posts]));

  test('counts the drafts (through related drafts) for a preview key, the published rows otherwise', async () => {
    const drafts = await getWith(preview, '/_api/pv/posts/by-category?status=draft');
    expect(drafts.status).toBe(200);
    expect(groups(drafts.body)).toEqual({ Previewed: 2, '(none)': 1 });
    const published = await getWith(preview, '/_api/pv/posts/by-category');
    expect(groups(published.body)).toEqual({ Previewed: 1, '(none)': 1 });
    const refused = await getWith(key, '/_api/pv/posts/by-category?status=draft');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(PREVIEW_ONLY);
    expect((await getWith(preview, '/_api/pv/posts/by-category?status=all')).body).toEqual(BAD_STATUS);
  });
});

describe('the preview mark of a key (admin API)', () => {
  const listed = async (id: number) =>
    (await admin.get('/data-api/api-keys')).body.data.find((k: { id: number }) => k.id === id);

  test('is off by default, set at creation, changed by an update, and in force at once', async () => {
    expect((await listed(key.id)).preview).toBe(false);
    expect((await listed(preview.id)).preview).toBe(true);
    const other = await createPreviewKey('Second preview');
    const endpoint = await createEndpoint(admin, key, {
      path: 'pv/posts/second',
      type: 'list',
      object: POST,
      status: 'query',
      filter: { slug: { $startsWith: 'pv-' } },
      fields: [{ name: 'title' }],
      auth: { method: 'api-key', keys: [other.id] },
    });
    expect(endpoint.status).toBe('query');
    expect((await getWith(other, '/_api/pv/posts/second?status=draft')).status).toBe(200);

    const off = await admin.put(`/data-api/api-keys/${other.id}`, { data: { preview: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: other.id, preview: false, description: 'Second preview' });
    expect((await listed(other.id)).preview).toBe(false);
    const refused = await getWith(other, '/_api/pv/posts/second?status=draft');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(PREVIEW_ONLY);

    const on = await admin.put(`/data-api/api-keys/${other.id}`, { data: { preview: true } });
    expect(on.body.data.preview).toBe(true);
    expect((await getWith(other, '/_api/pv/posts/second?status=draft')).status).toBe(200);
  });

  test('is a boolean', async () => {
    const response = await admin.post('/data-api/api-keys', { data: { description: 'Bad mark', preview: 'yes' } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('preview');
  });
});

describe('definitions with status "query"', () => {
  const refusal = async (definition: Record<string, unknown>) => {
    const response = await admin.post('/data-api/endpoints', {
      data: { name: 'refused', auth: { method: 'api-key', keys: [key.id] }, ...definition },
    });
    expect(response.status).toBe(400);
    return JSON.stringify(response.body);
  };

  test('are refused on a type without Draft & Publish', async () => {
    const body = await refusal({
      path: 'pv/products',
      type: 'list',
      object: 'api::product.product',
      status: 'query',
      fields: [{ name: 'title' }],
    });
    expect(body).toContain('has no Draft & Publish');
  });

  test('are refused on write endpoints', async () => {
    for (const [type, extra] of [
      ['create', { fields: [{ name: 'title' }] }],
      ['modify', { parameter: 'required', fields: [{ name: 'title' }] }],
      ['delete', { parameter: 'required' }],
    ] as const) {
      const body = await refusal({ path: `pv/posts/${type}`, type, object: POST, status: 'query', ...extra });
      expect(body).toContain('only list and aggregate endpoints take their status from the request');
    }
  });

  test('refuse an aggregate query filter named "status", which selects the version', async () => {
    const body = await refusal({
      path: 'pv/posts/filtered',
      type: 'aggregate',
      object: POST,
      status: 'query',
      aggregate: {
        dimensions: [{ variable: 'title', field: 'title' }],
        queryFilters: [{ param: 'status', field: 'title', op: 'eq' }],
      },
    });
    expect(body).toContain('selects the version read');
  });
});

describe('OpenAPI', () => {
  test('documents ?status= on such an endpoint, with the preview key it needs and its refusals', async () => {
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title: 'Preview API', endpoints: [listId] },
    });
    expect(created.status).toBe(201);
    const response = await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`);
    expect(response.status).toBe(200);
    const operation = JSON.parse(response.text).paths['/_api/pv/posts'].get;
    const status = operation.parameters.find((p: { name: string }) => p.name === 'status');
    expect(status).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['published', 'draft'], default: 'published' },
    });
    expect(status.description).toContain('marked for preview');
    expect(JSON.stringify(operation.responses['403'])).toContain(PREVIEW_ONLY.error);
    expect(JSON.stringify(operation.responses['400'])).toContain('status must be');
  });
});
