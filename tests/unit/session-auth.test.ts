import { definitionSchema } from '../../contracts/definition';
import type { SessionUser } from '../../contracts/session';
import { anyBearerToken } from '../../server/src/auth/bearer';
import { generateSessionToken, hashSessionToken } from '../../server/src/auth/session-token';
import { compileEndpointFilter } from '../../server/src/query/endpoint-filter';
import { renderReadWhere } from '../../server/src/query/read-filters';
import { requestVariables, variableProblem, variablesFor } from '../../server/src/query/variables';
import { definitionErrorOf } from '../helpers/errors';
import { modelOf, relation, scalar } from '../helpers/models';

const USER: SessionUser = {
  object: 'plugin::users-permissions.user',
  id: 42,
  email: 'ada@example.com',
  username: 'ada',
  role: 'authenticated',
};

describe('requestVariables', () => {
  test('a session user gives the user.* variables', () => {
    const vars = requestVariables({ param: 7, user: USER });
    expect({ ...vars }).toEqual({
      param: 7,
      'user.id': 42,
      'user.email': 'ada@example.com',
      'user.username': 'ada',
      'user.role': 'authenticated',
    });
  });

  test.each(['email', 'username', 'role'] as const)('a user whose %s is null has no such variable', (key) => {
    const vars = requestVariables({ user: { ...USER, [key]: null } });
    expect(Object.prototype.hasOwnProperty.call(vars, `user.${key}`)).toBe(false);
    expect(vars[`user.${key}`]).toBeUndefined();
    // The others stay.
    expect(vars['user.id']).toBe(42);
    expect(Object.keys(vars)).toHaveLength(3);
  });

  test('without a user there is no user.* variable, and without a parameter no param', () => {
    const vars = requestVariables({});
    for (const name of ['param', 'user.id', 'user.email', 'user.username', 'user.role']) {
      expect(vars[name]).toBeUndefined();
    }
    expect(Object.keys(vars)).toEqual([]);
  });

  test('param 0 is a value', () => {
    expect(requestVariables({ param: 0 }).param).toBe(0);
  });

  test('the clock variables stay available', () => {
    const before = Date.now();
    const vars = requestVariables({ user: USER });
    const now = vars.now as string;
    expect(now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(now)).toBeLessThanOrEqual(Date.now());
    expect(vars.today).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(now.startsWith(vars.today as string)).toBe(true);
  });

  test('each request has its own variables', () => {
    const first = requestVariables({ user: USER });
    first['query:x'] = 1;
    expect(requestVariables({ user: USER })['query:x']).toBeUndefined();
  });
});

describe('which endpoints have user variables', () => {
  const apiKey = { parameter: 'none', auth: { method: 'api-key' } };
  const session = { parameter: 'none', auth: { method: 'session' } };

  test.each(['user.id', 'user.email', 'user.username', 'user.role'])(
    '%s needs Browser Session authentication',
    (name) => {
      expect(variableProblem(name, apiKey)).toContain('needs Browser Session authentication');
      expect(variableProblem(name, apiKey)).toContain(`"${name}"`);
      expect(variableProblem(name, session)).toBeNull();
    }
  );

  test('variablesFor lists user.* only for session endpoints', () => {
    expect(variablesFor(apiKey)).not.toContain('user.id');
    expect(variablesFor(session)).toEqual(
      expect.arrayContaining(['now', 'today', 'user.id', 'user.email', 'user.username', 'user.role'])
    );
    expect(variablesFor(session)).not.toContain('param');
  });

  test('other variables are not the concern of the session check', () => {
    expect(variableProblem('now', apiKey)).toBeNull();
    expect(variableProblem('bogus', apiKey)).toBeNull();
    expect(variableProblem('param', session)).toContain('needs a numeric parameter');
  });
});

