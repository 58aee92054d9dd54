import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { problemsOfIssues } from '../../../contracts/problems';
import {
  KEY_TOP_ENDPOINTS,
  KEY_WINDOWS_DAYS,
  usageQuerySchema,
  type KeyUsage,
  type UsageGroup,
  type UsageSeries,
} from '../../../contracts/usage';
import { pluginConfig } from '../config/plugin-config';
import { refuse } from '../errors/refuse';
import { bucketTable, type BucketTable } from '../usage/bucket-table';
import { hourOf } from '../usage/buckets';
import { addSums, countsOf, noSums } from '../usage/counts';
import { createUsageRecorder } from '../usage/recorder';
import { buildSeries, seriesRange, type Labeller } from '../usage/series';
import { sumBuckets } from '../usage/sum-buckets';
import { decodeRows, warnLeftOut } from '../stored/decode';
import { keyLastUse, keyName } from '../stored/stored-api-key';
import { endpointLabel } from '../stored/stored-endpoint';
import type { SumRow } from '../stored/stored-usage-bucket';

/**
 * Usage statistics (docs/usage.md): this instance's recorder, which the runtime counts into and which writes
 * to the database off the request path, and the admin API's reads of what every instance wrote.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const settings = pluginConfig(strapi, 'usage');
  const recorder = createUsageRecorder(strapi, settings);
  let table: BucketTable | null = null;
  const leftOut = warnLeftOut(strapi);
  const sum = (request: Parameters<typeof sumBuckets>[2]) =>
    sumBuckets(strapi.db.connection, (table ??= bucketTable(strapi)), request);

  /** Endpoints as they are now (`GET shop/orders`, and their name), else the route their rows hold. */
  const endpointLabels = async (): Promise<Labeller> => {
    const rows = await strapi.db.query(UIDS.endpoint).findMany({ select: endpointLabel.columns });
    const endpoints = new Map(decodeRows(rows, endpointLabel.decode, leftOut).map((e) => [e.id, e]));
    return (id, route) => {
      const endpoint = endpoints.get(id);
      return endpoint
        ? { label: `${endpoint.method} ${endpoint.path}`, name: endpoint.name, gone: false }
        : { label: route, name: null, gone: true };
    };
  };

  /**
   * Keys by name; key 0 (no key) has no label. Without `showKeys` (an admin who may not read keys) no key has one,
   * and none is said to be gone: ids only, telling nothing of which keys exist.
   */
  const keyLabels = async (rows: SumRow[], showKeys: boolean): Promise<Labeller> => {
    if (!showKeys) return () => ({ label: null, name: null, gone: false });
    const ids = [...new Set(rows.map((row) => row.group).filter((id) => id !== 0))];
    const keys = ids.length
      ? await strapi.db.query(UIDS.apiKey).findMany({ where: { id: { $in: ids } }, select: keyName.columns })
      : [];
    const names = new Map(decodeRows(keys, keyName.decode, leftOut).map((k) => [k.id, k.name]));
    return (id) => ({
      label: id === 0 ? null : (names.get(id) ?? null),
      name: null,
      gone: id !== 0 && !names.has(id),
    });
  };

  /** A key's last use, for an admin who may read keys; null otherwise, as for a key never used or not there. */
  const lastUsedOf = async (id: number, showKeys: boolean) => {
    if (!showKeys) return null;
    const key = await strapi.db.query(UIDS.apiKey).findOne({ where: { id }, select: keyLastUse.columns });
    return key ? (decodeRows([key], keyLastUse.decode, leftOut)[0]?.lastUsedAt ?? null) : null;
  };

  return {
    recorder,
    /** Starts the periodic flush when usage is counted. */
    start() {
      if (settings.enabled) recorder.start();
    },
    /** Writes what is left; called when Strapi stops. */
    stop: () => recorder.stop(),

    /**
     * Requests over time in `query`'s range (the admin API's query string, checked here), per endpoint or key;
     * keys named only with `showKeys`.
     */
    async series(query: unknown, showKeys: boolean): Promise<UsageSeries> {
      const parsed = usageQuerySchema.safeParse(query);
      if (!parsed.success) return refuse(problemsOfIssues(parsed.error));
      const { from, to, groupBy, endpoint, key } = parsed.data;
      const range = seriesRange(from, to);
      const rows = await sum({ ...range, groupBy, endpointId: endpoint, keyId: key });
      const labels = groupBy === 'endpoint' ? await endpointLabels() : await keyLabels(rows, showKeys);
      return buildSeries(range, rows, labels);
    },

    /**
     * A key's last use (with `showKeys`) and, over the last 7 and 30 days, its totals and busiest endpoints. An id
     * of no key is answered like a key without requests: whether a key exists is for admins who may read keys.
     */
    async keyUsage(id: number, showKeys: boolean): Promise<KeyUsage> {
      const now = hourOf(Date.now());
      const labelOf = await endpointLabels();
      const windows = await Promise.all(
        KEY_WINDOWS_DAYS.map(async (days) => {
          const rows = await sum({
            fromHour: now - days * 24 + 1,
            toHour: now + 1,
            slotHours: null,
            groupBy: 'endpoint',
            keyId: id,
          });
          const busiest = rows.sort((a, b) => b.sums[0] - a.sums[0] || a.group - b.group);
          const endpoints: KeyUsage['windows'][number]['endpoints'] = busiest.slice(0, KEY_TOP_ENDPOINTS).map(
            (row): Omit<UsageGroup, 'points'> => ({
              id: row.group,
              ...labelOf(row.group, row.route),
              totals: countsOf(row.sums),
            })
          );
          const totals = countsOf(rows.reduce((all, row) => addSums(all, row.sums), noSums()));
          return { days, totals, endpoints };
        })
      );
      return { lastUsedAt: await lastUsedOf(id, showKeys), windows };
    },
  };
};
