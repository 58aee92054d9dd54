import type { Core } from '@strapi/strapi';
import { randomUUID } from 'node:crypto';
import type { EndpointDefinition } from '../../../contracts/definition';
import { PLUGIN_ID, UIDS } from '../../../contracts/plugin';
import { formatProblem } from '../../../contracts/problems';
import type { RateLimit } from '../../../contracts/rate-limit';
import { resolveKeySecret } from '../auth/key-secret';
import { pluginConfig } from '../config/plugin-config';
import { NO_LOCALES, type SiteLocales } from '../query/locale';
import { checkDefinition } from './check-definition';
import type { CompiledEndpoint } from './compile-endpoint';
import type { CompileDeps } from './deps';
import { buildRouteTable, type RouteTable } from './route-table';
import { readSiteLocales, watchDefaultLocale } from './site-locales';
import { warnOnSpoofableAddress } from './spoofable-address';
import { keyInForce } from '../stored/stored-api-key';
import { storedEndpoint, toDefinitionInput, type StoredEndpointRow } from '../stored/stored-endpoint';
import { decodeRows, describeRefusal, warnLeftOut } from '../stored/decode';

export interface KeyRecord {
  id: number;
  expiresAt: number | null;
  /** The key's own limit across its endpoints. */
  rateLimit: RateLimit | null;
  /** Marked for preview: may read drafts where an endpoint takes its status from the request. */
  preview: boolean;
}

/** Everything the runtime reads per request, swapped as a whole when definitions or keys change. */
export interface Snapshot {
  revision: string | null;
  routes: RouteTable;
  /** The endpoints in force (those of the route table), by id. */
  endpoints: Map<number, CompiledEndpoint>;
  keys: Map<string, KeyRecord>;
  /** The same keys by id (a signed file URL names its key by id). */
  keysById: Map<number, KeyRecord>;
  keySecret: string;
  /** Why each enabled endpoint is not served, by endpoint id: its author's rights, a rule it breaks, a clash. */
  suspended: Map<number, string>;
  /** The site's locales these endpoints were compiled with; a definition saved now is checked against them. */
  locales: SiteLocales;
}

/** Why each endpoint whose author lacks the Content Manager rights it uses is not served (the admin rights). */
export type Suspensions = (
  endpoints: Array<{ id: number; authorId: number; definition: EndpointDefinition }>
) => Promise<Map<number, string>>;

/**
 * The compiled definitions and keys of this instance. Every change writes a new revision to Strapi's store;
 * every instance polls that one value and recompiles when it moved, so a change made anywhere is in force
 * everywhere within `refreshIntervalMs` plus the time to recompile.
 */
