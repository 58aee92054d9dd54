import { buildListSql, listedRecordId, listedColumn } from '../../server/src/query/list-sql';
import type { Model, ScalarField } from '../../server/src/query/model';
import type { Status } from '../../server/src/query/status';
import { modelOf, scalar } from '../helpers/models';

/**
 * A Draft & Publish record's id is its draft row's (server/src/query/record-id.ts): a List of published rows joins
 * each row's draft and sorts by the draft's primary key, so a first page or a keyset page of a large table reads
 * the drafts in key order instead of looking a draft up for every row.
 */
const article = (localized: boolean): Model => ({
  ...modelOf('api::article.article', 'articles', [scalar('id', 'integer'), scalar('title', 'string')]),
  draftAndPublish: true,
  localized,
});

const listOf = (model: Model, status: Status) => {
  const fields = ['id', 'title'].map((name) =>
    listedColumn(model, model.fields.get(name) as ScalarField, 'sqlite', status)
  );
  const select = {
    expressions: fields.map((f) => f.expression),
    columns: fields.map((f, i) => ({ name: `c${i}`, codec: f.codec })),
  };
  const id = model.fields.get('id') as ScalarField;
  return buildListSql(
    model,
    select,
    [{ field: id, dir: 'asc' }],
    status,
    'sqlite',
    listedRecordId(model, status, 'sqlite')
  );
};

const DRAFT_OF_T0 = 't0_d."document_id" = t0."document_id" AND t0_d."published_at" IS NULL';

test('published rows answer, sort and count by the joined draft', () => {
  const sql = listOf(article(false), 'published');
  expect(sql.page('dr."id" > ?', false)).toBe(
    `SELECT COALESCE((SELECT MIN(t0_d."id") FROM "articles" t0_d WHERE ${DRAFT_OF_T0}), t0."id") AS c0, t0."title" AS c1 ` +
      'FROM "articles" t0 JOIN "articles" dr ON dr."document_id" = t0."document_id" AND dr."published_at" IS NULL ' +
      'WHERE dr."id" > ? ORDER BY dr."id" ASC LIMIT 101 OFFSET ?'
  );
  expect(sql.count('dr."id" > ?')).toBe(
    'SELECT COUNT(*) AS n FROM "articles" t0 JOIN "articles" dr ON dr."document_id" = t0."document_id" AND dr."published_at" IS NULL WHERE dr."id" > ?'
  );
  expect(listedRecordId(article(false), 'published', 'sqlite').id).toBe('dr."id"');
});

test('a translated type finds the draft of the same locale', () => {
  expect(listOf(article(true), 'published').page('1=1', false)).toContain(
    'JOIN "articles" dr ON dr."document_id" = t0."document_id" AND dr."locale" = t0."locale" AND dr."published_at" IS NULL'
  );
});

test('drafts read are their own records: no join', () => {
  const sql = listOf(article(false), 'draft');
  expect(sql.page('1=1', false)).toBe(
    'SELECT t0."id" AS c0, t0."title" AS c1 FROM "articles" t0 WHERE 1=1 ORDER BY t0."id" ASC LIMIT 101 OFFSET ?'
  );
  expect(listedRecordId(article(false), 'draft', 'sqlite')).toEqual({ join: null, id: 't0."id"' });
});
