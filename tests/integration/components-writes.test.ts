import { callWithKey, createEndpoint, knexOf } from '../helpers/fixtures';
import { file, PNG } from '../helpers/files';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * Component fields and dynamic zones written by Create and Modify: JSON objects and arrays, checked by the
 * components' own rules before anything is written, stored through Strapi's Document Service as Strapi stores
 * them (a component replaced as a whole), relations and files inside them included.
 */
const POST = 'api::post.post';
const COMPONENT_TABLES = [
  ...['seos', 'social_cards', 'links', 'quotes', 'rich_texts'].map((name) => `components_shared_${name}`),
  'posts_cmps',
  'posts',
];
const POPULATE = {
  seo: { populate: { shareImage: true, social: true } },
  links: { populate: { article: true } },
  blocks: { populate: '*' },
};

const { app, admin, key } = keyedSuite({ description: 'components' });

const knex = () => knexOf(app);
const call = callWithKey(
  () => app,
  () => key
);
const invalid = (field: string) => ({ success: false, error: `Invalid data for field: ${field}` });
const documentIdOf = async (id: number) => String((await knex()('posts').where({ id }).first()).document_id);
const draftOf = async (id: number) =>
  app.strapi
    .documents(POST)
    .findOne({ documentId: await documentIdOf(id), status: 'draft', populate: POPULATE as never });
/** A post's draft as the Document Service reads it with POPULATE: the members these tests read. */
interface Draft {
  id: number;
  documentId: string;
  seo: { metaTitle: string; shareImage: { id: number }; social: unknown[] };
  links: Array<{ label: string }>;
  blocks: unknown[];
}
const counts = async () => {
  const out: Record<string, number> = {};
  for (const table of COMPONENT_TABLES) out[table] = Number((await knex()(table).count({ n: '*' }))[0].n);
  return out;
};
const SEO = { metaTitle: 'A title', metaDescription: 'A description', social: [{ network: 'bluesky', title: 'Sky' }] };

beforeAll(async () => {
  const endpoint = (definition: Record<string, unknown>) => createEndpoint(admin, key, { object: POST, ...definition });
  const fields = [{ name: 'title' }, { name: 'seo' }, { name: 'links' }, { name: 'blocks' }];
  await endpoint({ path: 'posts', type: 'create', fields });
  await endpoint({ path: 'posts', type: 'modify', parameter: 'required', status: 'draft', fields });
  await endpoint({ path: 'published-posts', type: 'create', publish: true, fields });
  await endpoint({ path: 'publishing-posts', type: 'modify', parameter: 'required', publish: true, fields });
  await endpoint({ path: 'posts', type: 'delete', parameter: 'required', status: 'draft' });
}, 180000);

