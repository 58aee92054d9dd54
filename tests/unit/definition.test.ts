import { definitionSchema, pathProblem } from '../../contracts/definition';
import { describeIssues } from '../../contracts/problems';

const base = {
  name: 'Orders',
  path: 'orders',
  type: 'list',
  object: 'api::order.order',
  fields: [{ name: 'id' }],
  auth: { method: 'api-key', keys: [1] },
};
const parse = (overrides: Record<string, unknown>) => definitionSchema.safeParse({ ...base, ...overrides });
const problems = (overrides: Record<string, unknown>) => {
  const result = parse(overrides);
  return result.success ? [] : describeIssues(result.error);
};
const dims = (n: number, axis: 'row' | 'column') =>
  Array.from({ length: n }, (_, i) => ({ variable: `${axis}${i}`, field: 'status', axis }));
const measures = (n: number) => Array.from({ length: n }, (_, i) => ({ variable: `m${i}`, op: 'count' }));

describe('pathProblem', () => {
  test.each(['orders', 'customers/orders', 'v1.2/items~x', 'a-b_c', '123/orders', 'orders/v2'])(
    'accepts %p',
    (path) => {
      expect(pathProblem(path)).toBeNull();
    }
  );

  test.each([
    ['', 'path must not be empty'],
    ['a//b', 'path must not contain empty segments ("//")'],
    ['orders/12', 'the last path segment must not be a number'],
    ['12', 'the last path segment must not be a number'],
    ['_openapi', 'path segment "_openapi" must not start with "_" (reserved)'],
    ['shop/_session', 'path segment "_session" must not start with "_" (reserved)'],
    ['my orders', 'path segment "my orders" may only hold letters, digits and . _ ~ -'],
    ['orders?x=1', 'path segment "orders?x=1" may only hold letters, digits and . _ ~ -'],
    ['café', 'path segment "café" may only hold letters, digits and . _ ~ -'],
    ['a'.repeat(201), 'path must be at most 200 characters'],
  ])('refuses %p', (path, message) => {
    expect(pathProblem(path)).toBe(message);
  });
});

