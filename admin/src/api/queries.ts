import { useQuery } from 'react-query';
import type { FileOperation, OperationName, ParamsOf, ReadOperation } from '../../../contracts/admin-api';
import { adminApi, type QueryParams } from './client';

/**
 * A read's cache key: its operation's name, then its route parameters as text (`7` from the admin API and `'7'`
 * from the panel's URL are one record) and its query string's.
 */
export const adminQueryKey = (
  name: OperationName,
  params: Readonly<Record<string, unknown>> = {},
  query: QueryParams = {}
) => [name, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), query] as const;

interface ReadOptions {
  query?: QueryParams;
  /** Keep showing the last answer while the next one (another query string) loads. */
  keepPreviousData?: boolean;
}

/** A read's parameters, or null to load nothing (yet); left out when it has none. */
type ReadArgs<N extends ReadOperation> = keyof ParamsOf<N> extends never
  ? [params?: ParamsOf<N> | null, options?: ReadOptions]
  : [params: ParamsOf<N> | null, options?: ReadOptions];

/**
 * The `data` a read operation of the admin API answers, cached under its key and shared by every component that
 * shows it (nothing loads while its params are null). A refusal is shown at once, not retried.
 */
export const useAdminQuery = <N extends ReadOperation>(name: N, ...[params, options = {}]: ReadArgs<N>) =>
  useQuery({
    queryKey: adminQueryKey(name, params ?? {}, options.query),
    queryFn: () => adminApi.read(name, params ?? {}, options.query),
    enabled: params !== null,
    keepPreviousData: options.keepPreviousData,
    retry: false,
  });

/** The content of a file the admin API answers (an OpenAPI document as generated now), cached like a read. */
export const useAdminFile = <N extends FileOperation>(name: N, params: ParamsOf<N>) =>
  useQuery({
    queryKey: adminQueryKey(name, params),
    queryFn: () => adminApi.download(name, params),
    retry: false,
  });
