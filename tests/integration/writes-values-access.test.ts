import {
  app,
  admin,
  key,
  otherKey,
  otherCustomerId,
  productId,
  ORDER,
  knex,
  post,
  patch,
  del,
  get,
  count,
  expectRefused,
  createdId,
  expectDone,
  invalid,
  epochMs,
  isoDay,
  bool,
  freshOrder,
  anOrder,
  aProduct,
  aCustomer,
  named,
  writesSuite,
} from '../helpers/writes-suite';

writesSuite();

describe('values round-trip through a list endpoint', () => {
  test('order: relations, integer, decimal, enumeration, datetime and text', async () => {
    const sent = {
      customer: otherCustomerId,
      product: productId,
      quantity: 3,
      total: 123.45,
      status: 'shipped',
      orderedAt: '2026-03-05T10:00:00.000Z',
      note: 'Leave at the door',
    };
    const id = createdId(await post('/_api/orders', sent));
    const read = await get(`/_api/orders?id=${id}`);
    expect(read.status).toBe(200);
    expect(read.body.items).toEqual([{ id, ...sent }]);
    const row = await knex()('orders').where('id', id).first();
    expect(Number(row.total)).toBe(123.45);
    expect(epochMs(row.ordered_at)).toBe(Date.parse(sent.orderedAt));
  });

  test('product: boolean false, zero stock, decimal price, datetime', async () => {
    const sent = aProduct({
      price: 19.99,
      stock: 0,
      category: 'kitchen',
      active: false,
      releasedAt: '2025-12-24T18:30:00.000Z',
    });
    const id = createdId(await post('/_api/products', sent), 'api::product.product');
    const read = await get(`/_api/products?id=${id}`);
    expect(read.status).toBe(200);
    expect(read.body.items).toEqual([{ id, ...sent }]);
    const row = await knex()('products').where('id', id).first();
    expect(bool(row.active)).toBe(false);
    expect(Number(row.price)).toBe(19.99);
  });

  test('customer: date, decimal credit, enumeration and a to-many relation in order', async () => {
    const orders = [await freshOrder('paid'), await freshOrder('shipped')].reverse();
    const sent = aCustomer({ tier: 'enterprise', credit: 10.5, signupDate: '2026-02-28', orders });
    const id = createdId(await post('/_api/customers', sent), 'api::customer.customer');
    const read = await get(`/_api/customers?id=${id}`);
    expect(read.status).toBe(200);
    expect(read.body.items).toEqual([{ id, ...sent }]);
    const row = await knex()('customers').where('id', id).first();
    expect(isoDay(row.signup_date)).toBe('2026-02-28');
    expect(Number(row.credit)).toBe(10.5);
  });
});

describe('Draft & Publish', () => {
  const ARTICLE = 'api::article.article';
  const rowsOf = (documentId: string) =>
    knex()('articles').where('document_id', documentId).orderBy('id').select('id', 'title', 'body', 'published_at');

  /** The record id of a document: its draft row's (server/src/query/record-id.ts). */
  const recordIdOf = async (documentId: string) =>
    (await knex()('articles').where({ document_id: documentId, published_at: null }).first()).id as number;

  test("create with publish: a draft row and a published row of one document; the id is the record's (its draft's)", async () => {
    const before = await count('articles');
    const id = createdId(await post('/_api/articles', { title: 'Fresh news', body: 'Hot off the press.' }), ARTICLE);
    const created = await knex()('articles').where('id', id).first();
    expect(created.published_at).toBeNull();
    const rows = await rowsOf(created.document_id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r: { published_at: unknown }) => r.published_at === null)).toHaveLength(1);
    expect(rows.every((r: { title: string }) => r.title === 'Fresh news')).toBe(true);
    expect(await count('articles')).toBe(before + 2);
  });

  test('create without publish: one draft row, whose id is answered', async () => {
    const id = createdId(await post('/_api/articles/drafts', { title: 'Work in progress' }), ARTICLE);
    const created = await knex()('articles').where('id', id).first();
    expect(created).toMatchObject({ title: 'Work in progress', published_at: null });
    expect(await rowsOf(created.document_id)).toHaveLength(1);
  });

  test('a required title missing is 400 and writes no row', async () => {
    await expectRefused(() => post('/_api/articles', { body: 'No title' }), 400, invalid('title'));
    await expectRefused(() => post('/_api/articles', [{ title: 'ok' }, { title: null }]), 400, invalid('title', 1));
  });

  test('modify with publish changes the published content, and only the fields sent', async () => {
    const published = await knex()('articles').whereNotNull('published_at').orderBy('id').first();
    expectDone(
      await patch(`/_api/articles/edit/${await recordIdOf(published.document_id)}`, { title: 'Edited title' })
    );
    const rows = await rowsOf(published.document_id);
    const live = rows.filter((r: { published_at: unknown }) => r.published_at !== null);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ title: 'Edited title', body: published.body });
    expect(rows).toHaveLength(2);
  });

  test('delete removes every row of the document', async () => {
    const published = await knex()('articles').whereNotNull('published_at').orderBy('id', 'desc').first();
    expect(await rowsOf(published.document_id)).toHaveLength(2);
    expectDone(await del(`/_api/articles/remove/${await recordIdOf(published.document_id)}`));
    expect(await rowsOf(published.document_id)).toEqual([]);
  });
});

