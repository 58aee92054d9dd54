import { getFetchClient } from '@strapi/strapi/admin';
import {
  ADMIN_API,
  adminPath,
  type DataOf,
  type DataOperation,
  type FileOperation,
  type InputOf,
  type OperationName,
  type ParamsOf,
} from '../../../contracts/admin-api';
import { PLUGIN_ID } from '../../../contracts/plugin';

/** A query string's parameters (`usage.series` takes its range so). */
export type QueryParams = Readonly<Record<string, string | number | undefined>>;

/** The query string of `query` (`?from=...`), its undefined values left out; empty without any. */
const queryString = (query: QueryParams = {}) => {
  const entries = Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]));
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
};

/**
 * The body of an operation's answer. The fetch client (which adds the backend's address and the admin's token,
 * parses JSON and throws on an error status) is made per call and bound to no component: a cached query outlives
 * the page that first asked for it, and `useFetchClient` aborts its requests when its component goes.
 */
const send = async <T>(name: OperationName, input: Readonly<Record<string, unknown>> = {}, query?: QueryParams) => {
  const { data, ...params } = input;
  const url = `/${PLUGIN_ID}${adminPath(name, params)}${queryString(query)}`;
  const { get, post, put, del } = getFetchClient();
  const { method } = ADMIN_API[name];
  if (method === 'GET') return (await get<T>(url)).data;
  if (method === 'DELETE') return (await del<T>(url)).data;
  return (await (method === 'POST' ? post : put)<T>(url, { data })).data;
};

/** Reads as `read` with its parameters and query string, changes as `write` with its input, files as `download`. */
export const adminApi = {
  read: async <N extends DataOperation>(name: N, params: Readonly<Record<string, unknown>> = {}, query?: QueryParams) =>
    (await send<{ data: DataOf<N> }>(name, params, query)).data,
  write: async <N extends DataOperation>(name: N, input: InputOf<N>) =>
    (await send<{ data: DataOf<N> }>(name, input as Readonly<Record<string, unknown>>)).data,
  download: async <N extends FileOperation>(name: N, params: ParamsOf<N>) => send<DataOf<N>>(name, params),
};
