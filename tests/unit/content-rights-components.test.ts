import { definitionSchema } from '../../contracts/definition';
import { rightsOf, type ContentRight } from '../../server/src/auth/content-rights';
import { describeMissing, missingRights, type AdminPermission } from '../../server/src/auth/rights-check';
import { ORDER, CUSTOMER, targetOf, POST, leavesOf, needs, v } from '../helpers/content-rights';

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
