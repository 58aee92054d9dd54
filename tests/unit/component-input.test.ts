import { definitionSchema } from '../../contracts/definition';
import { FieldError } from '../../server/src/errors/field-error';
import { compileInput } from '../../server/src/writes/input';
import { nestedFileDataLength } from '../../server/src/writes/nested-files';
import { fieldOfValidationError } from '../../server/src/writes/validation-path';
import { definitionErrorOf } from '../helpers/errors';
import { componentField, componentModel, dynamicZone, media, modelOf, relation, scalar } from '../helpers/models';

const social = componentModel('shared.social-card', [
  scalar('network', 'enumeration', 'network', { enum: ['mastodon', 'bluesky'], required: true }),
  scalar('title', 'string'),
]);
const seo = componentModel('shared.seo', [
  scalar('metaTitle', 'string', 'meta_title', { required: true, maxLength: 70 }),
  media('shareImage'),
  scalar('metaDescription', 'text', 'meta_description'),
  componentField('social', social, true, { max: 2 }),
]);
const link = componentModel('shared.link', [
  scalar('label', 'string', 'label', { required: true }),
  scalar('url', 'string'),
  relation('article', 'api::article.article', false, { table: 'l_lnk', ownerColumn: 'link_id', targetColumn: 'a_id' }),
]);
const quote = componentModel('shared.quote', [scalar('title', 'string'), scalar('body', 'text')]);
const slider = componentModel('shared.slider', [media('files', true)]);
const post = modelOf('api::post.post', 'posts', [
  scalar('id', 'integer'),
  scalar('title', 'string'),
  componentField('seo', seo, false),
  componentField('links', link, true),
  dynamicZone('blocks', [quote, slider]),
]);

const compile = (overrides: Record<string, unknown> = {}) =>
  compileInput(
    definitionSchema.parse({
      name: 'Posts',
      path: 'posts',
      type: 'create',
      object: post.uid,
      auth: { method: 'api-key', keys: [1] },
      fields: [{ name: 'title' }, { name: 'seo' }, { name: 'links' }, { name: 'blocks' }],
      ...overrides,
    }),
    post,
    'sqlite',
    [],
    () => null,
    1024
  );

const refusal = (body: Record<string, unknown>) => {
  try {
    compile().parse(body, 0, {});
  } catch (error) {
    if (error instanceof FieldError) return [error.field, error.reason];
    throw error;
  }
  return null;
};

describe('component fields and dynamic zones on writes', () => {
  it('parses nested components, relations and dynamic zone items into new objects', () => {
    const body = {
      seo: { metaTitle: 'T', social: [{ network: 'bluesky' }] },
      links: [{ label: 'L', article: 3 }],
      blocks: [{ __component: 'shared.quote', title: 'Q' }],
    };
    const { values, input } = compile().parse(body, 0, {});
    expect(Object.fromEntries(values)).toEqual(body);
    expect(values.get('seo')).not.toBe(body.seo);
    // Component values are no task variables.
    expect(input).toEqual({});
  });

  it('clears a single component with null and a list with null or []', () => {
    const { values } = compile().parse({ seo: null, links: null, blocks: null }, 0, {});
    expect(Object.fromEntries(values)).toEqual({ seo: null, links: [], blocks: [] });
  });

  it.each([
    [{ seo: {} }, 'seo.metaTitle', undefined],
    [{ seo: { metaTitle: 'x'.repeat(71) } }, 'seo.metaTitle', undefined],
    [{ seo: { metaTitle: 'T', social: [{ network: 'x' }] } }, 'seo.social[0].network', undefined],
    [{ seo: { metaTitle: 'T', social: [{}, {}, {}] } }, 'seo.social', 'at most 2 items'],
    [{ seo: { metaTitle: 'T', other: 1 } }, 'seo.other', 'not a field of shared.seo'],
    [{ seo: 'T' }, 'seo', 'an object of shared.seo fields is expected'],
    [{ links: [{ label: 'a' }, { id: 4, label: 'b' }] }, 'links[1].id', 'a component is written whole, without its id'],
    [{ links: [{ label: 'a', article: 'x' }] }, 'links[0].article', undefined],
    [{ blocks: [{ __component: 'shared.seo' }] }, 'blocks[0].__component', 'one of shared.quote, shared.slider'],
    [{ seo: { metaTitle: 'T', shareImage: 4 } }, 'seo.shareImage', 'a file is {"data": base64, "name": "file.ext"}'],
    [{ blocks: [{ __component: 'shared.quote', nope: 1 }] }, 'blocks[0].nope', 'not a field of shared.quote'],
    [{ blocks: {} }, 'blocks', 'an array is expected'],
  ])('refuses %j at its path', (body, field, reason) => {
    expect(refusal(body)).toEqual([field, reason]);
  });

  it('refuses a preset of a component with a definition error', () => {
    expect(
      definitionErrorOf(() => compile({ fields: [{ name: 'title' }], presets: { seo: { metaTitle: 'T' } } }))
    ).toBe('presets.seo: "seo" is a component; only a client\'s request writes it');
  });
});

describe('files inside components', () => {
  it('count as file data of a body, wherever the schema puts them', () => {
    const body = {
      title: 'x'.repeat(50),
      seo: { metaTitle: 'T', shareImage: { data: 'AAAA', name: 'a.png' } },
      blocks: [
        { __component: 'shared.slider', files: [{ data: 'BBBBBBBB', name: 'b.png' }, { data: 7 }] },
        { __component: 'shared.quote', files: [{ data: 'CCCC', name: 'c.png' }] },
      ],
    };
    const fields = new Map([...post.fields].filter(([name]) => name === 'seo' || name === 'blocks'));
    expect(nestedFileDataLength([body, body], fields)).toBe(24);
  });
});

describe("Strapi's validation errors", () => {
  const error = (path: unknown[]) => ({ name: 'ValidationError', details: { errors: [{ path }] } });

  it('name the value by its path through components and dynamic zones, no deeper', () => {
    const named = (path: unknown[]) => fieldOfValidationError(error(path), post.fields);
    expect(named(['title'])).toBe('title');
    expect(named(['seo', 'metaTitle'])).toBe('seo.metaTitle');
    expect(named(['seo', 'social', '1', 'network'])).toBe('seo.social[1].network');
    expect(named(['links', '1', 'label'])).toBe('links[1].label');
    expect(named(['blocks', '0', 'files', '2'])).toBe('blocks[0].files');
    expect(named(['title', '0', 'children'])).toBe('title');
    expect(named(['other', 'x'])).toBe('other');
    expect(named([])).toBe('');
    expect(fieldOfValidationError(new Error('other'), post.fields)).toBeNull();
  });
});
