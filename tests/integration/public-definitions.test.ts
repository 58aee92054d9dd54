import { sampleOf } from '../helpers/metrics';
import { conformance, type OpenapiDocument } from '../helpers/openapi';
import {
  METRICS_TOKEN,
  WINDOW,
  PUBLIC,
  app,
  admin,
  nextPath,
  products,
  publicList,
  from,
  save,
  publicSuite,
} from '../helpers/public-suite';

publicSuite();

describe('definitions that are refused (400, with the reason)', () => {
  const LIMIT = { requests: 10, windowSeconds: WINDOW };

  test.each([
    ['create', { type: 'create', fields: [{ name: 'title' }] }],
    ['modify', { type: 'modify', parameter: 'required', fields: [{ name: 'title' }] }],
    ['delete', { type: 'delete', parameter: 'required' }],
  ])('a %s endpoint', async (_, definition) => {
    const { status, body } = await save({
      object: 'api::product.product',
      auth: PUBLIC,
      rateLimit: LIMIT,
      ...definition,
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe(
      'auth.method: a public endpoint only reads: use a list or aggregate endpoint, or an API key'
    );
  });

  test('no rate limit', async () => {
    const { status, body } = await save({ ...products, auth: PUBLIC });
    expect(status).toBe(400);
    expect(body.error.message).toBe(
      'rateLimit: a public endpoint needs a rate limit: anyone may call it, so each source address gets this budget'
    );
  });

  test('a stored public write (saved by an older version, or in the database) is not served', async () => {
    const path = `public/stored${nextPath()}`;
    const row = await app.strapi.db.query('plugin::data-api.endpoint').create({
      data: {
        ...products,
        sort: [],
        type: 'create',
        name: 'stored',
        path,
        method: 'POST',
        routeKey: `POST ${path}`,
        auth: PUBLIC,
        rateLimit: LIMIT,
        enabled: true,
      },
    });
    await app.strapi.plugin('data-api').service('engine').changed();
    const called = await app.http().post(`/_api/${path}`).send({ title: 'x' });
    expect(called.status).toBe(404);
    const stored = await admin.get(`/data-api/endpoints/${row.id}`);
    expect(stored.body.data.problems).toEqual([
      {
        path: ['auth', 'method'],
        message: 'a public endpoint only reads: use a list or aggregate endpoint, or an API key',
      },
    ]);
  });

  test('a filter on the logged-in user', async () => {
    const { status, body } = await save({
      type: 'list',
      object: 'api::order.order',
      fields: [{ name: 'id' }],
      filter: { customer: { user: { id: { $eq: { $var: 'user.id' } } } } },
      auth: PUBLIC,
      rateLimit: LIMIT,
    });
    expect(status).toBe(400);
    expect(body.error.message).toContain(
      'the variable "user.id" needs Browser Session authentication (auth.method "session")'
    );
  });

  test('an import of a public write endpoint is refused too', async () => {
    const response = await admin.post('/data-api/import', {
      data: {
        format: 'strapi-plugin-data-api/2',
        keys: [],
        endpoints: [
          {
            ...products,
            type: 'create',
            sort: [],
            name: 'imported',
            path: `public/imported${nextPath()}`,
            auth: PUBLIC,
            rateLimit: LIMIT,
          },
        ],
        documents: [],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('a public endpoint only reads');
  });
});

describe('behind a trusted proxy without maxIpsCount', () => {
  test('one warning per change of definitions names what reads the address a client can choose', async () => {
    const warn = jest.spyOn(app.strapi.log, 'warn');
    try {
      await publicList();
      const proxyWarnings = warn.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes('maxIpsCount'));
      expect(proxyWarnings).toHaveLength(1);
      // Other tests of this suite may have made endpoints with allowed IPs: those are named too.
      expect(proxyWarnings[0]).toMatch(/the per-address rate limits of \d+ public or Browser Session endpoints?[,.]/);
      expect(proxyWarnings[0]).toContain('the login throttle (session.maxFailuresPerIp)');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('usage and metrics', () => {
  test('calls are counted without a key, as session calls are', async () => {
    const { id, path, url } = await publicList();
    for (let i = 0; i < 3; i += 1) expect((await from('198.51.100.40', url)).status).toBe(200);
    await (
      app.strapi.plugin('data-api').service('usage') as { recorder: { flush: () => Promise<void> } }
    ).recorder.flush();
    const response = await admin.get('/data-api/usage').query({
      from: new Date(Date.now() - 7_200_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
      groupBy: 'key',
      endpoint: id,
    });
    expect(response.status).toBe(200);
    expect(
      response.body.data.groups.map((g: { id: number; label: string | null; totals: { requests: number } }) => ({
        id: g.id,
        label: g.label,
        requests: g.totals.requests,
      }))
    ).toEqual([{ id: 0, label: null, requests: 3 }]);

    const metrics = await app.http().get('/_api/_metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(metrics.status).toBe(200);
    expect(sampleOf(metrics.text, `data_api_requests_total{endpoint="GET ${path}",method="GET",status="200"}`)).toBe(3);
  });
});

describe('OpenAPI', () => {
  test('a public operation has security [] and says so; it documents no 401', async () => {
    const open = await publicList(5);
    const limited = await publicList(5, { allowedIps: ['192.0.2.0/24'] });
    const created = await admin.post('/data-api/openapi-documents', {
      data: { title: `Public ${nextPath()}`, endpoints: [open.id, limited.id] },
    });
    expect(created.status).toBe(201);
    const download = await admin.get(`/data-api/openapi-documents/${created.body.data.id}/download`);
    expect(download.status).toBe(200);
    const document: OpenapiDocument = JSON.parse(download.text);
    const operation = document.paths[`/_api/${open.path}`].get;
    expect(operation.security).toEqual([]);
    expect(operation.description).toContain('Public: no authentication');
    expect(operation.description).toContain('per source address');
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '429']);
    expect(Object.keys(document.paths[`/_api/${limited.path}`].get.responses).sort()).toEqual([
      '200',
      '400',
      '403',
      '429',
    ]);
    expect(document.components.securitySchemes).toEqual({});
    const check = conformance(document);
    check(`/_api/${open.path}`, 'get', await from('198.51.100.50', `/_api/${open.path}`), 200);
  });
});
