import type { CompiledEndpoint } from './compile';

/** Endpoints by path, then by HTTP method. */
export type RouteTable = Map<string, Map<string, CompiledEndpoint>>;

export type RouteMatch =
  | { kind: 'endpoint'; endpoint: CompiledEndpoint; param?: number }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' }
  | { kind: 'bad-parameter' };

const NUMBER = /^\d+$/;

/**
 * Splits `/_api/<path>[/<number>]` (spec 4.1). An endpoint's last segment is never all digits, so a trailing
 * number is always the parameter. `rest` is the path after `/_api/`, already percent-decoded by Koa.
 */
export const matchRoute = (routes: RouteTable, method: string, rest: string): RouteMatch => {
  const trimmed = rest.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  const last = trimmed.slice(slash + 1);
  const hasParam = slash > 0 && NUMBER.test(last);
  const path = hasParam ? trimmed.slice(0, slash) : trimmed;
  const byMethod = routes.get(path);
  if (!byMethod) return { kind: 'not-found' };
  const lookup = method === 'HEAD' ? 'GET' : method;
  const fitting = [...byMethod.values()].filter((e) =>
    hasParam ? e.parameter !== 'none' : e.parameter !== 'required'
  );
  const endpoint = fitting.find((e) => e.method === lookup);
  if (!endpoint) {
    const allow = fitting.map((e) => e.method);
    if (!allow.length) return { kind: 'not-found' };
    return { kind: 'method-not-allowed', allow: allow.includes('GET') ? [...allow, 'HEAD'] : allow };
  }
  if (!hasParam) return { kind: 'endpoint', endpoint };
  const param = Number(last);
  // Row ids are 32-bit on PostgreSQL and MySQL: a larger number names no record.
  if (last.length > 10 || param > 2147483647) return { kind: 'bad-parameter' };
  return { kind: 'endpoint', endpoint, param };
};

export const buildRouteTable = (endpoints: CompiledEndpoint[]): RouteTable => {
  const table: RouteTable = new Map();
  for (const endpoint of endpoints) {
    if (!table.has(endpoint.path)) table.set(endpoint.path, new Map());
    table.get(endpoint.path)!.set(endpoint.method, endpoint);
  }
  return table;
};
