import type { Core } from '@strapi/strapi';
import { decodeRows, describeRefusal, type Decoded } from '../../server/src/stored/decode';
import { pluginTable } from '../../server/src/stored/plugin-table';
import { keyInForce, storedApiKey } from '../../server/src/stored/stored-api-key';
import { endpointKeys, storedEndpoint, toStored } from '../../server/src/stored/stored-endpoint';
import { generationCounter } from '../../server/src/stored/stored-generation';
import { loginCounter } from '../../server/src/stored/stored-login-throttle';
import { storedOpenapiDocument } from '../../server/src/stored/stored-openapi-document';
import { decodeChangedAt } from '../../server/src/stored/stored-password-change';
import { decodeSessionLogin, listedSession } from '../../server/src/stored/stored-session';
import { decodeSumRow } from '../../server/src/stored/stored-usage-bucket';

const CREATED = '2026-01-02T03:04:05.000Z';

/** The value of a row that decodes; fails the test with the refusal otherwise. */
const valueOf = <T>(decoded: Decoded<T>): T => {
  if (!decoded.ok) throw new Error(describeRefusal(decoded));
  return decoded.value;
};

/** Why a row is refused, in words; fails the test when it decodes. */
const refusalOf = <T>(decoded: Decoded<T>): string => {
  if (decoded.ok) throw new Error(`decoded: ${JSON.stringify(decoded.value)}`);
  return describeRefusal(decoded);
};

const endpointRow = (changes: Record<string, unknown> = {}) => ({
  id: 7,
  documentId: 'abc',
  name: 'Orders',
  path: 'shop/orders',
  method: 'GET',
  routeKey: 'GET shop/orders',
  type: 'list',
  object: 'api::order.order',
  parameter: 'none',
  filter: null,
  fields: [{ name: 'title' }],
  presets: null,
  sort: null,
  auth: { method: 'api-key', keys: [1] },
  allowedIps: null,
  rateLimit: null,
  tasks: null,
  aggregate: null,
  status: 'published',
  publish: false,
  locale: null,
  media: null,
  mediaUrls: null,
  cache: null,
  enabled: true,
  authorId: null,
  createdAt: CREATED,
  updatedAt: new Date(CREATED),
  ...changes,
});

describe('endpoint rows', () => {
  test('a good row decodes: dates in ISO 8601, no author as null, the definition left to its schema', () => {
    const row = valueOf(storedEndpoint.decode(endpointRow()));
    expect(row).toMatchObject({ id: 7, method: 'GET', authorId: null, createdAt: CREATED, updatedAt: CREATED });
    expect(toStored(row)).toMatchObject({ id: 7, path: 'shop/orders', filter: {}, createdAt: CREATED });
    expect(toStored(row).problems).toBeUndefined();
  });

  test('a row that breaks a current rule decodes, and is answered with its problems', () => {
    const stored = toStored(valueOf(storedEndpoint.decode(endpointRow({ fields: [] }))));
    expect(stored.problems).toEqual([{ path: ['fields'], message: 'a list endpoint returns at least one field' }]);
  });

  test('a row whose own columns do not fit is refused, naming the row and the column', () => {
    expect(refusalOf(storedEndpoint.decode(endpointRow({ authorId: 'admin' })))).toMatch(
      /^data_api_endpoints row 7: authorId: /
    );
    expect(refusalOf(storedEndpoint.decode(endpointRow({ id: 'x', createdAt: 'never' })))).toMatch(
      /^data_api_endpoints row: id: .*; createdAt: not a date$/
    );
  });

  test("a key's revocation reads any auth that names keys, whatever else it holds", () => {
    const auth = { method: 'api-key', keys: [1, 2], legacy: true };
    expect(valueOf(endpointKeys.decode({ id: 3, auth }))).toEqual({ id: 3, auth });
    expect(endpointKeys.columns).toEqual(['id', 'auth']);
  });
});

describe('API key rows', () => {
  const keyRow = (changes: Record<string, unknown> = {}) => ({
    id: 4,
    name: 'partner',
    description: 'Partner',
    prefix: 'dapi_abcd',
    hash: 'f00d',
    expiresAt: null,
    lastUsedAt: 1_767_323_045_000,
    rateLimit: { requests: 10, windowSeconds: 60 },
    preview: null,
    createdAt: CREATED,
    ...changes,
  });

  test('a good row decodes: a limit stored before bursts gets none, a null preview mark is no mark', () => {
    expect(valueOf(storedApiKey.decode(keyRow()))).toEqual({
      ...keyRow(),
      lastUsedAt: CREATED,
      rateLimit: { requests: 10, windowSeconds: 60, burst: 0 },
      preview: false,
    });
  });

  test('the runtime reads only what it keeps of a key', () => {
    expect(keyInForce.columns).toEqual(['id', 'hash', 'expiresAt', 'rateLimit', 'preview']);
    expect(valueOf(keyInForce.decode(keyRow({ preview: true })))).toEqual({
      id: 4,
      hash: 'f00d',
      expiresAt: null,
      rateLimit: { requests: 10, windowSeconds: 60, burst: 0 },
      preview: true,
    });
  });

  test('a row with a limit that no longer fits is refused, and left out of a list with its reason', () => {
    const refused: string[] = [];
    const rows = [keyRow(), keyRow({ id: 5, rateLimit: { requests: 0, windowSeconds: 60 } })];
    const keys = decodeRows(rows, storedApiKey.decode, (refusal) => refused.push(describeRefusal(refusal)));
    expect(keys.map((k) => k.id)).toEqual([4]);
    expect(refused).toEqual([expect.stringMatching(/^data_api_keys row 5: rateLimit\.requests: /)]);
  });
});

