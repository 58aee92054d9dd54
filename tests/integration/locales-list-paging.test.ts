import { createEndpoint, knexOf } from '../helpers/fixtures';
import { withRecordIds } from '../helpers/record-ids';
import {
  CATEGORY,
  EN,
  FR,
  INVALID_LOCALE,
  app,
  admin,
  key,
  call,
  names,
  define,
  categories,
  localesSuite,
} from '../helpers/locales-suite';

localesSuite();

describe('List', () => {
  test('a fixed locale reads that locale only', async () => {
    const response = await call('get', '/_api/categories/fr');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3 });
    expect(names(response.body)).toEqual(FR);
  });

  test('without a locale, the site default locale', async () => {
    expect(names((await call('get', '/_api/categories/default')).body)).toEqual(EN);
  });

  test('locale "query": ?locale= selects the locale, the default without it, 400 for an unknown one', async () => {
    const fr = await call('get', '/_api/categories/chosen?locale=fr');
    expect(fr.status).toBe(200);
    expect(fr.body.items).toEqual(FR.map((name) => ({ name, locale: 'fr' })));
    expect((await call('get', '/_api/categories/chosen')).body.items).toEqual(
      EN.map((name) => ({ name, locale: 'en' }))
    );
    for (const url of ['?locale=de', '?locale=', '?locale=FR']) {
      const refused = await call('get', `/_api/categories/chosen${url}`);
      expect([refused.status, refused.body]).toEqual([400, INVALID_LOCALE]);
    }
    const twice = await call('get', '/_api/categories/chosen?locale=fr&locale=en');
    expect([twice.status, twice.body.error]).toEqual([400, 'Invalid request parameters']);
    // `?locale=` is the selector there, and a query filter of the field names within it.
    expect((await call('get', '/_api/categories/chosen?locale=fr&name=R%C3%A9cits')).body.items).toEqual([
      { name: 'Récits', locale: 'fr' },
    ]);
  });

  test('locale "all": every locale, each row with its locale; ?locale= is then a query filter', async () => {
    const all = await call('get', '/_api/categories/every');
    expect(all.body.total).toBe(6);
    expect(all.body.items).toEqual(
      expect.arrayContaining([
        ...EN.map((name) => ({ name, locale: 'en' })),
        ...FR.map((name) => ({ name, locale: 'fr' })),
      ])
    );
    const fr = await call('get', '/_api/categories/every?locale=fr');
    expect([fr.status, fr.body.total]).toEqual([200, 3]);
    // As a filter, a code no row has matches nothing.
    expect((await call('get', '/_api/categories/every?locale=de')).body).toMatchObject({ total: 0, items: [] });
  });

  test('an endpoint filter on locale, and query filters within a locale', async () => {
    await categories('categories/fr-by-filter', {
      locale: 'all',
      filter: { locale: 'fr', position: { $gt: 1 } },
    });
    expect(names((await call('get', '/_api/categories/fr-by-filter')).body)).toEqual(FR.slice(1));
    expect(names((await call('get', '/_api/categories/fr?name=R%C3%A9cits')).body)).toEqual(['Récits']);
    expect((await call('get', '/_api/categories/default?name=R%C3%A9cits')).body.total).toBe(0);
    expect(names((await call('get', '/_api/categories/fr?position:gt=2')).body)).toEqual(['Récits']);
  });

  test('answers what Strapi REST API answers for ?locale=fr (the published rows of that locale)', async () => {
    const rest = await app.http().get('/api/categories?locale=fr&sort=position');
    expect(rest.status).toBe(200);
    await withRecordIds(app, rest.body.data);
    const ours = await call('get', '/_api/categories/fr');
    expect(ours.body.items).toEqual(
      rest.body.data.map((c: { id: number; name: string; position: number }) => ({
        id: c.id,
        name: c.name,
        position: c.position,
      }))
    );
  });

  test('relations into and out of a translated type name the rows Strapi REST API names', async () => {
    // A post (not translated) is linked to the category row of the locale it was linked in (en here): Strapi
    // answers that row whatever ?locale= says; the fr rows of a category have no posts.
    await createEndpoint(admin, key, {
      path: 'posts',
      type: 'list',
      object: 'api::post.post',
      fields: [{ name: 'id' }, { name: 'category' }],
    });
    await categories('categories/posts', {
      locale: 'query',
      fields: [{ name: 'id' }, { name: 'posts' }],
      sort: [{ field: 'position' }],
    });
    const posts = (await call('get', '/_api/posts')).body.items;
    for (const locale of ['en', 'fr']) {
      const rest = await app
        .http()
        .get(`/api/posts?populate[category][fields][0]=name&populate[category][fields][1]=locale&locale=${locale}`);
      // Both by record id: the ids of their drafts (server/src/query/record-id.ts), which REST does not sort by.
      await withRecordIds(app, rest.body.data);
      rest.body.data.sort((a: { id: number }, b: { id: number }) => a.id - b.id);
      expect(posts).toEqual(
        rest.body.data.map((p: { id: number; category: { id: number } | null }) => ({
          id: p.id,
          category: p.category?.id ?? null,
        }))
      );
      const restCategories = await app
        .http()
        .get(`/api/categories?populate[posts][fields][0]=title&sort=position&locale=${locale}`);
      await withRecordIds(app, restCategories.body.data);
      expect((await call('get', `/_api/categories/posts?locale=${locale}`)).body.items).toEqual(
        restCategories.body.data.map((c: { id: number; posts: Array<{ id: number }> }) => ({
          id: c.id,
          posts: c.posts.map((p) => p.id),
        }))
      );
    }
  });

  test('drafts of a locale: a pending fr edit shows in the draft list only', async () => {
    await categories('categories/fr-drafts', { locale: 'fr', status: 'draft' });
    const [news] = await knexOf(app)('categories').where({ locale: 'en', name: 'News' }).select('document_id');
    await app.strapi
      .documents(CATEGORY)
      .update({ documentId: news.document_id, locale: 'fr', data: { name: 'Actualités (brouillon)' } as never });
    expect(names((await call('get', '/_api/categories/fr-drafts')).body)).toEqual([
      'Actualités (brouillon)',
      ...FR.slice(1),
    ]);
    expect(names((await call('get', '/_api/categories/fr')).body)).toEqual(FR);
  });

  test('locale is a field of translated types only', async () => {
    const product = await define({
      path: 'p/locale',
      type: 'list',
      object: 'api::product.product',
      fields: [{ name: 'locale' }],
    });
    expect(product.status).toBe(400);
    expect(JSON.stringify(product.body)).toContain('unknown field \\"locale\\"');
  });
});

