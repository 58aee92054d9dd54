import { useMutation, useQueryClient } from 'react-query';
import type { DataOf, FileOperation, InputOf, OperationName, ReadOperation } from '../../../contracts/admin-api';
import { adminApi } from './client';

/** The operations that change something. */
export type WriteOperation = Exclude<OperationName, ReadOperation | FileOperation>;

/** The part of an operation's name before the dot: what it is about (`endpoints`). */
type ResourceOf<N extends OperationName> = N extends `${infer R}.${string}` ? R : never;
type Resource = ResourceOf<OperationName>;

const ENDPOINTS: readonly Resource[] = ['endpoints', 'openapiDocuments'];
const KEYS: readonly Resource[] = ['apiKeys', 'endpoints'];
const DOCUMENTS: readonly Resource[] = ['openapiDocuments'];

/**
 * The reads a change makes stale, by resource: its own, and those that show what it changed (a document lists
 * endpoints and is generated from them, an endpoint names its keys). A new write must say which.
 */
const STALE_AFTER: { readonly [W in WriteOperation]: readonly Resource[] } = {
  'endpoints.create': ENDPOINTS,
  'endpoints.update': ENDPOINTS,
  'endpoints.delete': ENDPOINTS,
  'apiKeys.create': KEYS,
  'apiKeys.update': KEYS,
  'apiKeys.delete': KEYS,
  'openapiDocuments.create': DOCUMENTS,
  'openapiDocuments.update': DOCUMENTS,
  'openapiDocuments.delete': DOCUMENTS,
  'transfer.import': ['endpoints', 'apiKeys', 'openapiDocuments'],
  // Writes nothing.
  'transfer.preview': [],
  'sessions.delete': ['sessions'],
  'cache.purgeAll': ['cache'],
  'cache.purgeEndpoint': ['cache'],
};

const resourceOf = (name: unknown) => String(name).split('.')[0];

/**
 * A write of the admin API. Once it succeeded, the reads it made stale are loaded again before `mutateAsync`
 * resolves, those of pages not shown too: the page a save goes back to shows the list as it now is. A read that
 * never loaded (one waiting for its parameters, as a new endpoint's) has nothing to load again.
 */
export const useAdminMutation = <N extends WriteOperation>(name: N) => {
  const client = useQueryClient();
  return useMutation<DataOf<N>, unknown, InputOf<N>>((input) => adminApi.write(name, input), {
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (query) =>
          query.state.status !== 'idle' &&
          (STALE_AFTER[name] as readonly string[]).includes(resourceOf(query.queryKey[0])),
        refetchInactive: true,
      }),
  });
};