describe('session tokens', () => {
  const SECRET = 'k'.repeat(40);

  test('a token is 43 url-safe characters (256 bits), new each time', () => {
    const tokens = Array.from({ length: 50 }, generateSessionToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(Buffer.from(tokens[0], 'base64url')).toHaveLength(32);
  });

  test('a generated token hashes', () => {
    expect(hashSessionToken(SECRET, generateSessionToken())).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the hash is deterministic per secret and differs by secret and token', () => {
    const token = generateSessionToken();
    const hash = hashSessionToken(SECRET, token);
    expect(hashSessionToken(SECRET, token)).toBe(hash);
    expect(hashSessionToken('m'.repeat(40), token)).not.toBe(hash);
    expect(hashSessionToken(SECRET, generateSessionToken())).not.toBe(hash);
    expect(hash).not.toContain(token);
  });

  test.each([
    ['undefined', undefined],
    ['empty', ''],
    ['too short', 'abc'],
    ['42 characters', 'a'.repeat(42)],
    ['44 characters', 'a'.repeat(44)],
    ['a dot', `${'a'.repeat(42)}.`],
    ['standard base64 characters', `${'a'.repeat(41)}+/`],
    ['padding', `${'a'.repeat(42)}=`],
    ['a trailing newline', `${'a'.repeat(43)}\n`],
    ['a signed cookie form', `${'a'.repeat(43)}.sig`],
  ])('a cookie value that is %s is no token (null)', (_, value) => {
    expect(hashSessionToken(SECRET, value)).toBeNull();
  });
});

describe('anyBearerToken', () => {
  test.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    ['Bearer dak_x.y-z=', 'dak_x.y-z='],
    [`Bearer ${'t'.repeat(8185)}`, 't'.repeat(8185)],
  ])('%p gives its token', (header, token) => {
    expect(anyBearerToken(header)).toBe(token);
  });

  test.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the scheme alone', 'Bearer'],
    ['the scheme and a space', 'Bearer '],
    ['another scheme', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l'],
    ['two words', 'Bearer abc def'],
    ['no space after the scheme', 'Bearerabc'],
    ['a tab after the scheme', 'Bearer\tabc'],
    ['leading space', ' Bearer abc'],
    ['a header longer than 8192 characters', `Bearer ${'t'.repeat(8186)}`],
  ])('%s gives null', (_, header) => {
    expect(anyBearerToken(header)).toBeNull();
  });
});

describe('a filter on the session user', () => {
  const user = modelOf('plugin::users-permissions.user', 'up_users', [
    scalar('id', 'integer'),
    scalar('username', 'string'),
  ]);
  const order = modelOf('api::order.order', 'orders', [
    scalar('id', 'integer'),
    scalar('buyerName', 'string', 'buyer_name'),
    relation('owner', user.uid, false, { table: 'orders_owner_lnk', ownerColumn: 'order_id', targetColumn: 'user_id' }),
  ]);
  const deps = { dialect: 'sqlite' as const, modelOf: (uid: string) => (uid === user.uid ? user : null) };
  const OWNERS = 'SELECT l1."order_id" FROM "orders_owner_lnk" l1 WHERE l1."order_id" IS NOT NULL';

  const definition = (filter: Record<string, unknown>, auth: Record<string, unknown>) =>
    definitionSchema.parse({
      name: 'My orders',
      path: 'my-orders',
      type: 'list',
      object: order.uid,
      fields: [{ name: 'id' }],
      filter,
      auth,
    });
  const SESSION = { method: 'session', userObject: 'plugin::users-permissions.user' };
  const compile = (filter: Record<string, unknown>, auth: Record<string, unknown> = SESSION) =>
    compileEndpointFilter(definition(filter, auth), order, deps);
  const where = (filter: Record<string, unknown>, request: Parameters<typeof renderReadWhere>[0]) =>
    renderReadWhere(request, null, compile(filter), new Map(), new Map());

  test("the owner filter binds the user's id", () => {
    expect(where({ owner: { $eq: { $var: 'user.id' } } }, { user: USER })).toEqual({
      where: `t0."id" IN (${OWNERS} AND l1."user_id" = ?)`,
      bindings: [42],
    });
    expect(where({ owner: { $eq: { $var: 'user.id' } } }, { user: { ...USER, id: 7 } }).bindings).toEqual([7]);
  });

  test('without a user the owner filter matches nothing (fail closed)', () => {
    expect(where({ owner: { $eq: { $var: 'user.id' } } }, {})).toEqual({
      where: `(t0."id" IN (${OWNERS} AND NULL) OR NULL)`,
      bindings: [],
    });
  });

  test('a user without a username matches no row by username, even negated', () => {
    expect(where({ buyerName: { $var: 'user.username' } }, { user: USER })).toEqual({
      where: 't0."buyer_name" = ?',
      bindings: ['ada'],
    });
    const nobody = { user: { ...USER, username: null } };
    expect(where({ buyerName: { $var: 'user.username' } }, nobody)).toEqual({ where: 'NULL', bindings: [] });
    expect(where({ $not: { buyerName: { $var: 'user.username' } } }, nobody)).toEqual({
      where: 'NOT (NULL)',
      bindings: [],
    });
  });

  test('an API-key endpoint may not use user variables', () => {
    expect(
      definitionErrorOf(() => compile({ owner: { $eq: { $var: 'user.id' } } }, { method: 'api-key', keys: [1] }))
    ).toBe('filter.owner.$eq: the variable "user.id" needs Browser Session authentication (auth.method "session")');
  });
});
