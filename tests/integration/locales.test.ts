import { createEndpoint, knexOf } from '../helpers/fixtures';
import {
  app,
  CATEGORY,
  EN,
  FR,
  INVALID_LOCALE,
  admin,
  key,
  call,
  names,
  i18n,
  define,
  categories,
  countBy,
  localesSuite,
} from '../helpers/locales-suite';
import { withRecordIds } from '../helpers/record-ids';

localesSuite();

describe('definitions and aggregate', () => {
  describe('definitions', () => {
    test.each([
      [
        'a locale on a type without i18n',
        { object: 'api::product.product', type: 'list', fields: [{ name: 'id' }], locale: 'fr' },
        'locale: api::product.product is not translated (i18n)',
      ],
      [
        'an unknown code',
        { type: 'list', fields: [{ name: 'id' }], locale: 'xx' },
        'locale: \\"xx\\" is not a locale of this site',
      ],
      [
        'a query filter named locale on a "query" endpoint',
        {
          type: 'aggregate',
          locale: 'query',
          aggregate: { dimensions: [], measures: [], queryFilters: [{ param: 'locale', field: 'position', op: 'eq' }] },
        },
        '\\"locale\\" selects the locale',
      ],
      [
        '"all" on a write',
        { type: 'create', fields: [{ name: 'name' }], locale: 'all' },
        'locale: \\"all\\" applies to reads only',
      ],
    ])('%s is refused', async (_, definition, message) => {
      const answer = await define({ path: 'c/refused', object: CATEGORY, ...definition });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    });

    test('the locale is stored, answered by the admin API, and can be taken away again', async () => {
      const definition = {
        name: 'stored',
        path: 'categories/stored',
        type: 'list',
        object: CATEGORY,
        fields: [{ name: 'name' }],
        sort: [{ field: 'position' }],
        auth: { method: 'api-key', keys: [key.id] },
      };
      const created = await admin.post('/data-api/endpoints', { data: { ...definition, locale: 'fr' } });
      expect([created.status, created.body.data.locale]).toEqual([201, 'fr']);
      const { id } = created.body.data;
      expect((await admin.get(`/data-api/endpoints/${id}`)).body.data.locale).toBe('fr');
      expect(names((await call('get', '/_api/categories/stored')).body)).toEqual(FR);
      const cleared = await admin.put(`/data-api/endpoints/${id}`, { data: definition });
      expect([cleared.status, cleared.body.data.locale]).toEqual([200, undefined]);
      expect(names((await call('get', '/_api/categories/stored')).body)).toEqual(EN);
    });
  });

  describe('Aggregate', () => {
    test('counts each document once in the locale read, and groups by locale', async () => {
      await countBy('categories/by-position', ['position']);
      await countBy('categories/by-position-all', ['position'], { locale: 'all' });
      await countBy('categories/by-locale', ['locale'], { locale: 'all' });
      await countBy('categories/by-position-chosen', ['position'], { locale: 'query' });
      const counts = (body: { items: Array<{ dimensions: Record<string, unknown>; measures: { count: number } }> }) =>
        body.items.map((i) => [Object.values(i.dimensions)[0], i.measures.count]);
      expect(counts((await call('get', '/_api/categories/by-position')).body)).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ]);
      // Every locale: a document is counted once per locale it exists in.
      expect(counts((await call('get', '/_api/categories/by-position-all')).body)).toEqual([
        [1, 2],
        [2, 2],
        [3, 2],
      ]);
      expect(counts((await call('get', '/_api/categories/by-locale')).body)).toEqual([
        ['en', 3],
        ['fr', 3],
      ]);
      const fr = await call('get', '/_api/categories/by-position-chosen?locale=fr');
      expect(counts(fr.body)).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ]);
      const unknown = await call('get', '/_api/categories/by-position-chosen?locale=de');
      expect([unknown.status, unknown.body]).toEqual([400, INVALID_LOCALE]);
    });
  });

  describe('locales changing', () => {
    test('the default locale changed at runtime moves an endpoint without a locale', async () => {
      try {
        await i18n().setDefaultLocale({ code: 'fr' });
        expect(names((await call('get', '/_api/categories/default')).body)).toEqual(FR);
        expect((await call('get', '/_api/categories/chosen')).body.items[0].locale).toBe('fr');
      } finally {
        await i18n().setDefaultLocale({ code: 'en' });
      }
      expect(names((await call('get', '/_api/categories/default')).body)).toEqual(EN);
    });

    test('an endpoint whose locale is deleted is suspended, with the reason', async () => {
      const de = await i18n().create({ code: 'de', name: 'German (de)' });
      const endpoint = await categories('categories/de', { locale: 'de' });
      expect((await call('get', '/_api/categories/de')).body).toMatchObject({ total: 0, items: [] });
      await i18n().delete({ id: de.id });
      const read = await admin.get(`/data-api/endpoints/${endpoint.id}`);
      expect(read.body.data.suspended).toBe(
        'the definition no longer fits its content type: locale: "de" is not a locale of this site'
      );
      expect((await call('get', '/_api/categories/de')).status).toBe(404);
    });

    test('a reload that fails keeps the old locales with the old endpoints: a save is checked against those', async () => {
      const early = { path: 'categories/de-early', object: CATEGORY, type: 'list', fields: [{ name: 'name' }] };
      // The reload fails after it has read the site's locales and compiled with them.
      const rights = app.strapi.plugin('data-api').service('adminRights');
      const failing = jest.spyOn(rights, 'suspensions').mockRejectedValue(new Error('rights unavailable'));
      const de = await i18n().create({ code: 'de', name: 'German (de)' });
      try {
        await admin.get('/data-api/endpoints'); // once the reload that adding a locale starts is over
        expect(names((await call('get', '/_api/categories/fr')).body)).toEqual(FR);
        const refused = await define({ ...early, locale: 'de' });
        expect(refused.status).toBe(400);
        expect(JSON.stringify(refused.body)).toContain('locale: \\"de\\" is not a locale of this site');
        failing.mockRestore();
        await app.strapi.plugin('data-api').service('engine').changed();
        const saved = await define({ ...early, locale: 'de' });
        expect(saved.status).toBe(201);
        await admin.del(`/data-api/endpoints/${saved.body.data.id}`);
      } finally {
        failing.mockRestore();
        await i18n().delete({ id: de.id });
      }
    });
  });
});

describe('list and paging', () => {
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
        if (path === 'paged')
          expect(second.body._links.prev.href).toBe('/_api/categories/paged?locale=fr&position:gt=2');
      }
    });
  });
});
