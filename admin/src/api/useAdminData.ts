import { useFetchClient } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import { PLUGIN_ID } from '../../../contracts/plugin';

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
