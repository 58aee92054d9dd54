import type { Core } from '@strapi/strapi';
import type { CachePurge, CacheStats } from '../../../contracts/cache';
import { UIDS } from '../../../contracts/plugin';
import { getService } from './get-service';

/**
 * The admin API's control of the response cache (docs/cache.md): this instance's figures, and purges, which the
 * cache sends to the other instances as writes.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const cache = () => getService(strapi, 'engine').cache;
  return {
    stats: (): CacheStats => cache().stats(),
    purgeAll: (): CachePurge => cache().purge(),
    /** Null when there is no endpoint `id` (a stored one: a switched-off or suspended endpoint may hold entries). */
    async purgeEndpoint(id: number): Promise<CachePurge | null> {
      const stored = await strapi.db.query(UIDS.endpoint).findOne({ where: { id }, select: ['id'] });
      return stored ? cache().purge(id) : null;
    },
  };
};
