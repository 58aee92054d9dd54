import type { Core } from '@strapi/strapi';
import {
  definitionOf,
  ENDPOINT_TYPES,
  METHOD_OF_TYPE,
  normalizePath,
  type EndpointDefinition,
  type StoredEndpoint,
} from '../../../contracts/definition';
import type { ApiKeySummary } from '../../../contracts/api-key';
import { isPlainObject } from '../../../contracts/json';
import { slugOf, type OpenapiDocumentInput } from '../../../contracts/openapi';
import type { Problem } from '../../../contracts/problems';
import {
  DESCRIPTION_TRANSFER_FORMAT,
  ROUTE_REFERENCE,
  type PlannedChange,
  type SettingChange,
  type TransferDocument,
} from '../../../contracts/transfer';
import type { Path } from '../errors/definition-error';
import { AdminApiError } from '../errors/admin-api-error';
import { routeKey } from '../stored/stored-endpoint';
import { sameJson } from '../utils/same-json';
import type { AdminActor } from './admin-rights';
import { getService } from './get-service';
import { listsKey, previewProblems, storedDraftReaders } from './preview-rights';
import { documentChanges, endpointChanges, type ShownDocument } from './transfer-changes';
import { markedForPreview, plannedKeyName, planKeys, type PlannedKey } from './transfer-keys';

/** The method of the endpoint type an imported item names, if it names one (its own check says what is wrong). */
export const methodOf = (type: unknown) => {
  const known = ENDPOINT_TYPES.find((t) => t === type);
  return known && METHOD_OF_TYPE[known];
};

/** An item of the file: its path, and its name in words (`endpoint shop/orders`), which its problems end with. */
export interface Item {
  path: Path;
  label: string | null;
}

/** A problem of `item`, at `path` inside it; the message ends with the item's name, which the index alone hides. */
export const within = (item: Item, path: Path, message: string): Problem => ({
  path: [...item.path, ...path],
  message: item.label ? `${message} (${item.label})` : message,
});

/** The problems of a refused admin input (refuse's `details.errors`), placed inside `item` of the imported file. */
export const problemsOf = (error: unknown, item: Item): Problem[] => {
  if (!(error instanceof AdminApiError && error.name === 'ValidationError')) throw error;
  const listed = (error.details as { errors?: Problem[] } | undefined)?.errors;
  return (listed ?? [{ path: [], message: error.message }]).map((p) => within(item, p.path, p.message));
};

/** An endpoint of the file, checked: what it will be, the keys it names (null: not keyed), and the one it replaces. */
export interface PlannedEndpoint {
  item: Item;
  definition: EndpointDefinition;
  keys: PlannedKey[] | null;
  existingId?: number;
  change: PlannedChange;
  /** What an update changes, as the preview tells it. */
  changes: SettingChange[];
}

/** A document of the file, checked: what it will be, its endpoints by route key, and the one it replaces. */
export interface PlannedDocument {
  item: Item;
  document: Omit<OpenapiDocumentInput, 'endpoints'> & { slug: string };
  routes: string[];
  existingId?: number;
  change: PlannedChange;
  changes: SettingChange[];
}

/** The ids of the keys a definition allows (none unless keyed). */
const allowedKeys = (definition: EndpointDefinition) =>
  definition.auth.method === 'api-key' ? definition.auth.keys : [];

/** A definition as compared for a change: its allowed keys are a set. */
const comparable = (definition: EndpointDefinition) =>
  definition.auth.method === 'api-key'
    ? { ...definition, auth: { ...definition.auth, keys: [...new Set(definition.auth.keys)].sort((a, b) => a - b) } }
    : definition;

/** What a document's import compares: what it shows, and its endpoints by route (ids differ between environments). */
const documentShown = (d: Omit<OpenapiDocumentInput, 'endpoints'>, routes: string[]): ShownDocument => ({
  title: d.title,
  version: d.version ?? '',
  description: d.description ?? '',
  public: d.public ?? false,
  routes,
});

/**
 * Whether importing `definition` over `existing` changes anything: its definition (compared as JSON, member order
 * aside), a key to be made, or whether it is served (one suspended or unreadable is written again, and so
 * re-checked and authored by the importing admin).
 */
const endpointChange = (existing: StoredEndpoint | null, definition: EndpointDefinition, keys: PlannedKey[] | null) => {
  if (!existing) return 'created';
  if (existing.suspended || existing.problems?.length || keys?.some((k) => k.kind === 'new')) return 'updated';
  return sameJson(comparable(definitionOf(existing)), comparable(definition)) ? 'unchanged' : 'updated';
};

/**
 * What `actor` lacks to mark for preview the keys of this environment `marked` (by their first place in the
 * file): the rights to read the drafts of the stored endpoints that list each one and that the file leaves as they
 * are. The file's own endpoints need no second look: each is checked as a save by `actor`, the same rights.
 */
const previewMarkProblems = async (
  strapi: Core.Strapi,
  marked: Map<ApiKeySummary, number>,
  endpoints: PlannedEndpoint[],
  actor?: AdminActor
) => {
  if (!marked.size) return [];
  const replaced = new Set(endpoints.map((e) => e.existingId));
  const kept = (await storedDraftReaders(strapi)).filter((r) => !replaced.has(r.id));
  const problems: Problem[] = [];
  for (const [key, i] of marked) {
    const listing = kept.filter((r) => listsKey(r.definition, key.id)).map((r) => r.definition);
    problems.push(...(await previewProblems(strapi, key.name, listing, actor, ['keys', i, 'preview'])));
  }
  return problems;
};