describe('paging', () => {
  test('next and prev links keep ?locale=', async () => {
    // 120 more documents, each in en and fr, each a draft and its published version, as Strapi keeps them.
    const now = new Date();
    const rows = Array.from({ length: 120 }, (_, i) =>
      ['en', 'fr'].flatMap((locale) =>
        [null, now].map((publishedAt) => ({
          document_id: `paging${String(i).padStart(16, '0')}`,
          name: `${locale} ${i}`,
          slug: `paging-${locale}-${i}`,
          position: 100 + i,
          locale,
          published_at: publishedAt,
          created_at: now,
          updated_at: now,
        }))
      )
    ).flat();
    await knexOf(app).batchInsert('categories', rows, 50);
    await categories('categories/paged', { locale: 'query' });
    await categories('categories/keyset', { locale: 'query', sort: [] });

    // By page number (sorted by position), then by keyset (sorted by id).
    for (const path of ['paged', 'keyset']) {
      const first = await call('get', `/_api/categories/${path}?locale=fr&position:gt=2`);
      expect(first.body.total).toBe(121);
      const next: string = first.body._links.next.href;
      expect(next).toContain('locale=fr');
      const second = await call('get', next);
      expect(second.status).toBe(200);
      expect(second.body.items).toHaveLength(21);
      expect(second.body.items.every((i: { name: string }) => i.name.startsWith('fr '))).toBe(true);
      if (path === 'paged') expect(second.body._links.prev.href).toBe('/_api/categories/paged?locale=fr&position:gt=2');
    }
  });
});