export const createRegistry = (
  strapi: Core.Strapi,
  depsFor: (locales: SiteLocales) => CompileDeps,
  suspensions: Suspensions
) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  const readRevision = async () => ((await store().get({ key: 'revision' })) as string | null) ?? null;
  const interval = pluginConfig(strapi, 'refreshIntervalMs');
  let current: Snapshot = {
    revision: null,
    routes: new Map(),
    endpoints: new Map(),
    keys: new Map(),
    keysById: new Map(),
    keySecret: '',
    suspended: new Map(),
    locales: NO_LOCALES,
  };
  let timer: NodeJS.Timeout | null = null;
  // Loads since this instance started (the boot's and every reload), for the operators' metrics.
  let loads = 0;
  let loading: Promise<void> | null = null;

  /**
   * Why each enabled endpoint is not served, by id: logged, and answered by the admin API (`suspended`). A
   * definition broken by a later schema change stays off rather than taking the runtime down.
   */
  type NotServed = Map<number, string>;
  const notServe = (notServed: NotServed, row: StoredEndpointRow, why: string) => {
    strapi.log.warn(`[data-api] endpoint ${row.id} (${row.path}) is not served: ${why}`);
    notServed.set(row.id, why);
  };

  const STAGE_REASON = {
    shape: 'the stored definition breaks a current rule',
    site: 'the definition no longer fits its content type',
  } as const;

  /**
   * Each row checked as a save would check it; a row that fails is not served, and says why. A row that does
   * not even decode (its id, author or dates) is not served either: logged, with nothing to answer it by.
   */
  const checkAll = (rows: unknown[], deps: CompileDeps, notServed: NotServed) =>
    decodeRows(rows, storedEndpoint.decode, (refused) =>
      strapi.log.warn(`[data-api] an endpoint is not served: ${describeRefusal(refused)}`)
    ).flatMap((row) => {
      const checked = checkDefinition(strapi, deps, toDefinitionInput(row), row.id);
      if (checked.ok) return [{ id: row.id, row, ...checked }];
      notServe(notServed, row, `${STAGE_REASON[checked.stage]}: ${checked.problems.map(formatProblem).join('; ')}`);
      return [];
    });

  /** Endpoints whose author no longer holds the Content Manager rights they use are not served (suspended). */
  const suspensionsOf = (checked: ReturnType<typeof checkAll>) =>
    suspensions(
      checked.flatMap(({ id, row, definition }) =>
        row.authorId === null ? [] : [{ id, authorId: row.authorId, definition }]
      )
    );

  /**
   * Reads the definitions, keys and the site's locales, compiles with those locales, and swaps the snapshot: the
   * locales a save is checked against change with the endpoints in force, so a load that fails leaves both.
   */
  const load = async () => {
    const revision = await readRevision();
    const [rows, keys, locales] = await Promise.all([
      strapi.db.query(UIDS.endpoint).findMany({ where: { enabled: true }, orderBy: { id: 'asc' } }),
      strapi.db.query(UIDS.apiKey).findMany({ select: keyInForce.columns }),
      readSiteLocales(strapi),
    ]);
    const suspended: NotServed = new Map();
    const checked = checkAll(rows, depsFor(locales), suspended);
    const byId = new Map(checked.map((c) => [c.id, c.row]));
    for (const [id, reason] of await suspensionsOf(checked)) notServe(suspended, byId.get(id)!, reason);
    const endpoints = checked.filter((c) => !suspended.has(c.id)).map((c) => c.endpoint);
    warnOnSpoofableAddress(strapi, endpoints);
    const routes = buildRouteTable(endpoints, (kept, dropped) =>
      notServe(suspended, byId.get(dropped.id)!, `endpoint ${kept.id} has ${kept.method} /_api/${kept.path}`)
    );
    // A key whose row does not decode is not in force: its secret is refused as an unknown one's.
    const keyRecords = decodeRows(keys, keyInForce.decode, warnLeftOut(strapi)).map(
      ({ hash, expiresAt, ...key }): [string, KeyRecord] => [
        hash,
        { ...key, expiresAt: expiresAt === null ? null : Date.parse(expiresAt) },
      ]
    );
    current = {
      revision,
      routes,
      endpoints: new Map([...routes.values()].flatMap((byMethod) => [...byMethod.values()].map((e) => [e.id, e]))),
      keys: new Map(keyRecords),
      keysById: new Map(keyRecords.map(([, record]) => [record.id, record])),
      keySecret: resolveKeySecret(strapi),
      suspended,
      locales,
    };
    loads += 1;
  };

  const reload = () => {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  };

  const poll = async () => {
    try {
      if ((await readRevision()) !== current.revision) await reload();
    } catch (error) {
      strapi.log.warn(`[data-api] could not check for definition changes: ${(error as Error).message}`);
    }
  };

  /** Marks a change for every instance and recompiles this one at once. */
  const changed = async () => {
    await store().set({ key: 'revision', value: randomUUID() });
    await loading;
    await reload();
  };

  return {
    snapshot: () => current,
    /** How many times the definitions were loaded since this instance started. */
    loads: () => loads,
    async start() {
      await reload();
      // An endpoint without a locale reads the default one, which an admin may change at any time.
      watchDefaultLocale(strapi, changed);
      const unchecked = await strapi.db
        .query(UIDS.endpoint)
        .count({ where: { enabled: true, authorId: { $null: true } } });
      if (unchecked) {
        strapi.log.warn(
          `[data-api] ${unchecked} enabled endpoint(s) have no author (saved before this version, or by code): they are not checked against an admin's Content Manager permissions. Save them again in the admin panel to have them checked.`
        );
      }
      timer = setInterval(poll, interval);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    changed,
  };
};
