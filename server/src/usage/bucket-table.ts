import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { COUNTERS } from './buckets';

type Attributes = Record<string, { columnName?: string }>;

/** The usage table's name and columns, from Strapi's metadata (it makes the column names). */
export const bucketTable = (strapi: Core.Strapi) => {
  const { tableName, attributes } = strapi.db.metadata.get(UIDS.usageBucket) as unknown as {
    tableName: string;
    attributes: Attributes;
  };
  const column = (name: string) => attributes[name].columnName ?? name;
  return {
    table: tableName,
    hour: column('hour'),
    endpointId: column('endpointId'),
    keyId: column('keyId'),
    route: column('route'),
    /** In the order of COUNTERS. */
    counters: COUNTERS.map(column),
  };
};

export type BucketTable = ReturnType<typeof bucketTable>;
