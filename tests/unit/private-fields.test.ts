import type { ObjectDescription } from '../../contracts/objects';
import { privateLookingFields, SITE_USER_TYPE } from '../../admin/src/builder/privateFields';

const customer: ObjectDescription = {
  uid: 'api::customer.customer',
  displayName: 'Customer',
  kind: 'collectionType',
  draftAndPublish: false,
  documentService: false,
  localized: false,
  fields: [
    { name: 'name', type: 'string', exposable: true, writable: true },
    { name: 'contact', type: 'email', exposable: true, writable: true },
    {
      name: 'owner',
      type: 'relation',
      exposable: true,
      writable: true,
      relation: { target: SITE_USER_TYPE, many: false },
    },
  ],
};

const listOf = (names: string[], object = customer.uid) => ({
  type: 'list' as const,
  object,
  fields: names.map((name) => ({ name })),
  aggregate: '',
});

describe('privateLookingFields', () => {
  test.each([
    'email',
    'phoneNumber',
    'password',
    'resetPasswordToken',
    'apiSecret',
    'billing_address',
    'dateOfBirth',
    'birthday',
    'lastLoginIP',
    'ip',
    'ip_address',
  ])('%s looks private', (name) => {
    expect(privateLookingFields(listOf([name]), customer)).toEqual([name]);
  });

  test.each(['name', 'shipping', 'description', 'zip', 'slug', 'title'])('%s does not', (name) => {
    expect(privateLookingFields(listOf([name]), customer)).toEqual([]);
  });

  test('an email-typed field, and a relation to site users, look private whatever their names', () => {
    expect(privateLookingFields(listOf(['name', 'contact', 'owner']), customer)).toEqual(['contact', 'owner']);
  });

  test("an aggregate's groups and measured fields count, a related field's name too", () => {
    const aggregate = JSON.stringify({
      dimensions: [{ variable: 'g', field: 'customer.email' }],
      measures: [
        { variable: 'n', op: 'count' },
        { variable: 't', op: 'text', field: 'name' },
      ],
    });
    expect(privateLookingFields({ type: 'aggregate', object: customer.uid, fields: [], aggregate }, customer)).toEqual([
      'customer.email',
    ]);
  });

  test("a related record's fields count by their path", () => {
    const draft = {
      ...listOf([]),
      fields: [{ name: 'name' }, { name: 'orders', fields: [{ name: 'id' }, { name: 'billingAddress' }] }],
    };
    expect(privateLookingFields(draft, customer)).toEqual(['orders.billingAddress']);
  });

  test('the site users type itself is named', () => {
    expect(privateLookingFields(listOf(['username'], SITE_USER_TYPE), undefined)).toEqual([SITE_USER_TYPE]);
  });
});
