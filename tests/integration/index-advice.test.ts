import { indexAdviceSchema, LARGE_TABLE_ROWS } from '../../contracts/index-advice';
import { addProducts, createEndpoint, knexOf } from '../helpers/fixtures';
import { adminWith } from '../helpers/strapi';
import { keyedSuite } from '../helpers/keyed-suite';

const { app, admin, key } = keyedSuite();
let byCategory: number;
let stats: number;
let create: number;

const advice = async (id: number, client = admin) => {
  const response = await client.get(`/data-api/endpoints/${id}/index-advice`);
  expect(response.status).toBe(200);
  return indexAdviceSchema.parse(response.body.data);
};

const productCount = async () => Number((await knexOf(app)('products').count({ n: '*' }))[0].n);

beforeAll(async () => {
  const product = { object: 'api::product.product', fields: [{ name: 'id' }, { name: 'title' }] };
  const idOf = async (definition: Record<string, unknown>) => (await createEndpoint(admin, key, definition)).id;
  byCategory = await idOf({
    ...product,
    path: 'advice/products',
    type: 'list',
    filter: { category: { $eq: 'tools' } },
    sort: [{ field: 'releasedAt', dir: 'desc' }],
  });
  stats = await idOf({
    ...product,
    path: 'advice/stats',
    type: 'aggregate',
    fields: [],
    filter: { active: true },
    aggregate: {
      dimensions: [{ variable: 'category', field: 'category' }],
      measures: [{ variable: 'n', op: 'count' }],
    },
  });
  create = await idOf({
    ...product,
    path: 'advice/new',
    type: 'create',
    filter: { category: 'tools' },
    fields: [{ name: 'title' }, { name: 'category' }],
  });
});

test('a small table gets no advice', async () => {
  expect(await advice(byCategory)).toEqual({
    table: 'products',
    rows: await productCount(),
    large: false,
    advice: null,
  });
});

test('403 without the read right on endpoints, or without Content Manager read on the type; 404 unknown', async () => {
  const outsider = await adminWith(app, 'outsider@example.com', []);
  expect((await outsider.get(`/data-api/endpoints/${byCategory}/index-advice`)).status).toBe(403);
  // The endpoint right alone tells no table size: that is the Content Manager's to give.
  const reader = await adminWith(app, 'reader@example.com', ['plugin::data-api.endpoints.read']);
  const refused = await reader.get(`/data-api/endpoints/${byCategory}/index-advice`);
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toMatch(/you may not read api::product\.product/);
  const editor = await adminWith(app, 'editor@example.com', [
    'plugin::data-api.endpoints.read',
    { action: 'plugin::content-manager.explorer.read', subject: 'api::product.product' },
  ]);
  expect((await advice(byCategory, editor)).table).toBe('products');
  expect((await admin.get('/data-api/endpoints/999999/index-advice')).status).toBe(404);
});

describe('on a large table', () => {
  beforeAll(async () => {
    await addProducts(app, LARGE_TABLE_ROWS + 100);
  });

  test('a List filtering by category and sorted by release gets the index, which then serves it', async () => {
    const answer = await advice(byCategory);
    expect(answer.large).toBe(true);
    expect(answer.rows).toBeGreaterThan(LARGE_TABLE_ROWS);
    expect(answer.advice?.columns).toEqual(['category', 'released_at']);
    const q = process.env.DATABASE_CLIENT === 'mysql' ? '`' : '"';
    expect(answer.advice?.sql).toBe(
      `CREATE INDEX ${q}data_api_products_category_released_at${q} ON ${q}products${q} (${q}category${q}, ${q}released_at${q});`
    );
    await knexOf(app).raw(answer.advice!.sql);
    expect(await advice(byCategory)).toMatchObject({ large: true, advice: null });
  });

  test('an Aggregate gets its equality and group-by columns; other types get no advice', async () => {
    expect((await advice(stats)).advice?.columns).toEqual(['active', 'category']);
    await knexOf(app).schema.alterTable('products', (table) => {
      table.index(['active', 'category'], 'products_by_activity_and_category');
    });
    expect((await advice(stats)).advice).toBeNull();
    expect(await advice(create)).toMatchObject({ table: 'products', large: true, advice: null });
  });
});
