import { useFetchClient } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import { PLUGIN_ID } from '../../../contracts/plugin';

/** Whether a failed admin API call was refused for lack of rights (403). */
export const isForbidden = (error: unknown) =>
  (error as { status?: number; response?: { status?: number } } | undefined)?.status === 403 ||
  (error as { response?: { status?: number } } | undefined)?.response?.status === 403;

/** Loads `GET /data-api/<path>` once; `{ data }` as answered by the admin API. */
export const useAdminData = <T>(path: string) => {
  const { get } = useFetchClient();
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  useEffect(() => {
    let live = true;
    get<{ data: T }>(`/${PLUGIN_ID}/${path}`)
      .then((response: { data: { data: T } }) => live && setState({ data: response.data.data, loading: false }))
      .catch((error: unknown) => live && setState({ error, loading: false }));
    return () => {
      live = false;
    };
  }, [path]);
  return state;
};
