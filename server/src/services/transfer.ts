import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { definitionOf, METHOD_OF_TYPE, normalizePath } from '../../../contracts/definition';
import { problemsOfIssues, type Problem } from '../../../contracts/problems';
import { slugOf } from '../../../contracts/openapi';
import { UIDS } from '../../../contracts/plugin';
import {
  TRANSFER_FORMAT,
  transferSchema,
  type ImportPreview,
  type ImportResult,
  type TransferDocument,
} from '../../../contracts/transfer';
import { pluginTable } from '../stored/plugin-table';
import { routeKey } from '../stored/stored-endpoint';
import { refuse } from '../errors/refuse';
import { bucketTable } from '../usage/bucket-table';
import { takeOverHistory } from '../usage/take-over-history';
import { getService } from './get-service';
import type { AdminActor } from './admin-rights';
import { toldChanges } from './transfer-changes';
import { applyKeys, keyItem } from './transfer-keys';
import { methodOf, planImport, problemsOf, type ImportPlan } from './transfer-plan';

/** `GET shop/orders`: how endpoints are named across environments (their ids differ). */
const routeOf = (method: string, path: string) => `${method} ${path}`;

const noCounts = () => ({ created: 0, updated: 0, unchanged: 0 });

/**
 * Export and import of the whole configuration (docs/reference.md#admin-api), for moving it between environments.
 * Keys travel by name (never a secret or hash); endpoints are matched by route and documents by slug, so importing
 * a file twice changes nothing the second time. An import is planned (every item checked, and told created,
 * updated or unchanged), then carried out in one transaction: all of it, or nothing with every problem listed. A
 * preview answers the plan and writes nothing.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const storedEndpoints = () => getService(strapi, 'endpoints');
  const documents = () => getService(strapi, 'openapiDocuments');
  const apiKeys = () => getService(strapi, 'apiKeys');
  const usageTable = () => bucketTable(strapi);
  const endpointTable = () => pluginTable(strapi, UIDS.endpoint).name;

  const exportAll = async (): Promise<TransferDocument> => {
    const [keys, endpoints, docs] = await Promise.all([apiKeys().find(), storedEndpoints().find(), documents().find()]);
    const nameOf = new Map(keys.map((k) => [k.id, k.name]));
    const routeById = new Map(endpoints.map((e) => [e.id, routeOf(e.method, e.path)]));
    return {
      format: TRANSFER_FORMAT,
      exportedAt: new Date().toISOString(),
      keys: keys.map(({ name, description, rateLimit, preview }) => ({ name, description, rateLimit, preview })),
      endpoints: endpoints.map(definitionOf).map((definition) => ({
        ...definition,
        auth:
          definition.auth.method === 'api-key'
            ? { method: 'api-key', keys: definition.auth.keys.flatMap((k) => nameOf.get(k) ?? []) }
            : definition.auth,
      })),
      documents: docs.map((d) => ({
        title: d.title,
        version: d.version,
        description: d.description,
        public: d.public,
        endpoints: d.endpoints.flatMap((id) => routeById.get(id) ?? []),
      })),
    };
  };

  /** Problems the items of a file have with each other: two endpoints on one route, two documents on one slug. */
  const clashes = (file: TransferDocument) => {
    const problems: Problem[] = [];
    const routes = new Map<string, number>();
    file.endpoints.forEach((e, i) => {
      const method = methodOf(e.type);
      if (!method || typeof e.path !== 'string') return;
      const key = routeKey(method, normalizePath(e.path));
      if (routes.has(key))
        problems.push({ path: ['endpoints', i], message: `same route as endpoints[${routes.get(key)}]` });
      else routes.set(key, i);
    });
    const slugs = new Map<string, number>();
    file.documents.forEach((d, i) => {
      const slug = slugOf(d.title);
      if (slugs.has(slug))
        problems.push({ path: ['documents', i], message: `same slug "${slug}" as documents[${slugs.get(slug)}]` });
      else slugs.set(slug, i);
    });
    return problems;
  };

  /** The file `input`, checked as a whole: its shape, then items that clash with each other. */
  const parseFile = (input: unknown): TransferDocument => {
    const parsed = transferSchema.safeParse(input);
    if (!parsed.success) return refuse(problemsOfIssues(parsed.error));
    const early = clashes(parsed.data);
    if (early.length) refuse(early);
    return parsed.data;
  };

  /** What importing `input` would do, checked as an import (`actor`'s rights included); nothing is written. */
  const preview = async (input: unknown, actor?: AdminActor): Promise<ImportPreview> => {
    const plan = await planImport(strapi, parseFile(input), actor);
    if (plan.problems.length) refuse(plan.problems);
    return {
      endpoints: plan.endpoints.map(({ definition, change, changes }) => ({
        change,
        name: definition.name,
        detail: routeOf(METHOD_OF_TYPE[definition.type], definition.path),
        ...toldChanges(changes),
      })),
      documents: plan.documents.map(({ document, change, changes }) => ({
        change,
        name: document.title,
        detail: document.slug,
        ...toldChanges(changes),
      })),
      keys: plan.keys.map(keyItem),
    };
  };

  /**
   * Carries out a plan in the transaction `trx` it was made in: keys, then endpoints (an endpoint made takes over
   * the usage history of a deleted one on its route), then documents, which name endpoints by route. Items the
   * file holds unchanged are left as they are.
   */
  const apply = async (plan: ImportPlan, trx: Knex.Transaction): Promise<ImportResult> => {
    const done: ImportResult = { endpoints: noCounts(), documents: noCounts(), keys: { matched: [], created: [] } };
    const keyIds = await applyKeys(apiKeys(), plan.keys, done);
    const idOfRoute = new Map(plan.storedRoutes);
    for (const { item, definition, keys, existingId, change } of plan.endpoints) {
      done.endpoints[change] += 1;
      if (change === 'unchanged') continue;
      const auth =
        keys && definition.auth.method === 'api-key'
          ? { ...definition.auth, keys: keys.flatMap((k) => keyIds.get(k) ?? []) }
          : definition.auth;
      try {
        const stored = await storedEndpoints().store({ ...definition, auth }, existingId, plan.actor);
        idOfRoute.set(routeKey(stored.method, stored.path), stored.id);
        if (change === 'created')
          await takeOverHistory(trx, usageTable(), endpointTable(), stored.id, routeOf(stored.method, stored.path));
      } catch (error) {
        refuse(problemsOf(error, item));
      }
    }
    for (const { item, document, routes, existingId, change } of plan.documents) {
      done.documents[change] += 1;
      if (change === 'unchanged') continue;
      const endpoints = routes.flatMap((key) => idOfRoute.get(key) ?? []);
      try {
        await documents().save({ ...document, endpoints }, existingId);
      } catch (error) {
        refuse(problemsOf(error, item));
      }
    }
    return done;
  };

  /** `actor`: the importing admin, checked and recorded as the author of each endpoint written. */
  const importAll = async (input: unknown, actor?: AdminActor): Promise<ImportResult> => {
    const file = parseFile(input);
    const result = await strapi.db.transaction(async ({ trx }) => {
      const plan = await planImport(strapi, file, actor);
      // Thrown inside the transaction: nothing of the file stays.
      if (plan.problems.length) refuse(plan.problems);
      return apply(plan, trx);
    });
    await getService(strapi, 'engine').changed();
    return result;
  };

  return { export: exportAll, preview, import: importAll };
};