/**
 * What importing `file` would do, checked as the import checks it, against this environment as it is: each item
 * created, updated or unchanged, with every problem of the file (docs/reference.md#admin-api). Nothing is written:
 * the import carries the plan out in the transaction it planned it in, a preview only tells it.
 */
export const planImport = async (strapi: Core.Strapi, file: TransferDocument, actor?: AdminActor) => {
  const storedEndpoints = getService(strapi, 'endpoints');
  const documents = getService(strapi, 'openapiDocuments');
  const problems: Problem[] = [];
  const existingKeys = await getService(strapi, 'apiKeys').find();
  const keyNameOf = new Map(existingKeys.map((k) => [k.id, k.name]));
  const keys = planKeys(existingKeys, file);
  const reference = file.format === DESCRIPTION_TRANSFER_FORMAT ? 'description' : 'name';
  const marked = new Map<ApiKeySummary, number>();
  file.keys.forEach((k: { name?: string; description: string }, i) => {
    const planned = keys.resolve(k.name ?? k.description);
    if ('problem' in planned && planned.problem) problems.push({ path: ['keys', i], message: planned.problem });
    const unmarked = 'key' in planned && markedForPreview(planned.key);
    if (unmarked && !marked.has(unmarked)) marked.set(unmarked, i);
  });

  const endpoints: PlannedEndpoint[] = [];
  for (const [i, raw] of file.endpoints.entries()) {
    const item = { path: ['endpoints', i], label: typeof raw.path === 'string' ? `endpoint ${raw.path}` : null };
    const auth = raw.auth;
    let named: PlannedKey[] | null = null;
    if (isPlainObject(auth) && auth.method === 'api-key') {
      const references = Array.isArray(auth.keys) ? auth.keys : [];
      if (!references.every((k): k is string => typeof k === 'string')) {
        problems.push(within(item, ['auth', 'keys'], `name keys by their ${reference} in an imported file`));
        continue;
      }
      named = [];
      for (const key of references) {
        const planned = keys.resolve(key);
        if ('key' in planned) named.push(planned.key);
        else if (planned.problem) problems.push(within(item, ['auth', 'keys'], planned.problem));
      }
    }
    // Checked with the keys found here: those to be made exist once the import makes them.
    const found = named?.flatMap((k) => (k.kind === 'found' ? [k.key.id] : []));
    const input = found && isPlainObject(auth) ? { ...raw, auth: { ...auth, keys: found } } : raw;
    try {
      const method = methodOf(raw.type);
      const existing =
        method && typeof raw.path === 'string'
          ? await storedEndpoints.findByRoute(method, normalizePath(raw.path))
          : null;
      const definition = await storedEndpoints.validate(input, existing?.id, actor);
      const change = endpointChange(existing, definition, named);
      const before = existing && change === 'updated' ? definitionOf(existing) : null;
      const changes = before
        ? endpointChanges(before, definition, {
            before: allowedKeys(before).flatMap((id) => keyNameOf.get(id) ?? []),
            after: (named ?? []).map(plannedKeyName),
          })
        : [];
      endpoints.push({ item, definition, keys: named, existingId: existing?.id, change, changes });
    } catch (error) {
      problems.push(...problemsOf(error, item));
    }
  }

  problems.push(...(await previewMarkProblems(strapi, marked, endpoints, actor)));

  // Documents name endpoints by route: those stored here, and those of the file (created by the import).
  const stored = await storedEndpoints.find();
  const storedRoutes = new Map(stored.map((e) => [routeKey(e.method, e.path), e.id]));
  const routeOfId = new Map(stored.map((e) => [e.id, routeKey(e.method, e.path)]));
  const fileRoutes = new Set(
    file.endpoints.flatMap((e) => {
      const method = methodOf(e.type);
      return method && typeof e.path === 'string' ? [routeKey(method, normalizePath(e.path))] : [];
    })
  );
  const plannedDocuments: PlannedDocument[] = [];
  for (const [i, doc] of file.documents.entries()) {
    const item = { path: ['documents', i], label: `document "${doc.title}"` };
    const routes: string[] = [];
    for (const route of doc.endpoints) {
      const [, method, path] = ROUTE_REFERENCE.exec(route)!;
      const key = routeKey(method, path);
      if (storedRoutes.has(key) || fileRoutes.has(key)) routes.push(key);
      else problems.push(within(item, ['endpoints'], `no endpoint ${route}`));
    }
    try {
      const existing = await documents.findBySlug(slugOf(doc.title));
      const unique = [...new Set(routes)];
      const ids = unique.flatMap((key) => storedRoutes.get(key) ?? []);
      const { endpoints: _ids, ...document } = await documents.validate({ ...doc, endpoints: ids }, existing?.id);
      const before =
        existing &&
        documentShown(
          existing,
          existing.endpoints.flatMap((id) => routeOfId.get(id) ?? [])
        );
      const after = documentShown(document, unique);
      const change = !before ? 'created' : sameJson(before, after) ? 'unchanged' : 'updated';
      const changes = before && change === 'updated' ? documentChanges(before, after) : [];
      plannedDocuments.push({ item, document, routes: unique, existingId: existing?.id, change, changes });
    } catch (error) {
      problems.push(...problemsOf(error, item));
    }
  }
  return { problems, keys: keys.planned(), endpoints, documents: plannedDocuments, storedRoutes, actor };
};

export type ImportPlan = Awaited<ReturnType<typeof planImport>>;