describe('components written by Create', () => {
  it('stores a single, a nested repeatable and a repeatable component and a dynamic zone as Strapi does', async () => {
    const article = await knex()('articles').whereNotNull('published_at').orderBy('id').first();
    const response = await call('post', '/_api/posts', {
      title: 'With components',
      seo: SEO,
      links: [
        { label: 'Home', url: 'https://example.com/' },
        { label: 'Related', url: 'https://example.com/a', article: article.id },
      ],
      blocks: [
        { __component: 'shared.quote', title: 'Q', body: 'Quoted' },
        { __component: 'shared.rich-text', body: '## Hello' },
      ],
    });
    expect(response.status).toBe(201);
    const draft = (await draftOf(response.body.id)) as Draft;
    expect(draft.seo).toMatchObject({ metaTitle: 'A title', metaDescription: 'A description', shareImage: null });
    expect(draft.seo.social).toEqual([expect.objectContaining({ network: 'bluesky', title: 'Sky' })]);
    expect(draft.links).toEqual([
      expect.objectContaining({ label: 'Home', url: 'https://example.com/', article: null }),
      expect.objectContaining({
        label: 'Related',
        article: expect.objectContaining({ documentId: article.document_id }),
      }),
    ]);
    expect(draft.blocks).toEqual([
      expect.objectContaining({ __component: 'shared.quote', title: 'Q', body: 'Quoted' }),
      expect.objectContaining({ __component: 'shared.rich-text', body: '## Hello' }),
    ]);
    // The admin's edit page reads it (the Content Manager's own API).
    const edit = await admin.get(`/content-manager/collection-types/${POST}/${draft.documentId}`);
    expect(edit.status).toBe(200);
    expect(edit.body.data.seo.metaTitle).toBe('A title');
    expect(edit.body.data.blocks).toHaveLength(2);
  });

  it('publishes components: Strapi REST API answers them', async () => {
    const response = await call('post', '/_api/published-posts', {
      title: 'Published with components',
      seo: SEO,
      blocks: [{ __component: 'shared.quote', title: 'Live', body: 'Published' }],
    });
    expect(response.status).toBe(201);
    const documentId = await documentIdOf(response.body.id);
    const rest = await app
      .http()
      .get(`/api/posts?filters[documentId][$eq]=${documentId}&populate[seo][populate]=*&populate[blocks][populate]=*`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toHaveLength(1);
    expect(rest.body.data[0].seo).toMatchObject({ metaTitle: 'A title', social: [{ network: 'bluesky' }] });
    expect(rest.body.data[0].blocks).toEqual([expect.objectContaining({ __component: 'shared.quote', title: 'Live' })]);
  });

  it('uploads a file sent inside a component and links it there', async () => {
    const response = await call('post', '/_api/posts', {
      title: 'With a share image',
      seo: { ...SEO, shareImage: file(PNG, 'share.png') },
    });
    expect(response.status).toBe(201);
    const draft = (await draftOf(response.body.id)) as Draft;
    expect(draft.seo.shareImage).toMatchObject({ mime: 'image/png', ext: '.png' });
  });

  it('refuses a file of a type the field does not allow, naming its path, and uploads nothing', async () => {
    const files = Number((await knex()('files').count({ n: '*' }))[0].n);
    const response = await call('post', '/_api/posts', {
      title: 'Bad share image',
      seo: { ...SEO, shareImage: file(Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf') },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Invalid data for field: seo\.shareImage \(/);
    expect(Number((await knex()('files').count({ n: '*' }))[0].n)).toBe(files);
  });

  const REFUSED: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown component', { blocks: [{ __component: 'shared.nope' }] }, 'blocks[0].__component'],
    ['an item without __component', { blocks: [{ title: 'x' }] }, 'blocks[0].__component'],
    ['a missing required field', { seo: { metaDescription: 'd' } }, 'seo.metaTitle'],
    ['a text past maxLength', { seo: { ...SEO, metaTitle: 'x'.repeat(71) } }, 'seo.metaTitle'],
    ['a wrong type', { seo: { ...SEO, metaTitle: 7 } }, 'seo.metaTitle'],
    ['an unknown key', { seo: { ...SEO, extra: 1 } }, 'seo.extra'],
    ['a component id', { links: [{ id: 1, label: 'a', url: 'b' }] }, 'links[0].id'],
    ['an array for a single component', { seo: [SEO] }, 'seo'],
    ['an object for a repeatable component', { links: { label: 'a', url: 'b' } }, 'links'],
    ['an enumeration value not listed', { seo: { ...SEO, social: [{ network: 'myspace' }] } }, 'seo.social[0].network'],
    ['more items than max', { seo: { ...SEO, social: new Array(4).fill({ network: 'bluesky' }) } }, 'seo.social'],
    [
      'a related row that does not exist',
      { links: [{ label: 'a', url: 'b', article: 2147483000 }] },
      'links[0].article',
    ],
    ['a field of another component', { blocks: [{ __component: 'shared.quote', file: null }] }, 'blocks[0].file'],
  ];

  it.each(REFUSED)('refuses %s with a 400 naming the path, and writes nothing', async (_what, values, path) => {
    const before = await counts();
    const response = await call('post', '/_api/posts', { title: 'Refused', ...values });
    expect(response.status).toBe(400);
    expect(
      response.body.error === invalid(path).error || response.body.error.startsWith(`${invalid(path).error} (`)
    ).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('names the record of an array payload', async () => {
    const response = await call('post', '/_api/posts', [
      { title: 'Fine', seo: SEO },
      { title: 'Bad', seo: {} },
    ]);
    expect(response.body).toEqual(invalid('seo.metaTitle (item 1)'));
  });
});

describe('components written by Modify', () => {
  let id: number;

  beforeAll(async () => {
    const response = await call('post', '/_api/posts', {
      title: 'To modify',
      seo: SEO,
      links: [{ label: 'One', url: 'https://example.com/1' }],
      blocks: [{ __component: 'shared.quote', title: 'Old' }],
    });
    id = response.body.id;
  });

  it('replaces a component as a whole, leaving the fields it was not sent', async () => {
    const before = await counts();
    const response = await call('patch', `/_api/posts/${id}`, { seo: { metaTitle: 'New', metaDescription: 'New d' } });
    expect(response.body).toEqual({ success: true });
    const draft = (await draftOf(id)) as Draft;
    expect(draft.seo).toMatchObject({ metaTitle: 'New', metaDescription: 'New d', social: [] });
    expect(draft.links).toEqual([expect.objectContaining({ label: 'One' })]);
    expect(draft.blocks).toEqual([expect.objectContaining({ __component: 'shared.quote', title: 'Old' })]);
    // The old seo row and its social card are gone: no rows are left behind.
    const after = await counts();
    expect(after.components_shared_seos).toBe(before.components_shared_seos);
    expect(after.components_shared_social_cards).toBe(before.components_shared_social_cards - 1);
  });

  it('replaces a repeatable component and a dynamic zone, and clears them', async () => {
    await call('patch', `/_api/posts/${id}`, {
      links: [
        { label: 'A', url: 'https://a' },
        { label: 'B', url: 'https://b' },
      ],
      blocks: [{ __component: 'shared.rich-text', body: 'text' }],
    });
    let draft = (await draftOf(id)) as Draft;
    expect(draft.links.map((l: { label: string }) => l.label)).toEqual(['A', 'B']);
    expect(draft.blocks).toEqual([expect.objectContaining({ __component: 'shared.rich-text', body: 'text' })]);
    const cleared = await call('patch', `/_api/posts/${id}`, { links: [], blocks: null, seo: null });
    expect(cleared.body).toEqual({ success: true });
    draft = (await draftOf(id)) as Draft;
    expect({ links: draft.links, blocks: draft.blocks, seo: draft.seo }).toEqual({ links: [], blocks: [], seo: null });
  });

  it('removes a file it uploaded inside a component once the component that linked it is replaced', async () => {
    const created = await call('post', '/_api/posts', {
      title: 'Image',
      seo: { ...SEO, shareImage: file(PNG, 'a.png') },
    });
    const fileId = ((await draftOf(created.body.id)) as Draft).seo.shareImage.id;
    expect(await knex()('files').where({ id: fileId }).first()).toBeDefined();
    expect((await call('patch', `/_api/posts/${created.body.id}`, { seo: SEO })).body).toEqual({ success: true });
    expect(await knex()('files').where({ id: fileId }).first()).toBeUndefined();
  });

  it('refuses an invalid component and leaves the record as it was', async () => {
    await call('patch', `/_api/posts/${id}`, { seo: SEO });
    const before = await counts();
    const response = await call('patch', `/_api/posts/${id}`, { seo: { ...SEO, social: [{ title: 'no network' }] } });
    expect(response.body).toEqual(invalid('seo.social[0].network'));
    expect(await counts()).toEqual(before);
    expect(((await draftOf(id)) as Draft).seo.metaTitle).toBe('A title');
  });
});

describe('components deleted with their record', () => {
  it('removes component rows and the files uploaded into them', async () => {
    const before = await counts();
    const created = await call('post', '/_api/posts', {
      title: 'To delete',
      seo: { ...SEO, shareImage: file(PNG, 'gone.png') },
      links: [{ label: 'L', url: 'u' }],
      blocks: [{ __component: 'shared.quote', title: 'Q' }],
    });
    const fileId = ((await draftOf(created.body.id)) as Draft).seo.shareImage.id;
    expect((await call('delete', `/_api/posts/${created.body.id}`)).body).toEqual({ success: true });
    expect(await counts()).toEqual(before);
    expect(await knex()('files').where({ id: fileId }).first()).toBeUndefined();
  });
});

describe('components published by Modify', () => {
  it("publishes the changed component only, keeping an editor's pending draft edits in the draft", async () => {
    const created = await call('post', '/_api/published-posts', {
      title: 'Live title',
      seo: SEO,
      blocks: [{ __component: 'shared.quote', title: 'Live' }],
    });
    const documentId = await documentIdOf(created.body.id);
    await app.strapi.documents(POST).update({ documentId, data: { title: 'Editor draft' } as never });
    // The record keeps the id its Create answered (its draft's), whatever the editor does to the draft.
    const response = await call('patch', `/_api/publishing-posts/${created.body.id}`, {
      seo: { metaTitle: 'Republished', metaDescription: 'd' },
    });
    expect(response.body).toEqual({ success: true });
    const rest = await app
      .http()
      .get(`/api/posts?filters[documentId][$eq]=${documentId}&populate[seo]=true&populate[blocks][populate]=*`);
    expect(rest.body.data[0]).toMatchObject({
      title: 'Live title',
      seo: { metaTitle: 'Republished' },
      blocks: [{ __component: 'shared.quote', title: 'Live' }],
    });
    const draft = await app.strapi
      .documents(POST)
      .findOne({ documentId, status: 'draft', populate: POPULATE as never });
    expect(draft).toMatchObject({ title: 'Editor draft', seo: { metaTitle: 'Republished' } });
  });
});

describe('definitions with components', () => {
  it('refuses a preset of a component', async () => {
    const response = await admin.post('/data-api/endpoints', {
      data: {
        name: 'preset',
        path: 'preset-seo',
        type: 'create',
        object: POST,
        fields: [{ name: 'title' }],
        presets: { seo: SEO },
        auth: { method: 'api-key', keys: [key.id] },
      },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('presets.seo: \\"seo\\" is a component');
  });
});
