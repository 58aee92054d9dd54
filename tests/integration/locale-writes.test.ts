import { callWithKey, createEndpoint, knexOf } from '../helpers/fixtures';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * Writes of a translated (i18n) type: Create makes a new document in the endpoint's locale; Modify and Delete
 * address a row of that locale (another locale's row is not found) and write or delete that locale only; fields
 * Strapi does not translate (`position`) are shared by the document's locales, as Strapi shares them.
 */
const CATEGORY = 'api::category.category';

const { app, admin, key } = keyedSuite({ description: 'locales' });

const knex = () => knexOf(app);
const call = callWithKey(
  () => app,
  () => key
);
type Row = { id: number; document_id: string; locale: string; name: string; position: number; published_at: unknown };
const rowsOf = async (documentId: string): Promise<Row[]> =>
  knex()('categories').where({ document_id: documentId }).orderBy(['locale', 'id']);
const rowOf = async (id: number): Promise<Row> => knex()('categories').where({ id }).first();
/** The seeded category `slug` in `locale` (published): its draft row, whose id is the record's. */
const seeded = async (slug: string, locale: string): Promise<Row> => {
  const en = await knex()('categories').where({ slug, locale: 'en' }).first();
  return knex()('categories').where({ document_id: en.document_id, locale }).whereNull('published_at').first();
};

const fields = [{ name: 'name' }, { name: 'slug' }, { name: 'position' }, { name: 'seo' }];

beforeAll(async () => {
  const endpoint = (definition: Record<string, unknown>) =>
    createEndpoint(admin, key, { object: CATEGORY, ...definition });
  await endpoint({ path: 'categories', type: 'create', fields });
  await endpoint({ path: 'fr/categories', type: 'create', locale: 'fr', fields });
  await endpoint({ path: 'any/categories', type: 'create', locale: 'query', fields });
  await endpoint({ path: 'pub/categories', type: 'create', publish: true, fields });
  // Only categories at position 100 or more; no unique field, so requests to it run side by side.
  await endpoint({
    path: 'fr/high',
    type: 'create',
    locale: 'fr',
    filter: { position: { $gte: 100 } },
    fields: [{ name: 'name' }, { name: 'position' }],
  });
  const change = {
    type: 'modify',
    parameter: 'required',
    publish: true,
    fields: [{ name: 'name' }, { name: 'position' }],
  };
  await endpoint({ path: 'fr/categories', locale: 'fr', ...change });
  await endpoint({ path: 'any/categories', locale: 'query', ...change });
  await endpoint({ path: 'fr/categories', type: 'delete', parameter: 'required', locale: 'fr' });
  await endpoint({
    path: 'touch/categories',
    type: 'create',
    fields,
    tasks: [
      { action: 'update-records', object: CATEGORY, filter: { slug: 'news-fr' }, values: { description: 'Touched' } },
    ],
  });
}, 180000);

describe('Create on a translated type', () => {
  it('creates a new document in the site default locale when the definition names none', async () => {
    const response = await call('post', '/_api/categories', { name: 'Plain', slug: 'plain', position: 4 });
    expect(response.status).toBe(201);
    expect(await rowOf(response.body.id)).toMatchObject({ locale: 'en', name: 'Plain' });
  });

  it('creates a new document in the endpoint locale, components included', async () => {
    const response = await call('post', '/_api/fr/categories', {
      name: 'Nouvelle',
      slug: 'nouvelle',
      position: 9,
      seo: { metaTitle: 'Nouvelle', metaDescription: 'Une catégorie' },
    });
    expect(response.status).toBe(201);
    const row = await rowOf(response.body.id);
    expect(row).toMatchObject({ locale: 'fr', name: 'Nouvelle', position: 9 });
    expect((await rowsOf(row.document_id)).map((r) => r.locale)).toEqual(['fr']);
    const draft = await app.strapi
      .documents(CATEGORY)
      .findOne({ documentId: row.document_id, locale: 'fr', status: 'draft', populate: ['seo'] as never });
    expect(draft).toMatchObject({ locale: 'fr', seo: { metaTitle: 'Nouvelle' } });
  });

  it('takes the locale from ?locale= on a "query" endpoint, else the default locale', async () => {
    const fr = await call('post', '/_api/any/categories?locale=fr', { name: 'Q fr', slug: 'q-fr' });
    expect((await rowOf(fr.body.id)).locale).toBe('fr');
    const en = await call('post', '/_api/any/categories', { name: 'Q en', slug: 'q-en' });
    expect((await rowOf(en.body.id)).locale).toBe('en');
  });

  it('refuses an unknown or repeated ?locale= with 400 and writes nothing', async () => {
    const before = (await knex()('categories').count({ n: '*' }))[0].n;
    const unknown = await call('post', '/_api/any/categories?locale=de', { name: 'X', slug: 'x-de' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.success).toBe(false);
    const twice = await call('post', '/_api/any/categories?locale=fr&locale=en', { name: 'X', slug: 'x-2' });
    expect(twice.status).toBe(400);
    expect((await knex()('categories').count({ n: '*' }))[0].n).toBe(before);
  });
});

describe('Create of a new locale of a document (?localizationOf=)', () => {
  it('adds the endpoint locale to the document of the row named, sharing its untranslated fields', async () => {
    const base = await call('post', '/_api/pub/categories', { name: 'Base', slug: 'base', position: 5 });
    const response = await call('post', `/_api/fr/categories?localizationOf=${base.body.id}`, {
      name: 'Base FR',
      slug: 'base-fr',
    });
    expect(response.status).toBe(201);
    const created = await rowOf(response.body.id);
    expect(created).toMatchObject({ locale: 'fr', name: 'Base FR', position: 5 });
    expect(created.document_id).toBe((await rowOf(base.body.id)).document_id);
    expect((await rowsOf(created.document_id)).map((r) => r.locale)).toEqual(['en', 'en', 'fr']);
    // The document has that locale now.
    const again = await call('post', `/_api/fr/categories?localizationOf=${base.body.id}`, {
      name: 'Twice',
      slug: 't',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      error: 'The document already has the locale fr: modify that record instead',
    });
  });

  it('answers 404 for a row that does not exist, and 400 for an array or a bad parameter', async () => {
    const before = (await knex()('categories').count({ n: '*' }))[0].n;
    expect((await call('post', '/_api/fr/categories?localizationOf=2147483000', { name: 'N', slug: 'n' })).status).toBe(
      404
    );
    expect((await call('post', '/_api/fr/categories?localizationOf=1', [{ name: 'A', slug: 'a' }])).status).toBe(400);
    expect((await call('post', '/_api/fr/categories?localizationOf=x', { name: 'B', slug: 'b' })).status).toBe(400);
    expect((await knex()('categories').count({ n: '*' }))[0].n).toBe(before);
  });

  it('answers 404 for a row outside the endpoint filter or status, whether or not the document has the locale', async () => {
    const news = await seeded('news', 'en'); // outside the filter, has fr
    const other = await call('post', '/_api/pub/categories', { name: 'Other', slug: 'other', position: 2 }); // en only
    const draftOnly = await call('post', '/_api/categories', { name: 'High draft', slug: 'high-draft', position: 300 });
    const before = await knex()('categories').orderBy('id');
    for (const id of [news.id, other.body.id, draftOnly.body.id]) {
      const response = await call('post', `/_api/fr/high?localizationOf=${id}`, { name: 'Pris', position: 4242 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Record not found' });
    }
    expect(await knex()('categories').orderBy('id')).toEqual(before);
  });

  it('lets one of several concurrent requests add the locale, and answers the others 409', async () => {
    const base = await call('post', '/_api/pub/categories', { name: 'High', slug: 'high-race', position: 100 });
    // Listening already, so supertest does not stop the server when the first answer arrives.
    const server = app.strapi.server.httpServer;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) => call('post', `/_api/fr/high?localizationOf=${base.body.id}`, { name: `Fr ${n}` }))
    ).finally(() => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    });
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = responses.find((r) => r.status === 201)!;
    const fr = (await rowsOf((await rowOf(base.body.id)).document_id)).filter((r) => r.locale === 'fr');
    expect(fr.map((r) => [r.id, r.name])).toEqual([[winner.body.id, (await rowOf(winner.body.id)).name]]);
    expect(fr[0].name).toMatch(/^Fr \d$/);
  });
});

