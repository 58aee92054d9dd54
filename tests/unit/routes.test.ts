import type { ParameterMode } from '../../contracts/definition';
import type { CompiledEndpoint } from '../../server/src/engine/compile-endpoint';
import { buildRouteTable, matchRoute } from '../../server/src/engine/route-table';
import { growthOf, LINEAR_GROWTH } from '../helpers/growth';

let nextId = 1;
const endpoint = (path: string, method: string, parameter: ParameterMode): CompiledEndpoint => ({
  id: nextId++,
  name: `${method} ${path}`,
  path,
  method,
  type: method === 'GET' ? 'list' : method === 'POST' ? 'create' : method === 'PATCH' ? 'modify' : 'delete',
  parameter,
  ipAllowed: null,
  auth: { method: 'api-key', keys: new Set([1]) },
  handle: async () => undefined,
  cache: null,
  // Routing reads neither.
  definition: undefined as never,
  model: undefined as never,
});

const listAll = endpoint('orders', 'GET', 'none');
const listOfCustomer = endpoint('customers/orders', 'GET', 'optional');
const create = endpoint('customers/orders', 'POST', 'required');
const modify = endpoint('customers/orders', 'PATCH', 'required');
const remove = endpoint('v1.2/items~x', 'DELETE', 'required');
const noClash = () => {
  throw new Error('unexpected clash');
};
const routes = buildRouteTable([listAll, listOfCustomer, create, modify, remove], noClash);

describe('buildRouteTable', () => {
  test('keeps the first endpoint of a method and path, and reports the other', () => {
    const first = endpoint('dup', 'GET', 'none');
    const second = endpoint('dup', 'GET', 'none');
    const clashes: unknown[] = [];
    const table = buildRouteTable([first, second], (kept, dropped) => clashes.push([kept, dropped]));
    expect(table.get('dup')!.get('GET')).toBe(first);
    expect(clashes).toEqual([[first, second]]);
  });

  test('groups endpoints by path, then method', () => {
    expect([...routes.keys()]).toEqual(['orders', 'customers/orders', 'v1.2/items~x']);
    expect([...routes.get('customers/orders')!.keys()]).toEqual(['GET', 'POST', 'PATCH']);
    expect(routes.get('customers/orders')!.get('PATCH')).toBe(modify);
  });
});

describe('matchRoute', () => {
  test('a path without parameter', () => {
    expect(matchRoute(routes, 'GET', 'orders')).toEqual({ kind: 'endpoint', endpoint: listAll });
  });

  test('trailing slashes are ignored', () => {
    expect(matchRoute(routes, 'GET', 'orders//')).toEqual({ kind: 'endpoint', endpoint: listAll });
    expect(matchRoute(routes, 'PATCH', 'customers/orders/4/')).toEqual({
      kind: 'endpoint',
      endpoint: modify,
      param: 4,
    });
  });

  test('an optional parameter may be present or absent', () => {
    expect(matchRoute(routes, 'GET', 'customers/orders')).toEqual({ kind: 'endpoint', endpoint: listOfCustomer });
    expect(matchRoute(routes, 'GET', 'customers/orders/12')).toEqual({
      kind: 'endpoint',
      endpoint: listOfCustomer,
      param: 12,
    });
  });

  test('a required parameter', () => {
    expect(matchRoute(routes, 'DELETE', 'v1.2/items~x/7')).toEqual({ kind: 'endpoint', endpoint: remove, param: 7 });
    expect(matchRoute(routes, 'DELETE', 'v1.2/items~x')).toEqual({ kind: 'not-found' });
  });

  test('a parameter on an endpoint that takes none is not found', () => {
    expect(matchRoute(routes, 'GET', 'orders/5')).toEqual({ kind: 'not-found' });
  });

  test('unknown paths are not found; a lone number is no parameter', () => {
    expect(matchRoute(routes, 'GET', 'products')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', 'orders/x')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', '12')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', 'customers')).toEqual({ kind: 'not-found' });
  });

  test('HEAD is served by GET', () => {
    expect(matchRoute(routes, 'HEAD', 'orders')).toEqual({ kind: 'endpoint', endpoint: listAll });
  });

  test('405 lists the methods that fit the shape, HEAD added with GET', () => {
    expect(matchRoute(routes, 'DELETE', 'customers/orders/3')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET', 'POST', 'PATCH', 'HEAD'],
    });
    expect(matchRoute(routes, 'PUT', 'customers/orders')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET', 'HEAD'],
    });
    expect(matchRoute(routes, 'POST', 'orders')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'HEAD'] });
    expect(matchRoute(routes, 'GET', 'v1.2/items~x/1')).toEqual({ kind: 'method-not-allowed', allow: ['DELETE'] });
  });

  test('no method fitting the shape is 404, not 405', () => {
    expect(matchRoute(routes, 'GET', 'v1.2/items~x')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'POST', 'orders/3')).toEqual({ kind: 'not-found' });
  });

  test('405 when the method exists only in the other shape but another method fits', () => {
    // The path exists but not for this method → 405 with Allow (docs/reference.md).
    const table = buildRouteTable(
      [endpoint('tickets', 'GET', 'none'), endpoint('tickets', 'PATCH', 'required')],
      noClash
    );
    expect(matchRoute(table, 'GET', 'tickets/5')).toEqual({ kind: 'method-not-allowed', allow: ['PATCH'] });
    expect(matchRoute(table, 'PATCH', 'tickets')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'HEAD'] });
  });

  test('ids up to 2147483647 are parameters, larger ones name no record', () => {
    expect(matchRoute(routes, 'GET', 'customers/orders/2147483647')).toEqual({
      kind: 'endpoint',
      endpoint: listOfCustomer,
      param: 2147483647,
    });
    expect(matchRoute(routes, 'GET', 'customers/orders/2147483648')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', 'customers/orders/99999999999999999999')).toEqual({ kind: 'not-found' });
  });

  test('leading zeros are read as the number', () => {
    expect(matchRoute(routes, 'GET', 'customers/orders/007')).toEqual({
      kind: 'endpoint',
      endpoint: listOfCustomer,
      param: 7,
    });
  });
});

describe('matchRoute on hostile paths', () => {
  test('a run of slashes before the last segment or at the end costs in proportion to its length', async () => {
    expect(matchRoute(routes, 'GET', `${'/'.repeat(20_000)}x`)).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', `orders${'/'.repeat(20_000)}`)).toEqual({ kind: 'endpoint', endpoint: listAll });
    const growth = await growthOf((n) => {
      const [before, after] = [`${'/'.repeat(n)}x`, `orders${'/'.repeat(n)}`];
      return () => [matchRoute(routes, 'GET', before), matchRoute(routes, 'GET', after)];
    }, 5000);
    expect(growth).toBeLessThan(LINEAR_GROWTH);
  });
});
