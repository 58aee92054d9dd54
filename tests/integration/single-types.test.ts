import { callWithKey, createEndpoint, knexOf } from '../helpers/fixtures';
import { validateOpenapi, type OpenapiDocument } from '../helpers/openapi';
import { keyedSuite } from '../helpers/keyed-suite';

/**
 * Single types: the playground's `api::site.site` has one entry. A List answers it, a Modify
 * changes it with no number; Create, Delete and a numeric parameter are refused when the endpoint is defined.
 */

const SITE = 'api::site.site';
const { app, admin, key } = keyedSuite();
const call = callWithKey(
  () => app,
  () => key
);

const siteRows = () => knexOf(app)('sites').select('id', 'site_name as siteName', 'tagline', 'maintenance');
const define = (definition: Record<string, unknown>) =>
  admin.post('/data-api/endpoints', {
    data: { name: String(definition.path), auth: { method: 'api-key', keys: [key.id] }, object: SITE, ...definition },
  });

let listId: number;
let modifyId: number;

beforeAll(async () => {
  listId = (
    await createEndpoint(admin, key, {
      path: 'site',
      type: 'list',
      object: SITE,
      fields: [{ name: 'siteName' }, { name: 'tagline' }, { name: 'maintenance' }],
    })
  ).id;
  modifyId = (
    await createEndpoint(admin, key, {
      path: 'site',
      type: 'modify',
      object: SITE,
      fields: [{ name: 'tagline' }, { name: 'maintenance' }],
    })
  ).id;
  // Only while the site is not in maintenance.
  await createEndpoint(admin, key, {
    path: 'site/live',
    type: 'modify',
    object: SITE,
    filter: { maintenance: false },
    fields: [{ name: 'tagline' }],
  });
});

describe('List', () => {
  test('answers the one entry', async () => {
    const response = await call('get', '/_api/site');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      total: 1,
      items: [{ siteName: 'Playground Shop', tagline: 'Everything for the demo', maintenance: false }],
    });
  });

  test('query filters apply to it', async () => {
    expect((await call('get', '/_api/site?siteName=Playground%20Shop')).body.items).toHaveLength(1);
    expect((await call('get', '/_api/site?siteName=Other')).body).toMatchObject({ items: [], total: 0 });
  });

  test('an aggregate counts its one entry', async () => {
    await createEndpoint(admin, key, {
      path: 'site/stats',
      type: 'aggregate',
      object: SITE,
      fields: [],
      aggregate: {
        dimensions: [{ variable: 'maintenance', field: 'maintenance' }],
        measures: [{ variable: 'entries', op: 'count' }],
      },
    });
    const response = await call('get', '/_api/site/stats');
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([{ dimensions: { maintenance: false }, measures: { entries: 1 } }]);
  });

  test('a number on its path names nothing', async () => {
    expect([404, 405]).toContain((await call('get', '/_api/site/1')).status);
  });
});

describe('Modify', () => {
  test('changes the entry without a number', async () => {
    const response = await call('patch', '/_api/site', { tagline: 'Now with more kettles' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await siteRows()).toEqual([
      expect.objectContaining({ siteName: 'Playground Shop', tagline: 'Now with more kettles' }),
    ]);
  });

  test('a number on its path is not a route of it', async () => {
    const [{ id }] = await siteRows();
    expect([404, 405]).toContain((await call('patch', `/_api/site/${id}`, { tagline: 'x' })).status);
    expect((await siteRows())[0].tagline).toBe('Now with more kettles');
  });

  test('the endpoint filter still applies: an entry outside it is 404', async () => {
    expect((await call('patch', '/_api/site/live', { tagline: 'Live' })).status).toBe(200);
    expect((await call('patch', '/_api/site', { maintenance: true })).status).toBe(200);
    const response = await call('patch', '/_api/site/live', { tagline: 'Hidden' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'Record not found' });
    expect((await siteRows())[0]).toMatchObject({ tagline: 'Live' });
    expect((await call('patch', '/_api/site', { maintenance: false })).status).toBe(200);
  });

  test('with no entry yet, List answers none and Modify is 404', async () => {
    const saved = await knexOf(app)('sites').select('*');
    await knexOf(app)('sites').delete();
    try {
      expect((await call('get', '/_api/site')).body).toEqual(expect.objectContaining({ items: [], total: 0 }));
      const response = await call('patch', '/_api/site', { tagline: 'Nobody home' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Record not found' });
      expect(await siteRows()).toEqual([]);
    } finally {
      await knexOf(app)('sites').insert(saved);
    }
  });
});

describe('definitions', () => {
  test.each(['create', 'delete'])('a %s endpoint is refused', async (type) => {
    const response = await define({
      path: `site/${type}`,
      type,
      parameter: type === 'delete' ? 'required' : 'none',
      fields: type === 'create' ? [{ name: 'siteName' }] : [],
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('type: a single type has one entry: use a list or modify endpoint');
  });

  test.each([
    ['list', 'optional'],
    ['modify', 'required'],
  ])('a %s endpoint with a numeric parameter (%s) is refused', async (type, parameter) => {
    const response = await define({ path: `site/p-${type}`, type, parameter, fields: [{ name: 'tagline' }] });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(
      'parameter: api::site.site is a single type: its endpoints take no numeric parameter'
    );
  });

  test('a modify endpoint of a collection type still needs its number', async () => {
    const response = await define({ path: 'orders/no-number', type: 'modify', object: 'api::order.order' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(
      'parameter: a modify endpoint always takes the numeric parameter (\\"required\\")'
    );
  });
});

describe('the admin API and OpenAPI', () => {
  test('the objects list shows the single type with its kind', async () => {
    const objects = (await admin.get('/data-api/objects')).body.data as Array<{ uid: string; kind: string }>;
    expect(objects.find((o) => o.uid === SITE)).toMatchObject({ kind: 'singleType', displayName: 'Site' });
    expect(objects.find((o) => o.uid === 'api::order.order')).toMatchObject({ kind: 'collectionType' });
  });

  test('the document of its List and Modify validates, with no {number} path', async () => {
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title: 'Site', endpoints: [listId, modifyId] },
    });
    expect(created.status).toBe(201);
    const response = await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`);
    const document: OpenapiDocument = JSON.parse(response.text);
    await expect(validateOpenapi(document)).resolves.toBeUndefined();
    expect(Object.keys(document.paths)).toEqual(['/_api/site']);
    const modify = document.paths['/_api/site'].patch;
    expect(modify.parameters).toEqual([]);
    expect(modify.responses['404'].content['application/json'].examples.e1.value.error).toBe('Record not found');
  });
});
