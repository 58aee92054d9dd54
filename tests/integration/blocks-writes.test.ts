import type { Response } from 'supertest';
import { callWithKey, createEndpoint, createKey, knexOf, type KeyFixture } from '../helpers/fixtures';
import { startApp, type AdminClient, type TestApp } from '../helpers/strapi';

/**
 * `blocks` (rich text) fields are checked by Strapi's own validator on every write path: what Strapi's API
 * refuses is a 400 naming the field (the admin's edit page could not open such a record), and what it accepts
 * is stored as Strapi stores it.
 */
const PRODUCT = 'api::product.product';

let app: TestApp;
let admin: AdminClient;
let key: KeyFixture;

const knex = () => knexOf(app);
const call = callWithKey(
  () => app,
  () => key
);
const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });

/** Every kind of block the admin's editor writes. */
const RICH = [
  { type: 'heading', level: 2, children: [text('A heading')] },
  {
    type: 'paragraph',
    children: [
      text('Plain, '),
      text('bold', { bold: true }),
      text(' and '),
      { type: 'link', url: 'https://example.org/page', children: [text('a link')] },
    ],
  },
  {
    type: 'list',
    format: 'unordered',
    children: [
      { type: 'list-item', children: [text('one')] },
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('nested')] }] },
    ],
  },
  {
    type: 'image',
    image: {
      name: 'photo.png',
      alternativeText: 'A photo',
      url: '/uploads/photo.png',
      caption: null,
      width: 40,
      height: 30,
      formats: null,
      hash: 'photo_1a2b',
      ext: '.png',
      mime: 'image/png',
      size: 1.25,
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    children: [text('')],
  },
  { type: 'quote', children: [text('Quoted')] },
  { type: 'code', language: 'js', children: [text('let x = 1;')] },
];

/** Values Strapi's validator refuses, and values it would crash on (a null node). */
const REFUSED: Array<[string, unknown]> = [
  ['numbers', [1, 2, 3]],
  ['an object', {}],
  ['a string', 'text'],
  ['a paragraph without children', [{ type: 'paragraph' }]],
  ['a paragraph with no child', [{ type: 'paragraph', children: [] }]],
  ['an unknown block type', [{ type: 'video', children: [text('x')] }]],
  ['an unknown inline type', [{ type: 'paragraph', children: [{ type: 'emoji', text: 'x' }] }]],
  ['a heading of level 7', [{ type: 'heading', level: 7, children: [text('x')] }]],
  [
    'a link to javascript:',
    [{ type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [text('x')] }] }],
  ],
  ['an image without its file', [{ type: 'image', image: { url: '/x.png' }, children: [text('')] }]],
  ['a null block', [null]],
  ['a null child', [{ type: 'paragraph', children: [null] }]],
];

const invalid = (field: string, where = '') => ({ success: false, error: `Invalid data for field: ${field}${where}` });
const productCount = async () => Number((await knex()('products').count({ n: '*' }))[0].n);
const created = (response: Response): number => {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 201,
    body: { success: true, object: PRODUCT, id: expect.any(Number) },
  });
  return response.body.id;
};
const detailsOf = async (id: number) => {
  const response = await call('get', `/_api/rich?id=${id}`);
  expect(response.status).toBe(200);
  return response.body.items[0].details;
};

// Both write paths: direct SQL (the product type's default) and the Document Service.
describe.each([
  ['direct SQL', 'auto'],
  ['the Document Service', 'always'],
])('blocks written through %s', (_path, mode) => {
  let existing: number;

  beforeAll(async () => {
    app = await startApp({ DATA_API_DOCUMENT_SERVICE: mode });
    admin = await app.admin();
    key = await createKey(admin, 'writer');
    const endpoint = (definition: Record<string, unknown>) =>
      createEndpoint(admin, key, { object: PRODUCT, ...definition });
    await endpoint({ path: 'rich', type: 'create', fields: [{ name: 'title' }, { name: 'details' }] });
    await endpoint({ path: 'rich', type: 'modify', parameter: 'required', fields: [{ name: 'details' }] });
    await endpoint({ path: 'rich', type: 'list', fields: [{ name: 'id' }, { name: 'details' }] });
    await endpoint({
      path: 'tasks/rich',
      type: 'create',
      fields: [{ name: 'title' }],
      tasks: [
        { action: 'create-record', object: PRODUCT, values: { title: 'By a task', details: [{ type: 'paragraph' }] } },
      ],
    });
    existing = created(await call('post', '/_api/rich', { title: 'Existing', details: RICH }));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('stores valid blocks and reads them back equal (Create and Modify)', async () => {
    expect(await detailsOf(existing)).toEqual(RICH);
    const changed = [RICH[1], RICH[0]];
    const response = await call('patch', `/_api/rich/${existing}`, { details: changed });
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { success: true } });
    expect(await detailsOf(existing)).toEqual(changed);
    await call('patch', `/_api/rich/${existing}`, { details: RICH });
  });

  it('stores what Strapi stores: its validator casts a text node of a number to a string', async () => {
    const id = created(
      await call('post', '/_api/rich', {
        title: 'Cast',
        details: [{ type: 'paragraph', children: [{ type: 'text', text: 5 }] }],
      })
    );
    expect(await detailsOf(id)).toEqual([{ type: 'paragraph', children: [text('5')] }]);
  });

  it.each(REFUSED)('refuses %s with a 400, storing nothing', async (_name, value) => {
    const before = await productCount();
    const response = await call('post', '/_api/rich', { title: 'Refused', details: value });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: invalid('details') });
    const many = await call('post', '/_api/rich', [
      { title: 'Fine', details: RICH },
      { title: 'Refused', details: value },
    ]);
    expect({ status: many.status, body: many.body }).toEqual({ status: 400, body: invalid('details', ' (item 1)') });
    const modified = await call('patch', `/_api/rich/${existing}`, { details: value });
    expect({ status: modified.status, body: modified.body }).toEqual({ status: 400, body: invalid('details') });
    expect(await productCount()).toBe(before);
    expect(await detailsOf(existing)).toEqual(RICH);
  });

  it('refuses blocks a task would write', async () => {
    const before = await productCount();
    const response = await call('post', '/_api/tasks/rich', { title: 'Trigger' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: invalid('details', ' (task 0)'),
    });
    expect(await productCount()).toBe(before);
  });

  it('refuses a definition whose preset is not blocks at all', async () => {
    const response = await admin.post('/data-api/endpoints', {
      data: {
        name: 'bad preset',
        path: 'rich/preset',
        type: 'create',
        object: PRODUCT,
        auth: { method: 'api-key', keys: [key.id] },
        fields: [{ name: 'title' }],
        presets: { details: [1, 2, 3] },
      },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('presets.details');
  });
});