describe('Modify on a translated type', () => {
  it('changes the row of its locale only, and shares a field Strapi does not translate', async () => {
    const fr = await seeded('news', 'fr');
    const response = await call('patch', `/_api/fr/categories/${fr.id}`, { name: 'Actus', position: 7 });
    expect(response.body).toEqual({ success: true });
    const rows = await rowsOf(fr.document_id);
    // Draft and published rows of each locale: fr renamed, en untouched, position shared by all.
    expect(rows.map((r) => [r.locale, r.published_at === null ? 'draft' : 'published', r.name, r.position])).toEqual(
      expect.arrayContaining([
        ['en', 'draft', 'News', 7],
        ['en', 'published', 'News', 7],
        ['fr', 'draft', 'Actus', 7],
        ['fr', 'published', 'Actus', 7],
      ])
    );
    expect(rows).toHaveLength(4);
  });

  it('answers 404 for a row of another locale, and changes nothing', async () => {
    const en = await seeded('guides', 'en');
    const response = await call('patch', `/_api/fr/categories/${en.id}`, { name: 'Wrong' });
    expect(response.status).toBe(404);
    expect((await rowOf(en.id)).name).toBe('Guides');
  });

  it('addresses the locale given by ?locale= on a "query" endpoint', async () => {
    const fr = await seeded('guides', 'fr');
    expect((await call('patch', `/_api/any/categories/${fr.id}`, { name: 'Nope' })).status).toBe(404);
    const response = await call('patch', `/_api/any/categories/${fr.id}?locale=fr`, { name: 'Guides FR' });
    expect(response.body).toEqual({ success: true });
    const rows = await rowsOf(fr.document_id);
    expect(rows.filter((r) => r.locale === 'fr').map((r) => r.name)).toEqual(['Guides FR', 'Guides FR']);
    expect(rows.filter((r) => r.locale === 'en').map((r) => r.name)).toEqual(['Guides', 'Guides']);
  });
});

