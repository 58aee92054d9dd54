import type { Core } from '@strapi/strapi';
import { definitionOf, ENDPOINT_TYPES, METHOD_OF_TYPE, normalizePath } from '../../../contracts/definition';
import { problemsOfIssues, type Problem } from '../../../contracts/problems';
import { isPlainObject } from '../../../contracts/json';
import { slugOf } from '../../../contracts/openapi';
import {
  DESCRIPTION_TRANSFER_FORMAT,
  ROUTE_REFERENCE,
  TRANSFER_FORMAT,
  transferSchema,
  type ImportResult,
  type TransferDocument,
} from '../../../contracts/transfer';
import { routeKey } from '../stored/stored-endpoint';
import type { Path } from '../errors/definition-error';
import { AdminApiError } from '../errors/admin-api-error';
import { refuse } from '../errors/refuse';
import { getService } from './get-service';
import type { AdminActor } from './admin-rights';
import { keyResolver } from './transfer-keys';

/** `GET shop/orders`: how endpoints are named across environments (their ids differ). */
const routeOf = (method: string, path: string) => `${method} ${path}`;

/** The method of the endpoint type an imported item names, if it names one (its own check says what is wrong). */
const methodOf = (type: unknown) => {
  const known = ENDPOINT_TYPES.find((t) => t === type);
  return known && METHOD_OF_TYPE[known];
};

/** An item of the file: its path, and its name in words (`endpoint shop/orders`), which its problems end with. */
interface Item {
  path: Path;
  label: string | null;
}

/** A problem of `item`, at `path` inside it; the message ends with the item's name, which the index alone hides. */
const within = (item: Item, path: Path, message: string): Problem => ({
  path: [...item.path, ...path],
  message: item.label ? `${message} (${item.label})` : message,
});

/** The problems of a refused admin input (refuse's `details.errors`), placed inside `item` of the imported file. */
const problemsOf = (error: unknown, item: Item): Problem[] => {
  if (!(error instanceof AdminApiError && error.name === 'ValidationError')) throw error;
  const listed = (error.details as { errors?: Problem[] } | undefined)?.errors;
  return (listed ?? [{ path: [], message: error.message }]).map((p) => within(item, p.path, p.message));
};

/**
 * Export and import of the whole configuration (docs/reference.md#admin-api), for moving it between environments.
 * Keys travel by name (never a secret or hash); endpoints are matched by route and documents by slug, so importing
 * a file twice changes nothing the second time. An import is checked item by item and written in one transaction:
 * all of it, or nothing with every problem listed.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const storedEndpoints = () => getService(strapi, 'endpoints');
  const documents = () => getService(strapi, 'openapiDocuments');
  const apiKeys = () => getService(strapi, 'apiKeys');

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

  /** `actor`: the importing admin, checked and recorded as each endpoint's author. */
  const importAll = async (input: unknown, actor?: AdminActor): Promise<ImportResult> => {
    const parsed = transferSchema.safeParse(input);
    if (!parsed.success) return refuse(problemsOfIssues(parsed.error));
    const file = parsed.data;
    const early = clashes(file);
    if (early.length) refuse(early);

    const result = await strapi.db.transaction(async () => {
      const done: ImportResult = {
        endpoints: { created: 0, updated: 0 },
        documents: { created: 0, updated: 0 },
        keys: { matched: [], created: [] },
      };
      const problems: Problem[] = [];
      const keyIds = await keyResolver(apiKeys(), file, done);
      const reference = file.format === DESCRIPTION_TRANSFER_FORMAT ? 'description' : 'name';
      const listed = file.keys.map((k: { name?: string; description: string }) => k.name ?? k.description);
      for (const [i, key] of listed.entries()) {
        const resolved = await keyIds(key);
        if ('problem' in resolved) problems.push({ path: ['keys', i], message: resolved.problem });
      }

      for (const [i, raw] of file.endpoints.entries()) {
        const item = { path: ['endpoints', i], label: typeof raw.path === 'string' ? `endpoint ${raw.path}` : null };
        const auth = raw.auth;
        const keys: number[] = [];
        if (isPlainObject(auth) && auth.method === 'api-key') {
          const named = Array.isArray(auth.keys) ? auth.keys : [];
          if (!named.every((k): k is string => typeof k === 'string')) {
            problems.push(within(item, ['auth', 'keys'], `name keys by their ${reference} in an imported file`));
            continue;
          }
          for (const key of named) {
            const resolved = await keyIds(key);
            if ('problem' in resolved) problems.push(within(item, ['auth', 'keys'], resolved.problem));
            else keys.push(...resolved.ids);
          }
        }
        const definitionInput =
          isPlainObject(auth) && auth.method === 'api-key' ? { ...raw, auth: { ...auth, keys } } : raw;
        try {
          const method = methodOf(raw.type);
          const existing =
            method && typeof raw.path === 'string'
              ? await storedEndpoints().findByRoute(method, normalizePath(raw.path))
              : null;
          const definition = await storedEndpoints().validate(definitionInput, existing?.id, actor);
          await storedEndpoints().store(definition, existing?.id, actor);
          done.endpoints[existing ? 'updated' : 'created'] += 1;
        } catch (error) {
          problems.push(...problemsOf(error, item));
        }
      }

      for (const [i, doc] of file.documents.entries()) {
        const item = { path: ['documents', i], label: `document "${doc.title}"` };
        const ids: number[] = [];
        for (const reference of doc.endpoints) {
          const [, method, path] = ROUTE_REFERENCE.exec(reference)!;
          // Endpoints of the file are already written, in this transaction.
          const id = (await storedEndpoints().findByRoute(method, path))?.id;
          if (id) ids.push(id);
          else problems.push(within(item, ['endpoints'], `no endpoint ${reference}`));
        }
        try {
          const existing = await documents().findBySlug(slugOf(doc.title));
          const valid = await documents().validate({ ...doc, endpoints: [...new Set(ids)] }, existing?.id);
          await documents().save(valid, existing?.id);
          done.documents[existing ? 'updated' : 'created'] += 1;
        } catch (error) {
          problems.push(...problemsOf(error, item));
        }
      }
      // Thrown inside the transaction: nothing of the file stays.
      if (problems.length) refuse(problems);
      return done;
    });
    await getService(strapi, 'engine').changed();
    return result;
  };

  return { export: exportAll, import: importAll };
};