test('an OpenAPI document stored before its columns existed reads with their defaults', () => {
  const row = { id: 2, title: 'Partner API', slug: 'partner_api', version: null, description: null, endpoints: null };
  expect(
    valueOf(storedOpenapiDocument.decode({ ...row, public: null, createdAt: CREATED, updatedAt: CREATED }))
  ).toEqual({
    ...row,
    version: '1.0.0',
    description: '',
    endpoints: [],
    public: false,
    createdAt: CREATED,
    updatedAt: CREATED,
  });
  expect(refusalOf(storedOpenapiDocument.decode({ ...row, endpoints: ['1'] }))).toMatch(/endpoints\[0\]: /);
});

describe('session rows', () => {
  const login = {
    id: 12,
    email: 'ann@example.com',
    username: 'ann',
    blocked: 0,
    confirmed: 1,
    role: 'authenticated',
    password: '$2a$10$hash',
    passwordStamp: 'stamp',
    expiresAt: 1_767_323_045_000,
  };
  const instant = (stored: unknown) => (typeof stored === 'number' ? new Date(stored).toISOString() : null);

  test("a request's session row decodes with its expiry read as the column holds it", () => {
    expect(valueOf(decodeSessionLogin(login, instant))).toEqual({ ...login, expiresAt: CREATED });
  });

  test('a session row that does not fit is refused with why', () => {
    expect(refusalOf(decodeSessionLogin({ ...login, id: '12' }, instant))).toBe(
      'data_api_sessions row: the user id is not a number'
    );
    expect(refusalOf(decodeSessionLogin({ ...login, email: 3 }, instant))).toMatch(/must be text or null$/);
    expect(refusalOf(decodeSessionLogin({ ...login, expiresAt: 'soon' }, instant))).toMatch(
      /the expiry is not a date$/
    );
  });

  test('the admin list never reads the token hash', () => {
    expect(listedSession.columns).not.toContain('tokenHash');
    const row = { id: 1, userObject: 'admin::user', userId: 3, passwordStamp: null, ip: null, userAgent: null };
    expect(
      refusalOf(listedSession.decode({ ...row, userObject: 'someone', expiresAt: CREATED, createdAt: CREATED }))
    ).toMatch(/^data_api_sessions row 1: userObject: /);
  });
});

test.each([
  [{ changedAt: '1767323045000' }, 1_767_323_045_000],
  [{ changedAt: 1_767_323_045_000 }, 1_767_323_045_000],
])('a password change %j decodes', (row, ms) => {
  expect(valueOf(decodeChangedAt(row))).toBe(ms);
});

test('a password change that is not a time is refused', () => {
  expect(refusalOf(decodeChangedAt({ changedAt: 'yesterday' }))).toBe(
    'data_api_password_changes row: changedAt is not an integer'
  );
});

test('counters answered as text (bigint columns) decode as numbers; others are refused', () => {
  expect(valueOf(loginCounter.decode({ key: 'k', failures: '3', windowStart: '1767323045000' }))).toEqual({
    key: 'k',
    failures: 3,
    windowStart: 1_767_323_045_000,
  });
  expect(valueOf(generationCounter.decode({ name: 'api::order.order', generation: '12' }))).toEqual({
    name: 'api::order.order',
    generation: 12,
  });
  expect(refusalOf(generationCounter.decode({ name: 'api::order.order', generation: '1.5' }))).toMatch(
    /^data_api_generations row: generation: /
  );
  expect(refusalOf(loginCounter.decode({ key: 'k', failures: 1, windowStart: '99999999999999999999' }))).toMatch(
    /windowStart: beyond the integers a number holds exactly/
  );
});

describe('summed usage rows', () => {
  test('sums answered as text decode as numbers; a counter no bucket had is 0', () => {
    expect(valueOf(decodeSumRow({ grp: '3', route: 'GET a', slot: '480000', c0: '5', c1: null }, 2, true))).toEqual({
      slot: 480_000,
      group: 3,
      route: 'GET a',
      sums: [5, 0],
    });
    expect(valueOf(decodeSumRow({ grp: 3, route: 'GET a', c0: 5 }, 1, false)).slot).toBeNull();
  });

  test('a row whose sums or route are not what SQL answers is refused', () => {
    expect(refusalOf(decodeSumRow({ grp: 3, route: null, c0: 5 }, 1, false))).toBe(
      'data_api_usage row: the route is not text'
    );
    expect(refusalOf(decodeSumRow({ grp: 3, route: 'GET a', c0: 'many' }, 1, false))).toMatch(/not a number$/);
  });
});

test("a plugin table's columns are named as Strapi's metadata names them", () => {
  const attributes = { windowStart: { type: 'biginteger', columnName: 'window_start' }, key: { type: 'string' } };
  const metadata = new Map([
    ['plugin::data-api.login-throttle', { tableName: 'data_api_login_throttles', attributes }],
  ]);
  const strapi = { db: { metadata } } as unknown as Core.Strapi;
  const table = pluginTable(strapi, 'plugin::data-api.login-throttle');
  expect([table.name, table.column('windowStart'), table.column('key')]).toEqual([
    'data_api_login_throttles',
    'window_start',
    'key',
  ]);
});
