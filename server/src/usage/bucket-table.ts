import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { pluginTable } from '../stored/plugin-table';
import { COUNTERS } from './buckets';

/** The usage table's name and columns, from Strapi's metadata (it makes the column names). */
export const bucketTable = (strapi: Core.Strapi) => {
  const { name, column } = pluginTable(strapi, UIDS.usageBucket);
  return {
    table: name,
    hour: column('hour'),
    endpointId: column('endpointId'),
    keyId: column('keyId'),
    route: column('route'),
    /** In the order of COUNTERS. */
    counters: COUNTERS.map(column),
  };
};

export type BucketTable = ReturnType<typeof bucketTable>;
