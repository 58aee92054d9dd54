import type { Response } from 'supertest';
import { callWithKey, createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * Relations written into a Draft & Publish type (articles) from a type without it (products), with SQL and
 * through the Document Service: the link rows are those Strapi's Document Service writes for the same data set
 * by document, the draft and the published row of each article, so the Content Manager shows them and later
 * publishes of the article keep them.
 */
const PRODUCT = 'api::product.product';
const ARTICLE = 'api::article.article';

let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;

const knex = () => knexOf(app);
const call = callWithKey(
  () => app,
  () => key
);

interface Versions {
  documentId: string;
  draft: number;
  published: number | null;
}
/** The rows of a seeded article document: its draft, and its published row if it was ever published. */
const article = async (title: string): Promise<Versions> => {
  const rows = await knex()('articles').where('title', title).select('id', 'document_id', 'published_at');
  const draft = rows.find((r) => r.published_at === null);
  const published = rows.find((r) => r.published_at !== null);
  return { documentId: draft.document_id, draft: Number(draft.id), published: published ? Number(published.id) : null };
};
/** The same document after a publish: the published row has a new id. */
const reread = (a: Versions) =>
  knex()('articles')
    .where('document_id', a.documentId)
    .select('title')
    .first()
    .then((r) => article(r.title));

/** A product's link rows, in the order Strapi reads them, without the columns that name the product itself. */
const links = async (productId: number) => ({
  guide: (await knex()('products_guide_lnk').where('product_id', productId).orderBy('id')).map((r) =>
    Number(r.article_id)
  ),
  articles: (await knex()('products_articles_lnk').where('product_id', productId).orderBy('article_ord')).map((r) => ({
    article: Number(r.article_id),
    order: Number(r.article_ord),
  })),
});

const created = (response: Response): number => {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 201,
    body: { success: true, object: PRODUCT, id: expect.any(Number) },
  });
  return response.body.id;
};

/** A product written by the Document Service itself, the reference for the link rows. */
const viaDocuments = () => app.strapi.documents(PRODUCT);
const referenceProduct = async (data: Record<string, unknown>) => {
  const doc = await viaDocuments().create({ data: { title: 'Reference', ...data } });
  return { id: Number(doc.id), documentId: String(doc.documentId) };
};
const documentIdOf = async (productId: number) =>
  String((await knex()('products').where('id', productId).first('document_id')).document_id);

/** What the Document Service reads of a product's relations, by article document id (`status` of the articles). */
const populated = async (productId: number, status: 'draft' | 'published') => {
  const doc = await viaDocuments().findOne({
    documentId: await documentIdOf(productId),
    status,
    populate: ['guide', 'articles'],
  });
  if (!doc) throw new Error(`no ${status} product ${productId}`);
  return {
    guide: doc.guide ? doc.guide.documentId : null,
    articles: (doc.articles as Array<{ documentId: string }>).map((a) => a.documentId),
  };
};

