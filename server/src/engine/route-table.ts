import { LIMITS } from '../../../contracts/limits';
import { trimTrailingSlashes } from '../../../contracts/slashes';
import type { CompiledEndpoint } from './compile-endpoint';

/** Endpoints by path, then by HTTP method. */
export type RouteTable = Map<string, Map<string, CompiledEndpoint>>;

export type RouteMatch =
  | { kind: 'endpoint'; endpoint: CompiledEndpoint; param?: number }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

const NUMBER = /^\d+$/;

/**
 * Splits `/_api/<path>[/<number>]` (docs/endpoints.md#properties, `parameter`). An endpoint's last segment is never all digits, so a trailing
 * number is always the parameter. `rest` is the raw path after `/_api/` (Koa does not decode it, and no
 * endpoint path holds a character that would need encoding).
 */
export const matchRoute = (routes: RouteTable, method: string, rest: string): RouteMatch => {
  const trimmed = trimTrailingSlashes(rest);
  const slash = trimmed.lastIndexOf('/');
  const last = trimmed.slice(slash + 1);
  const hasParam = slash > 0 && NUMBER.test(last);
  const path = hasParam ? trimmed.slice(0, slash) : trimmed;
  const byMethod = routes.get(path);
  if (!byMethod) return { kind: 'not-found' };
  const fits = (e: CompiledEndpoint) => (hasParam ? e.parameter !== 'none' : e.parameter !== 'required');
  const endpoint = byMethod.get(method === 'HEAD' ? 'GET' : method);
  // The methods that fit this path shape are gathered only when the request's own method does not.
  if (!endpoint || !fits(endpoint)) {
    const allow = [...byMethod.values()].filter(fits).map((e) => e.method);
    if (!allow.length) return { kind: 'not-found' };
    return { kind: 'method-not-allowed', allow: allow.includes('GET') ? [...allow, 'HEAD'] : allow };
  }
  if (!hasParam) return { kind: 'endpoint', endpoint };
  const param = Number(last);
  // Row ids are 32-bit on PostgreSQL and MySQL: a larger number names no record.
  if (last.length > 10 || param > LIMITS.maxRowId) return { kind: 'not-found' };
  return { kind: 'endpoint', endpoint, param };
};

/** Builds the table; `onClash` hears of an endpoint left out because an earlier one has its method and path. */
export const buildRouteTable = (
  endpoints: CompiledEndpoint[],
  onClash: (kept: CompiledEndpoint, dropped: CompiledEndpoint) => void
): RouteTable => {
  const table: RouteTable = new Map();
  for (const endpoint of endpoints) {
    if (!table.has(endpoint.path)) table.set(endpoint.path, new Map());
    const byMethod = table.get(endpoint.path)!;
    const kept = byMethod.get(endpoint.method);
    if (kept) onClash(kept, endpoint);
    else byMethod.set(endpoint.method, endpoint);
  }
  return table;
};
