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

localesSuite();

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
