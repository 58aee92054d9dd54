import type { Knex } from 'knex';
import type { BucketTable } from './bucket-table';

/**
 * Gives endpoint `endpointId` the usage history counted under its route (`GET shop/orders`, without regard to
 * case, as routes are matched) by endpoints that no longer exist (docs/usage.md#history-across-re-import): an
 * import that recreates a deleted endpoint continues its history rather than starting a second one. The rows of
 * several such endpoints are added up per hour and key. Runs in the caller's transaction `trx`, with the new
 * endpoint already written (it is no gone endpoint), in two statements whatever the number of rows.
 */
export const takeOverHistory = async (
  trx: Knex.Transaction,
  t: BucketTable,
  endpointTable: string,
  endpointId: number,
  route: string
) => {
  const gone = (query: Knex.QueryBuilder) =>
    query
      .whereRaw('lower(??) = ?', [t.route, route.toLowerCase()])
      .whereNotIn(t.endpointId, trx(endpointTable).select('id'));
  if (!Number.isSafeInteger(endpointId)) throw new Error(`not an endpoint id: ${endpointId}`);
  const columns = [t.hour, t.endpointId, t.keyId, t.route, ...t.counters];
  // The id is written into the SQL (a checked integer): PostgreSQL would type a bound one in a SELECT list as text.
  const sums = trx(t.table)
    .select(t.hour, trx.raw(`${endpointId} as ??`, [t.endpointId]), t.keyId, trx.raw('? as ??', [route, t.route]))
    .groupBy(t.hour, t.keyId);
  t.counters.forEach((column) => sums.select(trx.raw('sum(??) as ??', [column, column])));
  await trx.into(trx.raw(`?? (${columns.map(() => '??').join(', ')})`, [t.table, ...columns])).insert(gone(sums));
  await gone(trx(t.table)).del();
};
