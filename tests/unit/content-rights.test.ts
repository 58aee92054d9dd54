import { definitionSchema } from '../../contracts/definition';
import { formatPath } from '../../contracts/problems';
import { componentLeavesIn } from '../../server/src/auth/component-leaves';
import { rightsOf, type ContentRight } from '../../server/src/auth/content-rights';
import { describeMissing, missingRights, type AdminPermission } from '../../server/src/auth/rights-check';

const ORDER = 'api::order.order';
const CUSTOMER = 'api::customer.customer';
const USER = 'plugin::users-permissions.user';
const LOG = 'api::log.log';
const ARTICLE = 'api::article.article';
const RELATIONS: Record<string, string> = {
  [`${ORDER}.customer`]: CUSTOMER,
  [`${CUSTOMER}.user`]: USER,
  ['shared.link.article']: ARTICLE,
};
const targetOf = (uid: string, field: string) => RELATIONS[`${uid}.${field}`] ?? null;

/** The playground's blog post, as Strapi's schemas describe it (the parts the rights read). */
const POST = 'api::post.post';
const component = (uid: string) => ({ type: 'component', component: uid });
const SCHEMAS: Record<string, { attributes: Record<string, { type: string; component?: string; visible?: boolean }> }> =
  {
    [POST]: {
      attributes: {
        title: { type: 'string' },
        seo: component('shared.seo'),
        links: { ...component('shared.link'), repeatable: true } as { type: string },
        blocks: { type: 'dynamiczone' },
        empty: component('shared.empty'),
      },
    },
    'shared.seo': {
      attributes: {
        metaTitle: { type: 'string' },
        metaDescription: { type: 'text' },
        shareImage: { type: 'media' },
        social: component('shared.social-card'),
        internal: { type: 'string', visible: false },
      },
    },
    'shared.social-card': { attributes: { network: { type: 'enumeration' }, title: { type: 'string' } } },
    'shared.link': { attributes: { label: { type: 'string' }, article: { type: 'relation' } } },
    'shared.empty': { attributes: {} },
  };
const leavesOf = componentLeavesIn(
  (uid) => (uid.includes('::') ? SCHEMAS[uid] : undefined),
  (uid) => (uid.includes('::') ? undefined : SCHEMAS[uid])
);

const componentsIn = (uid: string, field: string) => {
  const attribute = SCHEMAS[uid]?.attributes[field];
  return attribute?.type === 'component' ? [attribute.component!] : [];
};

const needs = (definition: Record<string, unknown>) =>
  rightsOf(
    definitionSchema.parse({
      name: 'x',
      path: 'x',
      object: ORDER,
      auth: { method: 'api-key', keys: [1] },
      ...definition,
    }),
    targetOf,
    leavesOf,
    componentsIn
  ).map(
    ({ action, uid, field, where }) => `${formatPath(where)}: ${action} ${uid}${field === null ? '' : `.${field}`}`
  );

const v = (name: string) => ({ $var: name });

