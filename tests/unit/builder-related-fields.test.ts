import type { ObjectDescription, ObjectField } from '../../contracts/objects';
import { payloadOf, emptyDraft } from '../../admin/src/builder/draft';
import { cyclingRelations } from '../../admin/src/builder/relationCycles';
import {
  dropField,
  fieldsFromJson,
  insideChoices,
  putField,
  recordChoices,
  relatedObject,
  withFields,
  withLimit,
} from '../../admin/src/builder/relatedFields';

const text = (name: string): ObjectField => ({ name, type: 'string', exposable: true, writable: true });
const relation = (name: string, target: string, many = false): ObjectField => ({
  name,
  type: 'relation',
  exposable: true,
  writable: true,
  relation: { target, many },
});
const object = (uid: string, fields: ObjectField[], localized = false): ObjectDescription => ({
  uid,
  displayName: uid,
  kind: 'collectionType',
  draftAndPublish: false,
  documentService: false,
  localized,
  fields,
});

const category = object('api::category.category', [text('name')], true);
const page = object('api::page.page', [text('slug')]);
const button = { uid: 'elements.button', displayName: 'Button', fields: [text('label'), relation('page', page.uid)] };
const cta = {
  uid: 'blocks.cta',
  displayName: 'CTA',
  fields: [
    text('title'),
    { ...text('buttons'), type: 'component', component: { ...button, repeatable: true } },
    relation('admin', 'admin::user'),
  ],
};
const hero = { uid: 'blocks.hero', displayName: 'Hero', fields: [text('title'), relation('page', page.uid)] };
const sections: ObjectField = { ...text('sections'), type: 'dynamiczone', components: [cta, hero] };
const objects = [category, page];

test('a translated type offers its other translations as a to-many relation to itself', () => {
  expect(recordChoices(category).map((f) => f.name)).toEqual(['name', 'localizations']);
  expect(recordChoices(category)[1].relation).toEqual({ target: category.uid, many: true });
  expect(recordChoices(page).map((f) => f.name)).toEqual(['slug']);
});

test('a relation opens on a type endpoints answer, while the depth limit leaves room', () => {
  expect(relatedObject(relation('category', category.uid), objects, 0)).toBe(category);
  expect(relatedObject(relation('category', category.uid), objects, 2)).toBe(category);
  expect(relatedObject(relation('category', category.uid), objects, 3)).toBeUndefined();
  expect(relatedObject(relation('owner', 'admin::user'), objects, 0)).toBeUndefined();
  expect(relatedObject(text('name'), objects, 0)).toBeUndefined();
});

test('a dynamic zone offers each name of a relation or component holding one once, across its components', () => {
  expect(insideChoices(sections, objects, 0).map((f) => f.name)).toEqual(['buttons', 'page']);
  expect(
    insideChoices({ ...text('seo'), type: 'component', component: { ...hero, repeatable: false } }, objects, 0)
  ).toHaveLength(1);
  // At the depth limit nothing inside can answer records.
  expect(insideChoices(sections, objects, 3)).toEqual([]);
});

test('the fields tree: chosen fields, a cap per record, back to ids when nothing is chosen', () => {
  let fields = putField([{ name: 'title' }], { name: 'category' });
  fields = putField(fields, withFields({ name: 'category' }, [{ name: 'name' }, { name: 'localizations' }]));
  fields = putField(fields, withLimit(fields[1], 5));
  expect(fields).toEqual([
    { name: 'title' },
    { name: 'category', fields: [{ name: 'name' }, { name: 'localizations' }], limit: 5 },
  ]);
  expect(withLimit(fields[1], undefined)).toEqual({
    name: 'category',
    fields: [{ name: 'name' }, { name: 'localizations' }],
  });
  expect(withFields(fields[1], [])).toEqual({ name: 'category', limit: 5 });
  expect(dropField(fields, 'category')).toEqual([{ name: 'title' }]);
});

test('fields typed as JSON are read with the definition schema, naming what is wrong', () => {
  const typed = [{ name: 'links', fields: [{ name: 'article', fields: [{ name: 'title' }], limit: 3 }] }];
  expect(fieldsFromJson(JSON.stringify(typed))).toEqual({ fields: typed });
  expect(fieldsFromJson('[{"name": "links"')).toEqual({ problem: expect.stringContaining('not valid JSON') });
  expect(fieldsFromJson('[{"name": "tags", "limit": 0}]')).toEqual({
    problem: expect.stringMatching(/^\[0\]\.limit: /),
  });
  expect(fieldsFromJson('{"name": "tags"}')).toEqual({ problem: expect.any(String) });
});

test('only a List sends related fields: another type keeps the names (and required)', () => {
  const fields = [
    { name: 'category', fields: [{ name: 'name' }], limit: 2 },
    { name: 'title', required: true },
  ];
  expect(payloadOf({ ...emptyDraft(), type: 'list', fields }, undefined).fields).toEqual(fields);
  expect(payloadOf({ ...emptyDraft(), type: 'create', fields }, undefined).fields).toEqual([
    { name: 'category' },
    { name: 'title', required: true },
  ]);
});

describe('related fields that lead back to a type on their path', () => {
  const article = object('api::article.article', [
    text('title'),
    relation('relatedArticles', 'api::article.article', true),
    relation('category', category.uid),
  ]);
  const site = object(page.uid, [text('slug'), sections]);
  const all = [article, category, site];

  test('a relation to the type itself, or through others and components back to one on the path', () => {
    expect(
      cyclingRelations(
        [{ name: 'relatedArticles', fields: [{ name: 'title' }, { name: 'relatedArticles', fields: [] }] }],
        article,
        all
      )
    ).toEqual(['relatedArticles']);
    // page -> sections (a dynamic zone) -> buttons (a component) -> page
    const buttons = [
      { name: 'sections', fields: [{ name: 'buttons', fields: [{ name: 'page', fields: [{ name: 'slug' }] }] }] },
    ];
    expect(cyclingRelations(buttons, site, all)).toEqual(['sections.buttons.page']);
    // Each level that cycles is named.
    const twice = [{ name: 'relatedArticles', fields: [{ name: 'relatedArticles', fields: [{ name: 'title' }] }] }];
    expect(cyclingRelations(twice, article, all)).toEqual(['relatedArticles', 'relatedArticles.relatedArticles']);
  });

  test('relations to other types, ids without fields and translations are no cycle', () => {
    expect(cyclingRelations([{ name: 'category', fields: [{ name: 'name' }] }], article, all)).toEqual([]);
    expect(cyclingRelations([{ name: 'relatedArticles' }], article, all)).toEqual([]);
    expect(cyclingRelations([{ name: 'localizations', fields: [{ name: 'name' }] }], category, all)).toEqual([]);
    expect(cyclingRelations([{ name: 'relatedArticles', fields: [] }], undefined, all)).toEqual([]);
  });
});
