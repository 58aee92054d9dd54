import type { Core } from '@strapi/strapi';
import {
  definitionOf,
  definitionSchema,
  METHOD_OF_TYPE,
  withoutStoredMembers,
  type EndpointDefinition,
  type StoredEndpoint,
} from '../../../contracts/definition';
import type { IndexAdvice } from '../../../contracts/index-advice';
import { UIDS } from '../../../contracts/plugin';
import type { Problem } from '../../../contracts/problems';
import { keyId } from '../stored/stored-api-key';
import { endpointLabel, routeKey, storedEndpoint, toStored } from '../stored/stored-endpoint';
import { decodedOrThrow, decodeRows, mapDecoded, warnLeftOut } from '../stored/decode';
import { forbid } from '../errors/forbid';
import { refuse } from '../errors/refuse';
import { isUniqueViolation } from '../errors/unique-violation';
import { indexAdvice } from '../indexes/advice';
import { buildModel } from '../query/build-model';
import { getService } from './get-service';
import type { AdminActor } from './admin-rights';
import { storedCollection } from './stored-collection';

const routeTaken = (method: string, path: string, by?: { id: number; name: string }): Problem => ({
  path: ['path'],
  message: `${method} /_api/${path} is already used${by ? ` by endpoint ${by.id} ("${by.name}")` : ''} (paths are compared without regard to case)`,
});