describe('what a definition needs (rightsOf)', () => {
  test('a List reads its type, the fields it returns, filters on and sorts on, following relations', () => {
    expect(
      needs({
        type: 'list',
        fields: [{ name: 'id' }, { name: 'total' }, { name: 'customer' }],
        filter: {
          $or: [{ status: 'paid' }, { customer: { tier: { $in: ['pro'] }, user: { id: { $eq: v('user.id') } } } }],
          $not: { quantity: { $gt: 5 } },
        },
        sort: [{ field: 'orderedAt', dir: 'desc' }],
      })
    ).toEqual([
      `object: read ${ORDER}`,
      `fields: read ${ORDER}.id`,
      `fields: read ${ORDER}.total`,
      `fields: read ${ORDER}.customer`,
      `filter: read ${ORDER}.status`,
      `filter: read ${ORDER}.customer`,
      `filter: read ${CUSTOMER}.tier`,
      `filter: read ${CUSTOMER}.user`,
      `filter: read ${ORDER}.quantity`,
      `sort: read ${ORDER}.orderedAt`,
    ]);
  });

  test('related fields read the related type and each field they answer, at every level', () => {
    expect(
      needs({
        type: 'list',
        fields: [{ name: 'customer', fields: [{ name: 'name' }, { name: 'user', fields: [{ name: 'username' }] }] }],
      })
    ).toEqual([
      `object: read ${ORDER}`,
      `fields: read ${ORDER}.customer`,
      `fields: read ${CUSTOMER}`,
      `fields: read ${CUSTOMER}.name`,
      `fields: read ${CUSTOMER}.user`,
      `fields: read ${USER}`,
      `fields: read ${USER}.username`,
    ]);
  });

  test('relations inside components and translations read what they answer', () => {
    expect(
      needs({
        type: 'list',
        object: POST,
        fields: [
          { name: 'links', fields: [{ name: 'article', fields: [{ name: 'title' }] }] },
          { name: 'localizations', fields: [{ name: 'title' }] },
        ],
      })
    ).toEqual([
      `object: read ${POST}`,
      `fields: read ${POST}.links.label`,
      `fields: read ${POST}.links.article`,
      `fields: read ${ARTICLE}`,
      `fields: read ${ARTICLE}.title`,
      `fields: read ${POST}`,
      `fields: read ${POST}.title`,
    ]);
  });

  test('a related id is the relation’s own value: it needs no right on the related type', () => {
    expect(needs({ type: 'list', fields: [{ name: 'id' }], filter: { customer: { id: 3 } } })).toEqual([
      `object: read ${ORDER}`,
      `fields: read ${ORDER}.id`,
      `filter: read ${ORDER}.customer`,
    ]);
  });

  test('an Aggregate reads its dimensions (through a relation), measures and query filters', () => {
    expect(
      needs({
        type: 'aggregate',
        aggregate: {
          dimensions: [{ variable: 'tier', field: 'customer.tier' }],
          measures: [
            { variable: 'n', op: 'count' },
            { variable: 'revenue', op: 'sum', field: 'total' },
          ],
          queryFilters: [{ param: 'from', field: 'orderedAt', op: 'gt' }],
        },
      })
    ).toEqual([
      `object: read ${ORDER}`,
      `aggregate.dimensions: read ${ORDER}.customer`,
      `aggregate.dimensions: read ${CUSTOMER}.tier`,
      `aggregate.measures: read ${ORDER}.total`,
      `aggregate.queryFilters: read ${ORDER}.orderedAt`,
    ]);
  });

  test('a Create creates its accepted and preset fields and reads what its filter checks', () => {
    expect(
      needs({
        type: 'create',
        fields: [{ name: 'quantity', required: true }],
        presets: { customer: v('param') },
        parameter: 'required',
        filter: { status: 'pending' },
      })
    ).toEqual([
      `object: create ${ORDER}`,
      `fields: create ${ORDER}.quantity`,
      `presets: create ${ORDER}.customer`,
      `filter: read ${ORDER}.status`,
    ]);
  });

  test('a Modify updates; a Delete deletes and reads its filter; publishing needs publish', () => {
    expect(
      needs({ type: 'modify', parameter: 'required', fields: [{ name: 'note' }], filter: { status: 'pending' } })
    ).toEqual([`object: update ${ORDER}`, `fields: update ${ORDER}.note`, `filter: read ${ORDER}.status`]);
    expect(needs({ type: 'delete', parameter: 'required', filter: { customer: { user: { id: 1 } } } })).toEqual([
      `object: delete ${ORDER}`,
      `filter: read ${ORDER}.customer`,
      `filter: read ${CUSTOMER}.user`,
    ]);
    expect(needs({ type: 'delete', parameter: 'required', object: 'api::article.article', publish: true })).toEqual([
      'object: delete api::article.article',
      'publish: publish api::article.article',
    ]);
  });

  test('tasks: what each action writes, what its filter and conditions read, and the record values it copies', () => {
    expect(
      needs({
        type: 'modify',
        parameter: 'required',
        fields: [{ name: 'note' }],
        tasks: [
          {
            action: 'raise-error',
            when: { not: { exists: { object: LOG, filter: { ref: v('record.id') } } } },
            message: 'no',
          },
          { action: 'raise-error', when: { all: [{ match: { status: 'paid' } }] }, message: 'paid' },
          { action: 'create-record', object: LOG, values: { message: v('previous.note'), ref: v('param') } },
          { action: 'update-records', object: CUSTOMER, filter: { email: 'a@b.c' }, values: { tier: 'pro' } },
          { action: 'delete-records', object: LOG, filter: { ref: 1 } },
        ],
      })
    ).toEqual([
      `object: update ${ORDER}`,
      `fields: update ${ORDER}.note`,
      `tasks[0]: read ${ORDER}.id`,
      `tasks[0]: read ${LOG}`,
      `tasks[0]: read ${LOG}.ref`,
      `tasks[1]: read ${ORDER}.status`,
      `tasks[2]: read ${ORDER}.note`,
      `tasks[2]: create ${LOG}`,
      `tasks[2]: create ${LOG}.message`,
      `tasks[2]: create ${LOG}.ref`,
      `tasks[3]: update ${CUSTOMER}`,
      `tasks[3]: update ${CUSTOMER}.tier`,
      `tasks[3]: read ${CUSTOMER}.email`,
      `tasks[4]: delete ${LOG}`,
      `tasks[4]: read ${LOG}.ref`,
    ]);
  });
});

