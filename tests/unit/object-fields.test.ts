import type { ComponentModel, ModelField } from '../../server/src/query/model';
import { describeField } from '../../server/src/services/objects';
import { componentLink, dynamicZone, media } from '../helpers/models';

/** How the objects list (the endpoint builder's view of a type) describes components and dynamic zones. */

const scalar = (
  name: string,
  type: 'string' | 'integer' = 'string',
  attribute: Record<string, unknown> = {}
): ModelField => ({
  kind: 'scalar',
  name,
  column: name,
  type,
  attribute: { type, ...attribute },
  writable: name !== 'id',
});
const component = (uid: string, fields: ModelField[]): ComponentModel => ({
  uid,
  table: uid.replace('.', '_'),
  fields: new Map(fields.map((f) => [f.name, f])),
});
const componentField = (name: string, model: ComponentModel, repeatable = false): ModelField => ({
  kind: 'component',
  name,
  repeatable,
  component: model,
  link: componentLink(),
  attribute: { type: 'component', component: model.uid, repeatable },
});

const NAMES: Record<string, string> = {
  'shared.seo': 'Seo',
  'shared.social-card': 'Social card',
  'shared.quote': 'Quote',
};
const place = { componentName: (uid: string) => NAMES[uid] ?? uid };

const social = component('shared.social-card', [scalar('id', 'integer'), scalar('title')]);
const seo = component('shared.seo', [
  scalar('id', 'integer'),
  scalar('metaTitle', 'string', { required: true, maxLength: 70 }),
  media('shareImage'),
  componentField('social', social, true),
]);

test('a single component: its fields, the scalar ones filterable by path, none inside a repeatable one', () => {
  const described = describeField(componentField('seo', seo), place);
  expect(described).toMatchObject({ name: 'seo', type: 'component', exposable: true, writable: true });
  expect(described).not.toHaveProperty('filterable');
  expect(described.component).toMatchObject({ uid: 'shared.seo', displayName: 'Seo', repeatable: false });
  const [id, metaTitle, shareImage, nested] = described.component!.fields;
  expect(id).toMatchObject({ name: 'id', writable: false, filterable: true });
  expect(metaTitle).toEqual({
    name: 'metaTitle',
    type: 'string',
    exposable: true,
    writable: true,
    filterable: true,
    required: true,
    maxLength: 70,
  });
  expect(shareImage).toMatchObject({ type: 'media', filterable: false, media: { multiple: false } });
  expect(nested).toMatchObject({ type: 'component', filterable: false, component: { repeatable: true } });
  expect(nested.component!.fields.map((f) => f.filterable)).toEqual([false, false]);
});

test('a repeatable component: no field of it is filterable', () => {
  const described = describeField(componentField('seos', seo, true), place);
  expect(described.component!.repeatable).toBe(true);
  expect(described.component!.fields.every((f) => f.filterable === false)).toBe(true);
});

test('a single component inside a single component: its scalar fields stay filterable', () => {
  const outer = component('shared.outer', [componentField('inner', component('shared.inner', [scalar('code')]))]);
  const described = describeField(componentField('outer', outer), place);
  expect(described.component!.fields[0].component!.fields[0]).toMatchObject({ name: 'code', filterable: true });
});

test('a dynamic zone: its allowed components with their names and fields, none filterable', () => {
  const quote = component('shared.quote', [scalar('title'), scalar('body')]);
  const zone = dynamicZone('blocks', [quote, seo]);
  const described = describeField(zone, place);
  expect(described).toMatchObject({ name: 'blocks', type: 'dynamiczone', exposable: true, writable: true });
  expect(described.components!.map((c) => [c.uid, c.displayName])).toEqual([
    ['shared.quote', 'Quote'],
    ['shared.seo', 'Seo'],
  ]);
  expect(described.components![0].fields).toEqual([
    { name: 'title', type: 'string', exposable: true, writable: true, filterable: false },
    { name: 'body', type: 'string', exposable: true, writable: true, filterable: false },
  ]);
});

test('on a localized type, a field every locale shares says so; the others do not', () => {
  const shared = scalar('position', 'integer', { pluginOptions: { i18n: { localized: false } } });
  expect(describeField(shared, { ...place, localized: true })).toMatchObject({ sharedByLocales: true });
  expect(describeField(scalar('name'), { ...place, localized: true })).not.toHaveProperty('sharedByLocales');
  expect(describeField(shared, place)).not.toHaveProperty('sharedByLocales');
});
