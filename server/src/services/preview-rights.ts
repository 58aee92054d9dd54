import type { Core } from '@strapi/strapi';
import {
  definitionOf,
  METHOD_OF_TYPE,
  STATUS_FROM_QUERY,
  type EndpointDefinition,
} from '../../../contracts/definition';
import { UIDS } from '../../../contracts/plugin';
import type { Problem } from '../../../contracts/problems';
import { decodeRows, warnLeftOut } from '../stored/decode';
import { storedEndpoint, toStored } from '../stored/stored-endpoint';
import type { AdminActor } from './admin-rights';
import { getService } from './get-service';

/** Whether `definition` lists the key `keyId`. */
export const listsKey = (definition: EndpointDefinition, keyId: number) =>
  definition.auth.method === 'api-key' && definition.auth.keys.includes(keyId);

/**
 * The stored endpoints that answer their drafts to the keys they list once those are marked for preview: those
 * whose status comes from the request. A row that breaks a current rule is left out: it is not served, and only a
 * save by an admin who holds its rights serves it again.
 */
export const storedDraftReaders = async (
  strapi: Core.Strapi
): Promise<Array<{ id: number; definition: EndpointDefinition }>> => {
  const rows = await strapi.db
    .query(UIDS.endpoint)
    .findMany({ where: { status: STATUS_FROM_QUERY }, orderBy: { id: 'asc' } });
  return decodeRows(rows, storedEndpoint.decode, warnLeftOut(strapi))
    .map(toStored)
    .filter((stored) => !stored.problems?.length)
    .map((stored) => ({ id: stored.id, definition: definitionOf(stored) }));
};

/**
 * What the admin `actor` lacks to mark the key `keyName` for preview, given the draft-reading endpoints that list
 * it (`definitions`): reading an endpoint's drafts needs the Content Manager rights a save of it needs
 * (docs/security.md#what-each-admin-right-grants). One problem at `path` per endpoint, naming it and the rights;
 * none for a super admin, nor without an actor (code).
 */
export const previewProblems = async (
  strapi: Core.Strapi,
  keyName: string,
  definitions: EndpointDefinition[],
  actor: AdminActor | undefined,
  path: Problem['path']
): Promise<Problem[]> => {
  const problems: Problem[] = [];
  for (const definition of definitions) {
    const missing = await getService(strapi, 'adminRights').problemsOnSave(definition, actor);
    if (!missing.length) continue;
    const endpoint = `${METHOD_OF_TYPE[definition.type]} ${definition.path} ("${definition.name}")`;
    const rights = [...new Set(missing.map((m) => m.message))].join('; ');
    problems.push({
      path,
      message: `marked for preview, the key "${keyName}" would read the drafts of ${endpoint}: ${rights}`,
    });
  }
  return problems;
};