describe('components: the Content Manager grants their fields one by one (leaf paths)', () => {
  test('the leaves of a component, nested ones included, as @strapi/admin lists them; a dynamic zone is one field', () => {
    expect(leavesOf(POST, 'seo')).toEqual([
      'seo.metaTitle',
      'seo.metaDescription',
      'seo.shareImage',
      'seo.social.network',
      'seo.social.title',
    ]);
    expect(leavesOf(POST, 'seo.social')).toEqual(['seo.social.network', 'seo.social.title']);
    expect(leavesOf(POST, 'empty')).toEqual(['empty']);
    expect(leavesOf(POST, 'blocks')).toBeNull();
    expect(leavesOf(POST, 'title')).toBeNull();
    expect(leavesOf(POST, 'seo.metaTitle')).toBeNull();
    expect(leavesOf(ORDER, 'seo')).toBeNull();
  });

  test('a List returning components reads each of their leaves; its filter reads the sub-fields it compares', () => {
    expect(
      needs({
        type: 'list',
        object: POST,
        fields: [{ name: 'seo' }, { name: 'links' }, { name: 'blocks' }],
        filter: { seo: { metaTitle: { $containsi: 'x' }, $or: [{ metaDescription: null }] }, title: 'T' },
      })
    ).toEqual([
      `object: read ${POST}`,
      `fields: read ${POST}.seo.metaTitle`,
      `fields: read ${POST}.seo.metaDescription`,
      `fields: read ${POST}.seo.shareImage`,
      `fields: read ${POST}.seo.social.network`,
      `fields: read ${POST}.seo.social.title`,
      `fields: read ${POST}.links.label`,
      `fields: read ${POST}.links.article`,
      `fields: read ${POST}.blocks`,
      `filter: read ${POST}.seo.metaTitle`,
      `filter: read ${POST}.seo.metaDescription`,
      `filter: read ${POST}.title`,
    ]);
  });

  test('writing a component creates or updates each of its leaves (fields, presets, task values)', () => {
    expect(
      needs({
        type: 'modify',
        object: POST,
        parameter: 'required',
        fields: [{ name: 'links' }],
        tasks: [{ action: 'update-records', object: POST, filter: { title: 'T' }, values: { seo: v('input.seo') } }],
      }).filter((line) => !line.includes(' read '))
    ).toEqual([
      `object: update ${POST}`,
      `fields: update ${POST}.links.label`,
      `fields: update ${POST}.links.article`,
      `tasks[0]: update ${POST}`,
      `tasks[0]: update ${POST}.seo.metaTitle`,
      `tasks[0]: update ${POST}.seo.metaDescription`,
      `tasks[0]: update ${POST}.seo.shareImage`,
      `tasks[0]: update ${POST}.seo.social.network`,
      `tasks[0]: update ${POST}.seo.social.title`,
    ]);
    expect(needs({ type: 'create', object: POST, fields: [{ name: 'title' }], presets: { empty: {} } })).toEqual([
      `object: create ${POST}`,
      `fields: create ${POST}.title`,
      `presets: create ${POST}.empty`,
    ]);
  });

  test('a permission listing some leaves of a component lacks the others', () => {
    const rights = rightsOf(
      definitionSchema.parse({
        name: 'x',
        path: 'x',
        type: 'list',
        object: POST,
        auth: { method: 'api-key', keys: [1] },
        fields: [{ name: 'seo' }],
      }),
      targetOf,
      leavesOf
    );
    const granted = (fields: string[]) => [
      { action: 'plugin::content-manager.explorer.read', subject: POST, properties: { fields }, conditions: [] },
    ];
    const all = ['seo.metaTitle', 'seo.metaDescription', 'seo.shareImage', 'seo.social.network', 'seo.social.title'];
    expect(missingRights(rights, granted(all), () => null)).toEqual([]);
    expect(missingRights(rights, granted(all.slice(0, 4)), () => null).map(describeMissing)).toEqual([
      `read ${POST}.seo.social.title (Content Manager permission missing)`,
    ]);
  });
});