describe('Delete on a translated type', () => {
  it('answers 404 for a row of another locale', async () => {
    const en = await seeded('stories', 'en');
    expect((await call('delete', `/_api/fr/categories/${en.id}`)).status).toBe(404);
    expect(await rowOf(en.id)).toBeDefined();
  });

  it('deletes its locale of the document only', async () => {
    const fr = await seeded('stories', 'fr');
    const response = await call('delete', `/_api/fr/categories/${fr.id}`);
    expect(response.body).toEqual({ success: true });
    expect((await rowsOf(fr.document_id)).map((r) => r.locale)).toEqual(['en', 'en']);
  });
});

describe('tasks on a translated type', () => {
  it('update the locale of the rows their filter selects, and no other', async () => {
    const response = await call('post', '/_api/touch/categories', { name: 'Toucher', slug: 'toucher' });
    expect(response.status).toBe(201);
    const fr = await seeded('news', 'fr');
    const drafts = (await rowsOf(fr.document_id)).filter((r) => r.published_at === null);
    const descriptions = Object.fromEntries(
      await Promise.all(drafts.map(async (r) => [r.locale, (await rowOf(r.id)) as unknown as Record<string, unknown>]))
    );
    expect(descriptions.fr.description).toBe('Touched');
    expect(descriptions.en.description).toBe('Posts about News.');
  });
});

describe('definitions of translated writes', () => {
  const save = (definition: Record<string, unknown>) =>
    admin.post('/data-api/endpoints', {
      data: { name: 'x', auth: { method: 'api-key', keys: [key.id] }, fields, ...definition },
    });

  it('refuses "all" on a write endpoint', async () => {
    const response = await save({ path: 'all/categories', type: 'create', object: CATEGORY, locale: 'all' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('locale: \\"all\\" applies to reads only');
  });

  it('refuses a locale the site does not have', async () => {
    const response = await save({ path: 'de/categories', type: 'create', object: CATEGORY, locale: 'de' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('is not a locale of this site');
  });
});
