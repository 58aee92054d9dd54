import {
  SINGLE_TYPE_ENDPOINTS,
  SINGLE_TYPE_ONE_ENTRY,
  STATUS_FROM_QUERY,
  targetsRecord,
  type EndpointDefinition,
  type EndpointType,
  type ParameterMode,
} from '../../../contracts/definition';
import type { SessionUserObject } from '../../../contracts/session';
import { compileIpAllowlist } from '../auth/ip';
import { endpointFilePaths } from '../files/file-paths';
import { aggregateHandler } from '../handlers/aggregate';
import { createHandler } from '../handlers/create';
import { deleteHandler } from '../handlers/delete';
import { listHandler } from '../handlers/list';
import { modifyHandler } from '../handlers/modify';
import { statusFromQuery } from '../handlers/status-from-query';
import type { Handler, HandlerFactory } from '../handlers/types';
import { DefinitionError } from '../errors/definition-error';
import { compileLocale } from '../query/locale';
import type { Model } from '../query/model';
import type { CompileDeps } from './deps';
import { signedUrlsCdnSeconds } from '../cache/cdn-headers';
import { compileCache, type CompiledCache } from '../cache/compile-cache';
import { createReadsRecorder } from '../cache/reads-recorder';

export type EndpointAuth =
  | { method: 'api-key'; keys: Set<number> }
  | { method: 'session'; userObject: SessionUserObject }
  | { method: 'public' };

/** A definition turned into what a request needs: built when definitions change, never per request. */
export interface CompiledEndpoint {
  id: number;
  name: string;
  path: string;
  method: string;
  type: EndpointType;
  parameter: ParameterMode;
  ipAllowed: ((remote: string) => boolean) | null;
  auth: EndpointAuth;
  handle: Handler;
  /** What it was compiled from, for the OpenAPI documents that describe it. */
  definition: EndpointDefinition;
  model: Model;
  /** Its answers are kept in the response cache (docs/cache.md): how; null when they are not. */
  cache: CompiledCache | null;
}

/** Handlers by endpoint type; a type missing here is refused by the admin API. */
export const HANDLERS: Partial<Record<EndpointType, HandlerFactory>> = {
  list: listHandler,
  aggregate: aggregateHandler,
  create: createHandler,
  modify: modifyHandler,
  delete: deleteHandler,
};

/**
 * A collection type's records are addressed by number; a single type's one entry by the path alone (a Modify
 * without the number a collection type's Modify takes: docs/endpoints.md#properties, "Single types").
 */
const checkEntryAddressing = (definition: EndpointDefinition, model: Model) => {
  if (model.single) {
    if (!SINGLE_TYPE_ENDPOINTS.includes(definition.type)) throw new DefinitionError(['type'], SINGLE_TYPE_ONE_ENTRY);
    if (definition.parameter !== 'none') {
      throw new DefinitionError(
        ['parameter'],
        `${model.uid} is a single type: its endpoints take no numeric parameter`
      );
    }
  } else if (targetsRecord(definition.type) && definition.parameter !== 'required') {
    throw new DefinitionError(
      ['parameter'],
      `a ${definition.type} endpoint always takes the numeric parameter ("required")`
    );
  }
};

/**
 * A CDN serves an answer for up to `sharedMaxAgeSeconds` plus `staleWhileRevalidateSeconds` without asking: an
 * answer with signed file URLs must not outlive half their lifetime there, as it may not in the plugin's own
 * cache (docs/cache.md#cdn-set-up). A provider's public URLs (`mediaUrls: "public"`) do not expire.
 */
const checkSharedMaxAge = (definition: EndpointDefinition, model: Model, deps: CompileDeps) => {
  const kept = signedUrlsCdnSeconds(definition);
  const bound = deps.files.urlTtlSeconds / 2;
  if (kept <= bound || !endpointFilePaths(model, definition, deps.modelOf).length) return;
  throw new DefinitionError(
    ['cache', 'sharedMaxAgeSeconds'],
    `a CDN may serve these answers for ${kept} s (sharedMaxAgeSeconds plus staleWhileRevalidateSeconds), past half ` +
      `the lifetime of their signed file URLs (${bound} s of files.urlTtlSeconds ${deps.files.urlTtlSeconds}): ` +
      'keep it shorter, or answer public URLs (mediaUrls "public")'
  );
};

const compileAuth = (auth: EndpointDefinition['auth']): EndpointAuth =>
  auth.method === 'api-key' ? { method: 'api-key', keys: new Set(auth.keys) } : auth;

export const compileEndpoint = (
  id: number,
  definition: EndpointDefinition,
  method: string,
  deps: CompileDeps
): CompiledEndpoint => {
  const factory = HANDLERS[definition.type];
  if (!factory) throw new DefinitionError(['type'], `"${definition.type}" endpoints are not available in this version`);
  const model = deps.modelOf(definition.object);
  if (!model)
    throw new DefinitionError(['object'], `"${definition.object}" is not a content type that endpoints may use`);
  checkEntryAddressing(definition, model);
  if (definition.status !== 'published' && !model.draftAndPublish) {
    throw new DefinitionError(['status'], `${model.uid} has no Draft & Publish, so it has no drafts to read`);
  }
  if (definition.media === 'object' && definition.type !== 'list') {
    throw new DefinitionError(['media'], 'only a List answers media fields, so only a List takes "object"');
  }
  if (definition.mediaUrls === 'public' && definition.type !== 'list') {
    throw new DefinitionError(['mediaUrls'], 'only a List answers media fields, so only a List takes "public"');
  }
  if (definition.publish && !model.draftAndPublish) {
    throw new DefinitionError(['publish'], `${model.uid} has no Draft & Publish; its records are always published`);
  }
  checkSharedMaxAge(definition, model, deps);
  // Checked here for every endpoint type; each handler resolves it again for its requests.
  compileLocale(definition, model, deps.locales);
  // A cached endpoint's statements go through a recorder, which learns the types its answers read.
  const recorder = definition.cache ? createReadsRecorder(id, deps.totals) : null;
  const handlerDeps: CompileDeps = recorder
    ? { ...deps, executor: recorder.executor(deps.executor), totals: { ...deps.totals, total: recorder.total } }
    : deps;
  const { codes, defaultCode } = deps.locales;
  return {
    id,
    name: definition.name,
    path: definition.path,
    method,
    type: definition.type,
    parameter: definition.parameter,
    ipAllowed: compileIpAllowlist(definition.allowedIps),
    auth: compileAuth(definition.auth),
    handle:
      definition.status === STATUS_FROM_QUERY
        ? statusFromQuery(definition, model, handlerDeps, id, factory)
        : factory({ ...definition, status: definition.status }, model, handlerDeps, id),
    definition,
    model,
    cache:
      recorder && compileCache(id, definition, deps.siteVersion, [defaultCode, ...codes], recorder, deps.cdnTagHeaders),
  };
};