/**
 * Endpoint definitions: validated against the live content types before they are stored
 * (docs/endpoints.md#what-is-checked-when-a-definition-is-saved).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const query = () => strapi.db.query(UIDS.endpoint);

  /**
   * Checks a definition fully: its shape, then against the content types, keys and other endpoints, and against
   * the Content Manager rights of the admin `actor` who saves it.
   */
  const validate = async (input: unknown, id?: number, actor?: AdminActor): Promise<EndpointDefinition> => {
    const checked = getService(strapi, 'engine').check(input, id);
    if (!checked.ok && checked.stage === 'shape') return refuse(checked.problems);
    const { definition } = checked;
    const problems = checked.ok ? [] : checked.problems;
    const method = METHOD_OF_TYPE[definition.type];
    // No key is valid: the state a revocation leaves, in which every caller is refused (an export must import).
    if (definition.auth.method === 'api-key' && definition.auth.keys.length) {
      const rows = await strapi.db
        .query(UIDS.apiKey)
        .findMany({ where: { id: { $in: definition.auth.keys } }, select: keyId.columns });
      const found = new Set(decodeRows(rows, keyId.decode, warnLeftOut(strapi)).map((key) => key.id));
      const missing = definition.auth.keys.filter((k) => !found.has(k));
      if (missing.length)
        problems.push({ path: ['auth', 'keys'], message: `no API key with id ${missing.join(', ')}` });
    }
    const clash = await query().findOne({
      where: { routeKey: routeKey(method, definition.path), ...(id ? { id: { $ne: id } } : {}) },
      select: endpointLabel.columns,
    });
    if (clash) {
      const by = endpointLabel.decode(clash);
      problems.push(routeTaken(method, definition.path, by.ok ? by.value : undefined));
    }
    problems.push(...(await getService(strapi, 'adminRights').problemsOnSave(definition, actor)));
    if (problems.length) refuse(problems);
    return definition;
  };

  /**
   * Writes a checked definition; `save` then puts it in force everywhere, an import once for all. The `actor`
   * becomes its author; a write without one (code: key revocations, seeds) keeps the author it had.
   */
  const store = async (definition: EndpointDefinition, id?: number, actor?: AdminActor) => {
    const method = METHOD_OF_TYPE[definition.type];
    const data = {
      ...definition,
      method,
      routeKey: routeKey(method, definition.path),
      aggregate: definition.aggregate ?? null,
      locale: definition.locale ?? null,
      media: definition.media ?? null,
      mediaUrls: definition.mediaUrls ?? null,
      rateLimit: definition.rateLimit ?? null,
      cache: definition.cache ?? null,
      ...(actor ? { authorId: actor.id } : {}),
    };
    let row;
    try {
      row = id ? await query().update({ where: { id }, data }) : await query().create({ data });
    } catch (error) {
      // Two saves of the same route at once: the unique index decides, after the check above passed for both.
      if (isUniqueViolation(error)) refuse([routeTaken(method, definition.path)]);
      throw error;
    }
    return toStored(decodedOrThrow(storedEndpoint.decode(row)));
  };

  /** An endpoint as the admin API answers it: with why it is not served when its author lacks the rights. */
  const withSuspension = (stored: StoredEndpoint): StoredEndpoint => ({
    ...stored,
    suspended: getService(strapi, 'engine').snapshot().suspended.get(stored.id) ?? null,
  });

  const save = async (definition: EndpointDefinition, id?: number, actor?: AdminActor) => {
    const stored = await store(definition, id, actor);
    await getService(strapi, 'engine').changed();
    return withSuspension(stored);
  };

  const collection = storedCollection<StoredEndpoint, EndpointDefinition>(strapi, UIDS.endpoint, {
    decode: (row) => mapDecoded(storedEndpoint.decode(row), (stored) => withSuspension(toStored(stored))),
    validate,
    save,
  });

  /** Lists and reads wait for changed admin rights to be in force, so that `suspended` tells the current state. */
  const settled = async <T>(read: () => Promise<T>) => {
    await getService(strapi, 'adminRights').settled();
    return read();
  };

  /**
   * Whether `input` only switches endpoint `id` off: that exposes nothing, so it needs no Content Manager right
   * and leaves the author as it was (an admin may stop an endpoint they could not have defined).
   */
  const switchesOffOnly = async (id: number, input: unknown) => {
    const parsed = definitionSchema.safeParse(input);
    if (!parsed.success || parsed.data.enabled) return false;
    const row = storedEndpoint.decode(await query().findOne({ where: { id } }));
    if (!row.ok) return false;
    return JSON.stringify({ ...definitionOf(toStored(row.value)), enabled: false }) === JSON.stringify(parsed.data);
  };

  return {
    ...collection,
    /** Takes back the body a GET answered: its read-only members (`id`, `updatedAt`, ...) are ignored. */
    async update(id: number, input: unknown, actor?: AdminActor) {
      const definition = withoutStoredMembers(input);
      return collection.update(id, definition, (await switchesOffOnly(id, definition)) ? undefined : actor);
    },
    find: () => settled(collection.find),
    findOne: (id: number) => settled(() => collection.findOne(id)),
    validate,
    store,
    /**
     * The size of the table endpoint `id` reads and, on a List or Aggregate over a large one, the index its
     * filter and sort (or groups) lack (null when there is no endpoint `id`). A definition that no longer passes
     * the rules is refused with its problems; an admin whose Content Manager rights do not cover it gets 403.
     */
    async indexAdvice(id: number, actor: AdminActor): Promise<IndexAdvice | null> {
      const stored = await collection.findOne(id);
      if (!stored) return null;
      if (stored.problems?.length) return refuse(stored.problems);
      const model = buildModel(strapi, stored.object);
      if (!model)
        return refuse([{ path: ['object'], message: `${stored.object} is not a content type endpoints may use` }]);
      const definition = definitionOf(stored);
      // A table's size is data: only for an admin whose Content Manager rights cover what the endpoint reads.
      const missing = await getService(strapi, 'adminRights').problemsOnSave(definition, actor);
      if (missing.length) forbid(missing);
      return indexAdvice(strapi, definition, model);
    },
    /** The endpoint on `method` + `path` (compared without regard to case), if any. */
    findByRoute: (method: string, path: string) => collection.findWhere({ routeKey: routeKey(method, path) }),
    /** Deletes an endpoint, and takes it out of the OpenAPI documents that listed it. */
    async remove(id: number) {
      const row = await strapi.db.transaction(async () => {
        const deleted = await query().delete({ where: { id } });
        if (deleted) await getService(strapi, 'openapiDocuments').forgetEndpoint(id);
        return deleted;
      });
      if (row) await getService(strapi, 'engine').changed();
      return row ? { id } : null;
    },
  };
};
