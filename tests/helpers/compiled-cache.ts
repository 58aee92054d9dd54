import { CDN_TAG_HEADERS, type CdnTagHeader } from '../../contracts/cache';
import { definitionSchema } from '../../contracts/definition';
import { compileCache } from '../../server/src/cache/compile-cache';
import { createReadsRecorder } from '../../server/src/cache/reads-recorder';

/**
 * A cached List of endpoint 1 on `api::order.order` (with `definition`'s changes) as the engine compiles it, and
 * its recorder, whose statements read what `readsOf` says (as totals/table-owners maps tables to types); its
 * totals count at once. Every CDN tag header unless `tagHeaders` says otherwise.
 */
export const compiledCache = (
  readsOf: (sql: string) => string[],
  definition: Record<string, unknown> = {},
  { endpointId = 1, tagHeaders = CDN_TAG_HEADERS }: { endpointId?: number; tagHeaders?: readonly CdnTagHeader[] } = {}
) => {
  const recorder = createReadsRecorder(endpointId, { readsOf, total: async (_sql, _bindings, count) => count() });
  const parsed = definitionSchema.parse({
    name: 'orders',
    path: 'orders',
    type: 'list',
    object: 'api::order.order',
    fields: [{ name: 'id' }],
    auth: { method: 'api-key', keys: [1] },
    cache: { maxAgeSeconds: 60 },
    ...definition,
  });
  const cache = compileCache(endpointId, parsed, 'site', null, recorder, tagHeaders);
  if (!cache) throw new Error('the definition keeps no answers');
  return { cache, recorder };
};
