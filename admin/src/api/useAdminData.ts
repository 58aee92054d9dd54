import { useFetchClient } from '@strapi/strapi/admin';
import { useCallback, useEffect, useState } from 'react';
import { PLUGIN_ID } from '../../../contracts/plugin';
import type { Problem } from '../../../contracts/problems';

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
export const errorMessages = (error: unknown): Problem[] => {
  const body = (error as { response?: { data?: { error?: { message?: string; details?: { errors?: unknown } } } } })
    ?.response?.data?.error;
  const listed = body?.details?.errors;
  if (Array.isArray(listed) && listed.length && listed.every(isProblem)) {
    return listed.map(({ path, message }) => ({ path, message }));
  }
  return [{ path: [], message: body?.message ?? (error as Error)?.message ?? String(error) }];
};

/**
 * Loads `GET /data-api/<path>` (nothing for a null path): `{ data }` as answered by the admin API, and `reload`
 * after a change.
 */
export const useAdminData = <T>(path: string | null) => {
  const { get } = useFetchClient();
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: path !== null });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    get<{ data: T }>(`/${PLUGIN_ID}/${path}`)
      .then((response: { data: { data: T } }) => live && setState({ data: response.data.data, loading: false }))
      .catch((error: unknown) => live && setState({ error, loading: false }));
    return () => {
      live = false;
    };
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
};

/** The admin API's writes, `{ data }` in and out, under `/data-api`. */
export const useAdminApi = () => {
  const { post, put, del } = useFetchClient();
  return {
    post: async <T>(path: string, data: unknown) =>
      (await post<{ data: T }>(`/${PLUGIN_ID}/${path}`, { data })).data.data,
    put: async <T>(path: string, data: unknown) =>
      (await put<{ data: T }>(`/${PLUGIN_ID}/${path}`, { data })).data.data,
    del: async (path: string) => {
      await del(`/${PLUGIN_ID}/${path}`);
    },
  };
};
