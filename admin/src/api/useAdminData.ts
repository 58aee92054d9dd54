import { useFetchClient } from '@strapi/strapi/admin';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ADMIN_API,
  adminPath,
  type DataOf,
  type DataOperation,
  type FileOperation,
  type InputArgs,
  type OperationName,
  type ParamsOf,
  type ReadOperation,
} from '../../../contracts/admin-api';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { formatProblem, type Problem } from '../../../contracts/problems';

/** Whether a failed admin API call was refused for lack of rights (403). */
export const isForbidden = (error: unknown) =>
  (error as { status?: number; response?: { status?: number } } | undefined)?.status === 403 ||
  (error as { response?: { status?: number } } | undefined)?.response?.status === 403;

/** Whether an item of `details.errors` is a problem as the admin API lists them (contracts/problems.ts). */
const isProblem = (item: unknown): item is Problem => {
  const { path, message } = (item ?? {}) as Partial<Record<keyof Problem, unknown>>;
  return (
    Array.isArray(path) &&
    path.every((p) => typeof p === 'string' || typeof p === 'number') &&
    typeof message === 'string'
  );
};

/**
 * The problems of a refused admin API call: each one the server listed (`details.errors`), else its message as
 * a problem of the input as a whole (a 403, a network failure, a refusal without details).
 */
export const errorProblems = (error: unknown): Problem[] => {
  const body = (error as { response?: { data?: { error?: { message?: string; details?: { errors?: unknown } } } } })
    ?.response?.data?.error;
  const listed = body?.details?.errors;
  if (Array.isArray(listed) && listed.length && listed.every(isProblem)) {
    return listed.map(({ path, message }) => ({ path, message }));
  }
  return [{ path: [], message: body?.message ?? (error as Error)?.message ?? String(error) }];
};

/** The problems of a failed call as one line, for a form's error or a notification. */
export const problemsText = (error: unknown) => errorProblems(error).map(formatProblem).join('; ');

/** The URL of an operation for the fetch client (which adds the backend's address), its parameters filled in. */
const urlOf = (name: OperationName, params?: Readonly<Record<string, unknown>>) =>
  `/${PLUGIN_ID}${adminPath(name, params)}`;

/** A query string's parameters (`usage.series` takes its range so). */
export type QueryParams = Readonly<Record<string, string | number | undefined>>;

/** The query string of `query` (`?from=...`), its undefined values left out; empty without any. */
const queryString = (query: QueryParams = {}) => {
  const entries = Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]));
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
};

/** A read's parameters, or null to load nothing (yet), then its query; params left out when it has none. */
type ParamsArgs<N extends ReadOperation> = keyof ParamsOf<N> extends never
  ? [params?: ParamsOf<N> | null, query?: QueryParams]
  : [params: ParamsOf<N> | null, query?: QueryParams];

/**
 * Loads the `data` a read operation of the admin API answers (nothing while its params are null), and `reload`
 * after a change.
 */
export const useAdminData = <N extends ReadOperation>(name: N, ...[params, query]: ParamsArgs<N>) => {
  const { get } = useFetchClient();
  const url = params === null ? null : `${urlOf(name, params)}${queryString(query)}`;
  const [state, setState] = useState<{ data?: DataOf<N>; error?: unknown; loading: boolean }>({
    loading: url !== null,
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (url === null) return;
    let live = true;
    get<{ data: DataOf<N> }>(url)
      .then((response) => live && setState({ data: response.data.data, loading: false }))
      .catch((error: unknown) => live && setState({ error, loading: false }));
    return () => {
      live = false;
    };
  }, [get, url, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
};

/**
 * The admin API by operation name: `call` answers the `data` of `{ data }`, `file` the content of a file. The
 * same object for as long as the fetch client is, so effects may depend on it.
 */
export const useAdminApi = () => {
  const { get, post, put, del } = useFetchClient();
  return useMemo(() => {
    /** The body of the operation's answer; the fetch client parses JSON and throws on an error status. */
    const send = async <T>(name: OperationName, input: Readonly<Record<string, unknown>> = {}) => {
      const { data, ...params } = input;
      const url = urlOf(name, params);
      const { method } = ADMIN_API[name];
      if (method === 'GET') return (await get<T>(url)).data;
      if (method === 'DELETE') return (await del<T>(url)).data;
      return (await (method === 'POST' ? post : put)<T>(url, { data })).data;
    };
    return {
      call: async <N extends DataOperation>(name: N, ...[input]: InputArgs<N>) =>
        (await send<{ data: DataOf<N> }>(name, input)).data,
      file: async <N extends FileOperation>(name: N, ...[input]: InputArgs<N>) => send<DataOf<N>>(name, input),
    };
  }, [get, post, put, del]);
};