describe('definitionSchema', () => {
  test('a list endpoint returns at least one field', () => {
    expect(problems({ fields: [] })).toEqual(['fields: a list endpoint returns at least one field']);
  });

  test('key ids are 32-bit', () => {
    expect(parse({ auth: { method: 'api-key', keys: [2147483648] } }).success).toBe(false);
  });

  test('fills defaults', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      parameter: 'none',
      filter: {},
      fields: [{ name: 'id' }],
      presets: {},
      sort: [],
      allowedIps: [],
      tasks: [],
      status: 'published',
      publish: false,
      enabled: true,
    });
  });

  test('trims slashes and spaces around the path', () => {
    expect(parse({ path: ' //customers/orders/ ' }).data?.path).toBe('customers/orders');
  });

  test('refuses a bad path with its problem', () => {
    expect(problems({ path: '/orders/_x/' })).toEqual(['path: path segment "_x" must not start with "_" (reserved)']);
    expect(problems({ path: '/' })).toEqual(['path: path must not be empty']);
  });

  test.each(['modify', 'delete'])('a %s endpoint needs parameter "required"', (type) => {
    const message = `parameter: a ${type} endpoint always takes the numeric parameter ("required")`;
    expect(problems({ type, fields: [], parameter: 'optional' })).toEqual([message]);
    expect(problems({ type, fields: [], parameter: 'required' })).toEqual([]);
  });

  test('only a modify endpoint may take no parameter (a single type; checked against the type when compiled)', () => {
    expect(problems({ type: 'modify', fields: [] })).toEqual([]);
    expect(problems({ type: 'delete', fields: [] })).toEqual([
      'parameter: a delete endpoint always takes the numeric parameter ("required")',
    ]);
  });

  describe('a required number', () => {
    const unused = (type: string) =>
      `parameter: a required number that nothing uses would be ignored: use { "$var": "param" } in ${type === 'create' ? 'the filter, a preset or a task' : 'the filter'}, or set "none"`;
    const aggregate = { dimensions: [{ variable: 's', field: 'status' }] };
    const byParam = { customer: { id: { $eq: { $var: 'param' } } } };

    test.each([
      ['list', {}],
      ['aggregate', { aggregate }],
      ['create', { fields: [{ name: 'total' }], presets: { note: { $var: 'now' } } }],
    ])('that a %s never uses is refused', (type, rest) => {
      expect(problems({ type, parameter: 'required', ...rest })).toEqual([unused(type)]);
      // Optional is a choice of the owner's: `/_api/<path>` answers without the number.
      expect(problems({ type, parameter: 'optional', ...rest })).toEqual([]);
    });

    test.each([
      ['a list filter', { filter: { $or: [{ status: 'paid' }, { $not: byParam }] } }],
      ['an aggregate filter', { type: 'aggregate', aggregate, filter: byParam }],
      ['a create preset', { type: 'create', presets: { customer: { $var: 'param' } } }],
      [
        'a create task',
        {
          type: 'create',
          tasks: [
            {
              action: 'update-records',
              object: 'api::customer.customer',
              filter: { id: { $var: 'param' } },
              values: { tier: 'pro' },
            },
          ],
        },
      ],
    ])('is accepted where %s uses it', (_, rest) => {
      expect(problems({ parameter: 'required', ...rest })).toEqual([]);
    });

    test.each(['modify', 'delete'])('names the record of a %s, which needs no filter on it', (type) => {
      expect(problems({ type, parameter: 'required', fields: [] })).toEqual([]);
    });
  });

  test('required flags only on create endpoints', () => {
    const fields = [{ name: 'total' }, { name: 'status', required: true }];
    expect(problems({ type: 'create', fields })).toEqual([]);
    expect(problems({ fields })).toEqual(['fields[1].required: only create endpoints mark required fields']);
  });

  test('a field listed twice is refused', () => {
    expect(problems({ fields: [{ name: 'id' }, { name: 'id' }] })).toEqual(['fields[1]: field "id" is listed twice']);
  });

  test('related fields: nested fields and a limit on lists only, bounded, no name twice at one level', () => {
    const nested = (level: number): Record<string, unknown> =>
      level ? { name: `r${level}`, fields: [nested(level - 1)] } : { name: 'id' };
    expect(problems({ fields: [{ name: 'customer', limit: 5, fields: [{ name: 'name' }] }] })).toEqual([]);
    expect(problems({ fields: [nested(5)] })).toEqual([]);
    expect(problems({ fields: [nested(6)] })).toEqual([
      'fields[0].fields[0].fields[0].fields[0].fields[0].fields[0].fields: fields nest at most 6 levels deep',
    ]);
    expect(problems({ fields: [{ name: 'c', fields: [{ name: 'a' }, { name: 'a' }] }] })).toEqual([
      'fields[0].fields[1]: field "a" is listed twice',
    ]);
    expect(problems({ fields: [{ name: 'c', limit: 101 }] })).toEqual([
      'fields[0].limit: Too big: expected number to be <=100',
    ]);
    expect(problems({ fields: [{ name: 'c', fields: [] }] })[0]).toMatch(/^fields\[0\]\.fields: /);
    expect(problems({ fields: [{ name: 'c', fields: [{ name: 'a', required: true }] }] })).toEqual([
      "fields[0].fields[0].required: only the endpoint's own fields are marked required",
    ]);
    expect(problems({ type: 'create', fields: [{ name: 'c', fields: [{ name: 'a' }] }] })).toEqual([
      'fields[0]: only list endpoints answer related records (fields, limit)',
    ]);
  });

  test('sort only on list endpoints', () => {
    expect(parse({ sort: [{ field: 'id' }] }).data?.sort).toEqual([{ field: 'id', dir: 'asc' }]);
    expect(problems({ type: 'create', sort: [{ field: 'id', dir: 'desc' }] })).toEqual([
      'sort: only list endpoints are sorted',
    ]);
  });

  test('tasks only on writes, presets only on create and modify, no fields on delete', () => {
    const task = { action: 'raise-error', message: 'No' };
    expect(problems({ tasks: [task] })).toEqual(['tasks: only create, modify and delete endpoints run tasks']);
    expect(problems({ type: 'create', tasks: [task], presets: { status: 'paid' } })).toEqual([]);
    expect(problems({ presets: { status: 'paid' } })).toEqual([
      'presets: only create and modify endpoints take presets',
    ]);
    expect(problems({ type: 'delete', parameter: 'required', fields: [{ name: 'id' }] })).toEqual([
      'fields: a delete endpoint takes no fields',
    ]);
  });

  test('allowed IPs: addresses and subnets pass, bad entries are named', () => {
    expect(problems({ allowedIps: ['203.0.113.0/24', '2001:db8::/32', '127.0.0.1'] })).toEqual([]);
    expect(problems({ allowedIps: ['127.0.0.1', '10', '1.2.3.4/33'] })).toEqual([
      'allowedIps[1]: "10" is not an IP address or CIDR subnet',
      'allowedIps[2]: "1.2.3.4/33" is not an IP address or CIDR subnet',
    ]);
  });

  test('auth: positive key ids, or a known session user object', () => {
    expect(parse({ auth: { method: 'session', userObject: 'admin::user' } }).success).toBe(true);
    expect(parse({ auth: { method: 'session', userObject: 'api::customer.customer' } }).success).toBe(false);
    expect(parse({ auth: { method: 'api-key', keys: [0] } }).success).toBe(false);
    expect(parse({ auth: { method: 'cookie' } }).success).toBe(false);
  });

  test('unknown properties and types are refused', () => {
    expect(parse({ colour: 'red' }).success).toBe(false);
    expect(parse({ type: 'upsert' }).success).toBe(false);
  });

  describe('aggregate', () => {
    const aggregate = (settings: Record<string, unknown>) => problems({ type: 'aggregate', aggregate: settings });

    test('needs its settings, and only aggregate endpoints take them', () => {
      expect(problems({ type: 'aggregate' })).toEqual([
        'aggregate: an aggregate endpoint needs its aggregate settings',
      ]);
      expect(problems({ aggregate: {} })).toEqual(['aggregate: only aggregate endpoints take aggregate settings']);
    });

    test('5 dimensions per axis and 10 measures are allowed', () => {
      expect(aggregate({ dimensions: [...dims(5, 'row'), ...dims(5, 'column')], measures: measures(10) })).toEqual([]);
    });

    test.each(['row', 'column'] as const)('6 dimensions on the %s axis are refused', (axis) => {
      expect(aggregate({ dimensions: dims(6, axis) })).toEqual([
        `aggregate.dimensions: at most 5 dimensions on the ${axis} axis`,
      ]);
    });

    test('11 measures are refused', () => {
      expect(aggregate({ measures: measures(11) })).toEqual(['aggregate.measures: at most 10 measures']);
    });

    test('ops, formats and variable names are checked', () => {
      expect(aggregate({ measures: [{ variable: 'm', op: 'median' }] })).toHaveLength(1);
      expect(aggregate({ dimensions: [{ variable: 'd', field: 'orderedAt', format: 'fortnight' }] })).toHaveLength(1);
      expect(aggregate({ dimensions: [{ variable: 'bad name', field: 'status' }] })).toEqual([
        'aggregate.dimensions[0].variable: must be a simple name (letters, digits, _)',
      ]);
    });
  });
});

