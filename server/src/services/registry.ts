import type { Core } from '@strapi/strapi';
import { createHash, randomUUID } from 'node:crypto';
import { definitionSchema, METHOD_OF_TYPE } from '../../../contracts/definition';
import { PLUGIN_ID } from '../../../contracts/permissions';
import type { CompileDeps } from '../handlers/types';
import { dialectOf } from '../query/dialect';
import { createExecutor } from '../query/executor';
import { buildModel, type Model } from '../query/model';
import { compileEndpoint, type CompiledEndpoint } from '../runtime/compile';
import { buildRouteTable, type RouteTable } from '../runtime/routes';
import type { PluginConfig } from '../config';

export interface KeyRecord {
  id: number;
  expiresAt: number | null;
}

/** Everything the runtime reads per request, swapped as a whole when definitions or keys change. */
export interface Snapshot {
  revision: string | null;
  routes: RouteTable;
  keys: Map<string, KeyRecord>;
  keySecret: string;
}

const ENDPOINT_UID = `plugin::${PLUGIN_ID}.endpoint`;
const KEY_UID = `plugin::${PLUGIN_ID}.api-key`;

const resolveKeySecret = (strapi: Core.Strapi): string => {
  const configured = strapi.config.get<PluginConfig['keySecret']>(`plugin::${PLUGIN_ID}.keySecret`);
  if (configured) return configured;
  const appKeys = strapi.config.get<string[] | undefined>('server.app.keys');
  if (!appKeys?.length) {
    throw new Error('data-api: set `keySecret` in the plugin config (or `server.app.keys`) to hash API keys');
  }
  return createHash('sha512')
    .update(`data-api-keys:${appKeys.join(',')}`)
    .digest('hex');
};

/**
 * The compiled definitions and keys of this instance. Every change writes a new revision to Strapi's store;
 * every instance polls that one value and recompiles when it moved, so a change made anywhere is in force
 * everywhere within `refreshIntervalMs`.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  const interval = strapi.config.get<number>(`plugin::${PLUGIN_ID}.refreshIntervalMs`);
  let current: Snapshot = { revision: null, routes: new Map(), keys: new Map(), keySecret: '' };
  let timer: NodeJS.Timeout | null = null;
  let loading: Promise<void> | null = null;
  let deps: CompileDeps | null = null;

  const compileDeps = (): CompileDeps => {
    if (deps) return deps;
    const dialect = dialectOf(strapi);
    const models = new Map<string, Model | null>();
    const url = strapi.config.get<string>('server.url');
    deps = {
      dialect,
      executor: createExecutor(strapi, dialect),
      modelOf: (uid) => {
        if (!models.has(uid)) models.set(uid, buildModel(strapi, uid));
        return models.get(uid)!;
      },
      publicUrl: url && /^https?:\/\//.test(url) ? url.replace(/\/+$/, '') : null,
    };
    return deps;
  };

  const load = async () => {
    const revision = ((await store().get({ key: 'revision' })) as string | null) ?? null;
    const [rows, keys] = await Promise.all([
      strapi.db.query(ENDPOINT_UID).findMany({ where: { enabled: true } }),
      strapi.db.query(KEY_UID).findMany({ select: ['id', 'hash', 'expiresAt'] }),
    ]);
    const endpoints: CompiledEndpoint[] = [];
    for (const row of rows) {
      try {
        const definition = definitionSchema.parse(toDefinitionInput(row));
        endpoints.push(compileEndpoint(row.id, definition, METHOD_OF_TYPE[definition.type], compileDeps()));
      } catch (error) {
        // A definition broken by a later schema change stays off rather than taking the runtime down.
        strapi.log.warn(`[data-api] endpoint ${row.id} (${row.path}) is disabled: ${(error as Error).message}`);
      }
    }
    current = {
      revision,
      routes: buildRouteTable(endpoints),
      keys: new Map(
        keys.map((k) => [
          k.hash as string,
          { id: k.id as number, expiresAt: k.expiresAt ? new Date(k.expiresAt).getTime() : null },
        ])
      ),
      keySecret: current.keySecret || resolveKeySecret(strapi),
    };
  };

  const reload = () => {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  };

  const poll = async () => {
    try {
      const revision = ((await store().get({ key: 'revision' })) as string | null) ?? null;
      if (revision !== current.revision) await reload();
    } catch (error) {
      strapi.log.warn(`[data-api] could not check for definition changes: ${(error as Error).message}`);
    }
  };

  return {
    snapshot: () => current,
    compileDeps,
    async start() {
      await reload();
      timer = setInterval(poll, interval);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** Marks a change for every instance and recompiles this one at once. */
    async changed() {
      await store().set({ key: 'revision', value: randomUUID() });
      await loading;
      await reload();
    },
  };
};

/** A stored endpoint row as the definition JSON of DESIGN.md section 2. */
export const toDefinitionInput = (row: Record<string, unknown>) => ({
  name: row.name,
  path: row.path,
  type: row.type,
  object: row.object,
  parameter: row.parameter ?? 'none',
  filter: row.filter ?? {},
  fields: row.fields ?? [],
  presets: row.presets ?? {},
  sort: row.sort ?? [],
  auth: row.auth,
  allowedIps: row.allowedIps ?? [],
  tasks: row.tasks ?? [],
  ...(row.aggregate ? { aggregate: row.aggregate } : {}),
  status: row.status ?? 'published',
  publish: Boolean(row.publish),
  enabled: row.enabled !== false,
});
