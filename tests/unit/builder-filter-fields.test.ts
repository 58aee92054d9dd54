import type { ObjectDescription, ObjectField } from '../../contracts/objects';
import { filterFields, isFilterPath } from '../../admin/src/builder/fieldChoices';
import { typeAtPath } from '../../admin/src/builder/fieldTypes';

const scalar = (name: string, type = 'string'): ObjectField => ({ name, type, exposable: true, writable: true });
const relation = (name: string, target: string): ObjectField => ({
  ...scalar(name, 'relation'),
  relation: { target, many: false },
});
const object = (uid: string, fields: ObjectField[]): ObjectDescription => ({
  uid,
  displayName: uid,
  kind: 'collectionType',
  draftAndPublish: false,
  documentService: false,
  localized: false,
  fields: [scalar('id', 'integer'), ...fields],
});

const user = object('plugin::users-permissions.user', [scalar('email', 'email')]);
const customer = object('api::customer.customer', [scalar('tier', 'enumeration'), relation('user', user.uid)]);
const seo = {
  ...scalar('seo', 'component'),
  component: {
    uid: 'shared.seo',
    displayName: 'Seo',
    repeatable: false,
    fields: [{ ...scalar('metaTitle'), filterable: true }],
  },
};
const order = object('api::order.order', [
  scalar('quantity', 'integer'),
  scalar('details', 'blocks'),
  { ...scalar('attachment', 'media') },
  relation('customer', customer.uid),
  seo,
]);
const objects = [user, customer, order];

describe('the paths a filter condition offers and takes (builder/fieldChoices.ts)', () => {
  test("the type's own paths, then those one relation away (ids of relations there too)", () => {
    expect(filterFields(order, objects)).toEqual([
      'id',
      'quantity',
      'customer.id',
      'seo.metaTitle',
      'customer.tier',
      'customer.user.id',
    ]);
    // Without the other types described, the type's own paths.
    expect(filterFields(order)).toEqual(['id', 'quantity', 'customer.id', 'seo.metaTitle']);
  });

  test('a list that would grow past what the combobox shows keeps to the paths it has', () => {
    const wide = object(
      'api::wide.wide',
      Array.from({ length: 99 }, (_, i) => scalar(`f${i}`))
    );
    const pointing = object('api::p.p', [
      relation('wide', wide.uid),
      ...Array.from({ length: 5 }, (_, i) => scalar(`g${i}`)),
    ]);
    expect(filterFields(pointing, [wide, pointing])).toHaveLength(7);
  });

  test.each([
    ['quantity', true],
    ['customer.id', true],
    ['customer.user.email', true],
    ['seo.metaTitle', true],
    ['colour', false],
    ['customer', false],
    ['attachment', false],
    ['details', false],
    ['seo', false],
    ['customer.colour', false],
    ['quantity.id', false],
    ['', false],
  ])('%s: %s', (path, known) => {
    expect(isFilterPath(path, order, objects)).toBe(known);
  });
});

describe('the type of the field a filter path names (builder/fieldTypes.ts)', () => {
  test.each([
    ['quantity', 'integer'],
    ['customer.id', 'integer'],
    ['customer.tier', 'enumeration'],
    ['customer.user.email', 'email'],
    ['seo.metaTitle', 'string'],
    ['colour', undefined],
    ['quantity.id', undefined],
  ])('%s: %s', (path, type) => {
    expect(typeAtPath(path, order, objects)).toBe(type);
  });
});