describe('rateLimit', () => {
  test('is optional; burst defaults to 0', () => {
    expect(parse({}).data?.rateLimit).toBeUndefined();
    expect(parse({ rateLimit: { requests: 10, windowSeconds: 60 } }).data?.rateLimit).toEqual({
      requests: 10,
      windowSeconds: 60,
      burst: 0,
    });
  });

  test.each([
    [{ requests: 0, windowSeconds: 60 }, 'rateLimit.requests'],
    [{ requests: 1.5, windowSeconds: 60 }, 'rateLimit.requests'],
    [{ requests: 10, windowSeconds: 86_401 }, 'rateLimit.windowSeconds'],
    [{ requests: 10, windowSeconds: 60, burst: -1 }, 'rateLimit.burst'],
    [{ requests: 10 }, 'rateLimit.windowSeconds'],
    [{ requests: 10, windowSeconds: 60, per: 'ip' }, 'rateLimit'],
  ])('refuses %p at %s', (rateLimit, path) => {
    expect(problems({ rateLimit })).toEqual([expect.stringMatching(new RegExp(`^${path.replace('.', '\\.')}: `))]);
  });
});

describe('public auth', () => {
  const PUBLIC = { method: 'public' };
  const LIMIT = { requests: 60, windowSeconds: 60 };

  test.each([
    ['list', {}],
    ['aggregate', { aggregate: {} }],
  ])('a public %s endpoint with a rate limit is accepted', (type, extra) => {
    expect(problems({ type, auth: PUBLIC, rateLimit: LIMIT, ...extra })).toEqual([]);
  });

  test.each([
    ['create', {}],
    ['modify', { parameter: 'required' }],
    ['delete', { parameter: 'required', fields: [] }],
  ])('a public %s endpoint is refused: it would write', (type, extra) => {
    expect(problems({ type, auth: PUBLIC, rateLimit: LIMIT, ...extra })).toEqual([
      'auth.method: a public endpoint only reads: use a list or aggregate endpoint, or an API key',
    ]);
  });

  test('a public endpoint without a rate limit is refused', () => {
    expect(problems({ auth: PUBLIC })).toEqual([
      'rateLimit: a public endpoint needs a rate limit: anyone may call it, so each source address gets this budget',
    ]);
  });

  test('a public auth takes nothing else', () => {
    expect(problems({ auth: { method: 'public', keys: [1] }, rateLimit: LIMIT })).toHaveLength(1);
  });
});
