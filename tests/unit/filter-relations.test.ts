import { compileFilter, renderPredicate } from '../../server/src/query/filter';
import type { Model, ModelField } from '../../server/src/query/model';
import { CUSTOMER_LINK, CUSTOMER_OWNERS, CUSTOMER_SUB, definitionError, render } from '../helpers/filter-fixtures';
import { modelOf as modelOfFields, relation, scalar } from '../helpers/models';

describe('relations', () => {
  test('a nested field tests the id against the owners of matching link rows', () => {
    expect(render({ customer: { tier: 'pro' } })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_SUB} AND t1."tier" = ?)`,
      bindings: ['pro'],
    });
  });

  test('a bare id, a list of ids and an operator object apply to the related id', () => {
    expect(render({ customer: 7 })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`,
      bindings: [7],
    });
    expect(render({ customer: [1, 2] }).sql).toBe(`t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" IN (?, ?))`);
    // "Not customer 4" includes orders with no customer at all.
    expect(render({ customer: { $ne: 4 } }).sql).toBe(`NOT (t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?))`);
    expect(render({ customer: { $notIn: [4, 5] } }).sql).toBe(
      `NOT (t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" IN (?, ?)))`
    );
    // Strapi's usual `{ id: X }` form reads the link table too, and `null` means no related row.
    expect(render({ customer: { id: 7 } }).sql).toBe(`t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`);
    expect(render({ customer: null }).sql).toBe(`NOT EXISTS (${CUSTOMER_LINK})`);
  });

  test('$null / $notNull on a relation test for any link', () => {
    const anyLink = 'EXISTS (SELECT 1 FROM "orders_customer_lnk" l1 WHERE l1."order_id" = t0."id")';
    expect(render({ customer: { $null: true } }).sql).toBe(`NOT ${anyLink}`);
    expect(render({ customer: { $null: false } }).sql).toBe(anyLink);
    expect(render({ customer: { $notNull: true } }).sql).toBe(anyLink);
    expect(definitionError({ customer: { $notNull: 1 } })).toBe('customer.$notNull: $notNull takes true or false');
  });

  test('$or inside a relation applies to the related row', () => {
    expect(render({ customer: { $or: [{ tier: 'pro' }, { email: 'a@b.c' }] } })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_SUB} AND (t1."tier" = ? OR t1."email" = ?))`,
      bindings: ['pro', 'a@b.c'],
    });
  });

  test('$not wrapping nested fields inside a relation negates the related condition', () => {
    // Strapi syntax: { customer: { $not: { tier: 'free' } } } (docs/endpoints.md#properties: relations by nesting).
    expect(render({ customer: { $not: { tier: 'free' } } })).toEqual({
      sql: `t0."id" IN (${CUSTOMER_SUB} AND NOT (t1."tier" = ?))`,
      bindings: ['free'],
    });
  });

  test('relations nest through relations with fresh aliases', () => {
    expect(render({ customer: { user: { id: { $var: 'user.id' } } } }, { 'user.id': 9 })).toEqual({
      sql:
        `t0."id" IN (${CUSTOMER_SUB} AND t1."id" IN (SELECT l2."customer_id" FROM "customers_user_lnk" l2 ` +
        'WHERE l2."customer_id" IS NOT NULL AND l2."user_id" = ?))',
      bindings: [9],
    });
  });

  test('refused: fields of unusable related types and unknown fields; the related id alone is fine', () => {
    expect(definitionError({ products: { title: 'x' } })).toBe(
      'products: fields of api::product.product cannot be used in filters'
    );
    // The related id alone is read from the link table: no need for the related type.
    expect(render({ products: 3 }).sql).toBe(
      't0."id" IN (SELECT l1."order_id" FROM "orders_products_lnk" l1 WHERE l1."order_id" IS NOT NULL AND l1."product_id" = ?)'
    );
    expect(definitionError({ customer: { nickname: 'x' } })).toBe(
      'customer.nickname: unknown field "nickname" on api::customer.customer'
    );
    expect(render({ customer: { $gt: 3 } }).sql).toBe(`t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" > ?)`);
  });
});

describe('relations into a Draft & Publish type', () => {
  const article = {
    ...modelOfFields('api::article.article', 'articles', [scalar('id', 'integer'), scalar('title', 'string')]),
    draftAndPublish: true,
  };
  const guide = {
    ...relation('guide', article.uid, false, {
      table: 'products_guide_lnk',
      ownerColumn: 'product_id',
      targetColumn: 'article_id',
    }),
    link: {
      table: 'products_guide_lnk',
      targetTable: 'articles',
      ownerColumn: 'product_id',
      targetColumn: 'article_id',
      orderColumn: null,
      inverseOrderColumn: null,
    },
    targetDraftAndPublish: true,
  } as ModelField;
  const product = modelOfFields('api::product.product', 'products', [scalar('id', 'integer'), guide]);
  const compileOn = (owner: Model, filter: unknown, status?: 'published' | 'draft') =>
    renderPredicate(
      compileFilter(filter, owner, 't0', { dialect: 'sqlite', modelOf: () => article, variables: [], status }),
      {},
      []
    );
  const JOINED = 'FROM "products_guide_lnk" l1 JOIN "articles" t1 ON t1."id" = l1."article_id"';

  test('conditions see the related rows of the status read, even on the related id alone', () => {
    expect(compileOn(product, { guide: { title: 'A' } })).toBe(
      `t0."id" IN (SELECT l1."product_id" ${JOINED} WHERE l1."product_id" IS NOT NULL AND t1."published_at" IS NOT NULL AND t1."title" = ?)`
    );
    expect(compileOn(product, { guide: 5 }, 'draft')).toBe(
      `t0."id" IN (SELECT l1."product_id" ${JOINED} WHERE l1."product_id" IS NOT NULL AND t1."published_at" IS NULL AND l1."article_id" = ?)`
    );
    expect(compileOn(product, { guide: null })).toBe(
      `NOT EXISTS (SELECT 1 ${JOINED} WHERE l1."product_id" = t0."id" AND t1."published_at" IS NOT NULL)`
    );
  });

  // A related record's id is its draft's (query/record-id.ts): the published row related is found by document.
  const BY_DRAFT = 't1."document_id" IN (SELECT r2."document_id" FROM "articles" r2 WHERE r2."published_at" IS NULL';

  test('without a status, a Draft & Publish row leads to its own version: no condition', () => {
    const draftable = { ...product, draftAndPublish: true };
    expect(compileOn(draftable, { guide: 5 })).toBe(
      `t0."id" IN (SELECT l1."product_id" ${JOINED} WHERE l1."product_id" IS NOT NULL AND ${BY_DRAFT} AND r2."id" = ?))`
    );
    expect(compileOn(product, { guide: 5 })).toContain('t1."published_at" IS NOT NULL');
  });

  test("a record's id is its draft's id on a Draft & Publish type; drafts read are their own", () => {
    expect(compileOn(article, { id: { $gt: 7 } })).toBe(
      't0."document_id" IN (SELECT r1."document_id" FROM "articles" r1 WHERE r1."published_at" IS NULL AND r1."id" > ?)'
    );
    expect(compileOn({ ...article, localized: true }, { id: 7 })).toBe(
      '(t0."document_id", t0."locale") IN (SELECT r1."document_id", r1."locale" FROM "articles" r1 WHERE r1."published_at" IS NULL AND r1."id" = ?)'
    );
    expect(compileOn(article, { id: 7 }, 'draft')).toBe('t0."id" = ?');
    expect(compileOn(product, { id: 7 })).toBe('t0."id" = ?');
  });
});