describe("the site's own code still runs", () => {
  test('lifecycle hooks: customers (which have a lifecycles file) are written through the Document Service', async () => {
    const id = createdId(
      await post('/_api/customers', aCustomer({ email: 'Mixed.Case@Example.COM' })),
      'api::customer.customer'
    );
    expect(await knex()('customers').where('id', id).first()).toMatchObject({ email: 'mixed.case@example.com' });
  });

  test('Document Service middlewares: an article created without a body gets the playground placeholder', async () => {
    const id = createdId(await post('/_api/articles', { title: 'No body yet' }), 'api::article.article');
    const created = await knex()('articles').where('id', id).first();
    const rows = await knex()('articles').where('document_id', created.document_id).select('body');
    expect(rows).toEqual([{ body: '(no text yet)' }, { body: '(no text yet)' }]);
  });
});

describe('authentication and allowed IPs', () => {
  test('no key is 401 and nothing is written', async () => {
    await expectRefused(() => post('/_api/orders', anOrder(), null), 401, 'Unauthorized');
    const id = await freshOrder('cancelled');
    await expectRefused(() => del(`/_api/orders/cancelled/${id}`, null), 401, 'Unauthorized', id);
  });

  test('a key not allowed on the endpoint is 403 and nothing is written', async () => {
    await expectRefused(() => post('/_api/orders', anOrder(), otherKey.secret), 403, 'Forbidden');
    const id = await freshOrder('paid');
    await expectRefused(() => patch(`/_api/orders/edit/${id}`, { note: 'x' }, otherKey.secret), 403, 'Forbidden', id);
  });

  test('a caller outside the allowed IPs is 403 and nothing is written', async () => {
    await expectRefused(() => post('/_api/orders/office', { quantity: 1 }), 403, 'Forbidden');
  });
});

describe('write definitions the admin API refuses', () => {
  const endpointCount = () => app.strapi.db.query('plugin::data-api.endpoint').count({});
  const base = { name: 'refused', path: 'refused/orders', type: 'create', object: ORDER };

  test.each([
    ['accepting id', { fields: named(['quantity', 'id']) }, /"id"/],
    ['an unknown field', { fields: named(['quantity', 'colour']) }, /colour/],
    ['a system field', { fields: named(['quantity', 'createdAt']) }, /createdAt/],
    [
      'a preset on an accepted field',
      { fields: named(['quantity', 'status']), presets: { status: 'paid' } },
      /presets\.status|preset.*status|status.*preset/,
    ],
    ['a create that leaves a required field out', { fields: named(['note']) }, /quantity/],
    ['publish on a type without Draft & Publish', { fields: named(['quantity']), publish: true }, /Draft & Publish/],
    ['a preset with an unknown variable', { fields: named(['quantity']), presets: { note: { $var: 'nope' } } }, /nope/],
    ['a preset value the field refuses', { fields: named(['quantity']), presets: { status: 'lost' } }, /status/],
    [
      'required on a modify field',
      { type: 'modify', parameter: 'required', fields: [{ name: 'quantity', required: true }] },
      /required/,
    ],
  ])('%s is 400 naming the problem', async (_label, change, message) => {
    const before = await endpointCount();
    const response = await admin.post('/data-api/endpoints', {
      data: { ...base, auth: { method: 'api-key', keys: [key.id] }, ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(message);
    expect(await endpointCount()).toBe(before);
  });
});