// Both write paths: direct SQL (products' default) and the Document Service (`documentService: "always"`).
describe.each([
  ['direct SQL', 'auto'],
  ['the Document Service', 'always'],
])('written through %s', (path, mode) => {
  let a: Versions; // published, with a draft
  let b: Versions; // published, with a draft
  let c: Versions; // never published: a draft only

  beforeAll(async () => {
    app = await startApp({ DATA_API_DOCUMENT_SERVICE: mode });
    admin = await app.admin();
    key = await createKey(admin, 'writer');
    [a, b, c] = await Promise.all(['Article 1', 'Article 2', 'Article 3'].map(article));
    expect(a.published).not.toBeNull();
    expect(b.published).not.toBeNull();
    expect(c.published).toBeNull();
    const fields = [{ name: 'title' }, { name: 'guide' }, { name: 'articles' }];
    await createEndpoint(admin, key, { path: 'linked', type: 'create', object: PRODUCT, fields });
    await createEndpoint(admin, key, {
      path: 'linked',
      type: 'modify',
      object: PRODUCT,
      parameter: 'required',
      fields: fields.slice(1),
    });
    await createEndpoint(admin, key, {
      path: 'linked',
      type: 'list',
      object: PRODUCT,
      fields: [{ name: 'id' }, ...fields],
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  describe('relations into a Draft & Publish type', () => {
    it(`writes through ${path}`, async () => {
      const objects = (await admin.get('/data-api/objects')).body.data as Array<{
        uid: string;
        documentService: boolean;
      }>;
      expect(objects.find((o) => o.uid === PRODUCT)?.documentService).toBe(mode === 'always');
    });

    it('a Create links the draft and the published row of each article, as the Document Service does', async () => {
      const id = created(
        await call('post', '/_api/linked', {
          title: 'Linked',
          guide: a.published,
          articles: [a.published, b.published],
        })
      );
      const reference = await referenceProduct({ guide: a.documentId, articles: [a.documentId, b.documentId] });
      expect(await links(id)).toEqual({
        guide: [a.draft, a.published],
        articles: [
          { article: a.draft, order: 1 },
          { article: a.published, order: 2 },
          { article: b.draft, order: 3 },
          { article: b.published, order: 4 },
        ],
      });
      expect(await links(id)).toEqual(await links(reference.id));
      // The Content Manager shows a product's links to the articles' drafts.
      expect(await populated(id, 'draft')).toEqual({ guide: a.documentId, articles: [a.documentId, b.documentId] });
    });

    it('a Modify replaces them, as the Document Service does', async () => {
      const id = created(await call('post', '/_api/linked', { title: 'To modify', guide: a.published, articles: [] }));
      const reference = await referenceProduct({ guide: a.documentId });
      const response = await call('patch', `/_api/linked/${id}`, {
        guide: b.published,
        articles: [b.published, a.published],
      });
      expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { success: true } });
      await viaDocuments().update({
        documentId: reference.documentId,
        data: { guide: b.documentId, articles: [b.documentId, a.documentId] } as never,
      });
      expect(await links(id)).toEqual(await links(reference.id));
      expect((await links(id)).guide).toEqual([b.draft, b.published]);
      expect(await populated(id, 'draft')).toEqual({ guide: b.documentId, articles: [b.documentId, a.documentId] });
    });

    it('an editor publishing the article keeps the links: read through /_api and the Document Service', async () => {
      const id = created(
        await call('post', '/_api/linked', { title: 'Kept', guide: a.draft, articles: [b.draft, a.draft] })
      );
      const articles = app.strapi.documents(ARTICLE);
      await articles.update({ documentId: a.documentId, data: { title: 'Article 1' } as never });
      await articles.publish({ documentId: a.documentId });
      await articles.update({ documentId: b.documentId, data: { title: 'Article 2' } as never });
      await articles.publish({ documentId: b.documentId });
      const [a2, b2] = [await reread(a), await reread(b)];
      expect(a2.published).not.toBe(a.published);
      expect(a2.draft).toBe(a.draft);

      // The records' ids (their drafts', server/src/query/record-id.ts) did not change with the publish.
      const listed = await call('get', `/_api/linked?id=${id}`);
      expect(listed.status).toBe(200);
      expect(listed.body.items).toEqual([{ id, title: 'Kept', guide: a.draft, articles: [b.draft, a.draft] }]);
      for (const status of ['draft', 'published'] as const) {
        expect(await populated(id, status)).toEqual({ guide: a.documentId, articles: [b.documentId, a.documentId] });
      }
      expect((await links(id)).guide.sort()).toEqual([a2.draft, a2.published].sort());
      [a, b] = [a2, b2];
    });

    it('a never-published article is linked by its draft, as the Document Service does, and kept on its publish', async () => {
      const id = created(
        await call('post', '/_api/linked', { title: 'Draft only', guide: c.draft, articles: [c.draft] })
      );
      const reference = await referenceProduct({ guide: c.documentId, articles: [c.documentId] });
      expect(await links(id)).toEqual({ guide: [c.draft], articles: [{ article: c.draft, order: 1 }] });
      expect(await links(id)).toEqual(await links(reference.id));

      await app.strapi.documents(ARTICLE).publish({ documentId: c.documentId });
      const c2 = await reread(c);
      for (const status of ['draft', 'published'] as const) {
        expect(await populated(id, status)).toEqual({ guide: c.documentId, articles: [c.documentId] });
      }
      const listed = await call('get', `/_api/linked?id=${id}`);
      expect(c2.published).not.toBeNull();
      expect(listed.body.items).toEqual([{ id, title: 'Draft only', guide: c2.draft, articles: [c2.draft] }]);
    });

    it('a task writes relations the same way', async () => {
      await createEndpoint(admin, key, {
        path: 'tasks/linked',
        type: 'create',
        object: PRODUCT,
        fields: [{ name: 'title' }],
        tasks: [{ action: 'create-record', object: PRODUCT, values: { title: 'By a task', guide: a.draft } }],
      });
      created(await call('post', '/_api/tasks/linked', { title: 'Task trigger' }));
      const made = await knex()('products').where('title', 'By a task').first('id');
      expect((await links(Number(made.id))).guide).toEqual([a.draft, a.published]);
    });
  });
});
