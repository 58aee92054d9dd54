import { definitionSchema } from '../../contracts/definition';
import { covers, equalityColumns, neededColumns } from '../../server/src/indexes/columns';
import { createIndexSql, indexName } from '../../server/src/indexes/advice';
import { modelOf, relation, scalar } from '../helpers/models';

const products = modelOf('api::product.product', 'products', [
  scalar('id', 'integer'),
  scalar('title', 'string'),
  scalar('category', 'string'),
  scalar('active', 'boolean'),
  scalar('price', 'decimal'),
  scalar('releasedAt', 'datetime', 'released_at'),
  scalar('notes', 'text'),
  scalar('details', 'blocks'),
  relation('guide', 'api::article.article', false, {
    table: 'products_guide_lnk',
    ownerColumn: 'product_id',
    targetColumn: 'article_id',
  }),
]);

const posts = {
  ...modelOf('api::post.post', 'posts', [
    scalar('id', 'integer'),
    scalar('title', 'string'),
    scalar('section', 'string'),
    scalar('publishedAt', 'datetime', 'published_at'),
    scalar('locale', 'string'),
  ]),
  draftAndPublish: true,
  localized: true,
};

const list = (parts: Record<string, unknown>) =>
  definitionSchema.parse({
    name: 'Products',
    path: 'products',
    type: 'list',
    object: 'api::product.product',
    fields: [{ name: 'id' }],
    auth: { method: 'api-key', keys: [] },
    ...parts,
  });

const aggregate = (dimensions: Array<Record<string, unknown>>, filter: Record<string, unknown> = {}) =>
  definitionSchema.parse({
    name: 'Stats',
    path: 'stats',
    type: 'aggregate',
    object: 'api::product.product',
    filter,
    auth: { method: 'api-key', keys: [] },
    aggregate: { dimensions, measures: [{ variable: 'n', op: 'count' }] },
  });

describe('the columns an endpoint needs indexed', () => {
  test('equality conditions on the root table, at the top and inside $and, then the sort in order', () => {
    const definition = list({
      filter: {
        category: { $eq: 'tools' },
        $and: [{ active: true }, { price: { $gt: 10 } }],
        $or: [{ title: 'x' }, { title: 'y' }],
      },
      sort: [
        { field: 'releasedAt', dir: 'desc' },
        { field: 'title', dir: 'asc' },
      ],
    });
    expect(neededColumns(definition, products, 'sqlite')).toEqual([['category', 'active'], ['released_at'], ['title']]);
  });

  test('variables and $eq among other operators compare by equality; $in, $ne and ranges do not', () => {
    const filter = {
      category: { $var: 'param' },
      title: { $eq: 'a', $ne: 'b' },
      price: { $in: [1, 2] },
      active: { $ne: true },
      releasedAt: { $lt: { $var: 'now' } },
    };
    expect(equalityColumns(filter, products, 'postgres')).toEqual(['category', 'title']);
  });

  test('relations, id, JSON and (on MariaDB/MySQL) long text are left out', () => {
    const filter = { guide: { id: 3 }, id: 5, details: 'x', notes: 'y', category: 'z' };
    expect(equalityColumns(filter, products, 'mysql')).toEqual(['category']);
    expect(equalityColumns(filter, products, 'postgres')).toEqual(['notes', 'category']);
  });

  test('a sort stops at the first field an index cannot hold, and skips columns fixed by equality', () => {
    const definition = list({
      filter: { category: 'tools' },
      sort: [
        { field: 'category', dir: 'asc' },
        { field: 'releasedAt', dir: 'asc' },
        { field: 'id', dir: 'asc' },
        { field: 'title', dir: 'asc' },
      ],
    });
    expect(neededColumns(definition, products, 'sqlite')).toEqual([['category'], ['released_at']]);
  });

  test('an Aggregate needs its equality columns, then its plain group-by columns as one group', () => {
    const definition = aggregate(
      [
        { variable: 'category', field: 'category' },
        { variable: 'month', field: 'releasedAt', format: 'month' },
        { variable: 'guide', field: 'guide.title' },
        { variable: 'active', field: 'active' },
      ],
      { price: 10 }
    );
    expect(neededColumns(definition, products, 'sqlite')).toEqual([['price'], ['category', 'active']]);
  });

  test('Draft & Publish adds published_at and a translated endpoint its locale, unless it reads all locales', () => {
    const base = { object: 'api::post.post', filter: { section: 'news' } };
    expect(neededColumns(list(base), posts, 'sqlite')).toEqual([['section', 'locale', 'published_at']]);
    expect(neededColumns(list({ ...base, locale: 'all' }), posts, 'sqlite')).toEqual([['section', 'published_at']]);
  });

  test('no advice without a filter, sort or group of the definition, nor for other endpoint types', () => {
    expect(neededColumns(list({ object: 'api::post.post' }), posts, 'sqlite')).toBeNull();
    expect(neededColumns(list({ filter: { price: { $gt: 1 } } }), products, 'sqlite')).toBeNull();
    const create = definitionSchema.parse({
      name: 'New',
      path: 'new',
      type: 'create',
      object: 'api::product.product',
      filter: { category: 'tools' },
      fields: [{ name: 'title' }],
      auth: { method: 'api-key', keys: [] },
    });
    expect(neededColumns(create, products, 'sqlite')).toBeNull();
  });
});

describe('whether an index covers them', () => {
  const needed = [['category', 'active'], ['released_at']];

  test('the equality columns in any order, then the sort columns in order', () => {
    expect(covers(['category', 'active', 'released_at'], needed)).toBe(true);
    expect(covers(['active', 'category', 'released_at', 'title'], needed)).toBe(true);
  });

  test('a missing, misplaced or expression column does not', () => {
    expect(covers(['category', 'released_at'], needed)).toBe(false);
    expect(covers(['category', 'released_at', 'active'], needed)).toBe(false);
    expect(covers(['released_at', 'category', 'active'], needed)).toBe(false);
    expect(covers(['category', 'active'], needed)).toBe(false);
    expect(covers(['category', null, 'released_at'], needed)).toBe(false);
    expect(covers(['id'], needed)).toBe(false);
  });

  test('group-by columns in any order', () => {
    expect(covers(['price', 'active', 'category'], [['price'], ['category', 'active']])).toBe(true);
  });
});

describe('the advised statement', () => {
  test('quotes every name in the dialect', () => {
    expect(createIndexSql('postgres', 'products', ['category', 'released_at'])).toBe(
      'CREATE INDEX "data_api_products_category_released_at" ON "products" ("category", "released_at");'
    );
    expect(createIndexSql('mysql', 'odd`table', ['a b'])).toBe(
      'CREATE INDEX `data_api_odd``table_a b` ON `odd``table` (`a b`);'
    );
  });

  test('names are cut to 63 characters', () => {
    const name = indexName('a_rather_long_table_name', ['first_long_column', 'second_long_column', 'third']);
    expect(name).toHaveLength(63);
    expect(name.startsWith('data_api_a_rather_long_table_name_first_long_column')).toBe(true);
  });
});