describe('which rights an admin lacks (missingRights)', () => {
  const read = (field: string | null, uid = ORDER): ContentRight => ({ action: 'read', uid, field, where: ['fields'] });
  const permission = (subject: string, properties: AdminPermission['properties'], conditions: string[] = []) => ({
    action: 'plugin::content-manager.explorer.read',
    subject,
    properties,
    conditions,
  });
  const lacking = (rights: ContentRight[], permissions: AdminPermission[], locales: string[] | null = null) =>
    missingRights(rights, permissions, () => locales).map(describeMissing);

  test('listed fields, their parents (components), no list (all fields) and the fields always shown', () => {
    const granted = [permission(ORDER, { fields: ['total', 'seo'] })];
    expect(lacking([read('total'), read('seo.metaTitle'), read('id'), read('createdAt'), read(null)], granted)).toEqual(
      []
    );
    expect(lacking([read('note'), read('totalled')], granted)).toEqual([
      `read ${ORDER}.note (Content Manager permission missing)`,
      `read ${ORDER}.totalled (Content Manager permission missing)`,
    ]);
    expect(lacking([read('note')], [permission(ORDER, {})])).toEqual([]);
    expect(lacking([read('id')], [permission(ORDER, { fields: [] })])).toEqual([
      `read ${ORDER}.id (Content Manager permission missing)`,
    ]);
    expect(lacking([read('total')], [permission(CUSTOMER, { fields: null })])).toHaveLength(1);
  });

  test('a conditional permission does not count; a localized type needs every locale', () => {
    expect(lacking([read('total')], [permission(ORDER, { fields: ['total'] }, ['admin::is-creator'])])).toEqual([
      `read ${ORDER}.total (only with a condition; an endpoint reaches every record)`,
    ]);
    expect(lacking([read('total')], [permission(ORDER, { fields: null, locales: ['en'] })], ['en', 'fr'])).toEqual([
      `read ${ORDER}.total (not for every locale)`,
    ]);
    expect(lacking([read('total')], [permission(ORDER, { locales: ['en', 'fr'] })], ['en', 'fr'])).toEqual([]);
    expect(lacking([read('total')], [permission(ORDER, { locales: null })], ['en', 'fr'])).toEqual([]);
    expect(lacking([read('total')], [permission(ORDER, {})], ['en'])).toHaveLength(1);
  });

  test('`locale` is shown with every record of a translated type: no permission lists it, every locale it needs', () => {
    // i18n registers `locale` as not visible, so the Content Manager never offers it among a permission's fields.
    const granted = [permission(ORDER, { fields: ['total'], locales: ['en', 'fr'] })];
    expect(lacking([read('locale'), read('total')], granted, ['en', 'fr'])).toEqual([]);
    expect(
      lacking([read('locale')], [permission(ORDER, { fields: ['total'], locales: ['en'] })], ['en', 'fr'])
    ).toEqual([`read ${ORDER}.locale (not for every locale)`]);
  });
});
