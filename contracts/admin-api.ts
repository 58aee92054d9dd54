import type { z } from 'zod';
import type { ApiKeySummary, apiKeyInputSchema, apiKeyUpdateSchema } from './api-key';
import type { CachePurge, CacheStats } from './cache';
import type { definitionSchema, StoredEndpoint } from './definition';
import type { IndexAdvice } from './index-advice';
import type { ObjectDescription } from './objects';
import type { OpenapiObject, openapiDocumentInputSchema, StoredOpenapiDocument } from './openapi';
import { PERMISSIONS } from './permissions';
import type { SessionSummary } from './session';
import type { ImportPreview, ImportResult, TransferDocument, TransferInput } from './transfer';
import type { KeyUsage, UsageSeries } from './usage';

/**
 * The admin API (docs/reference.md#admin-api), served under `/<plugin id>`: one table from which the server builds its
 * routes and types its controllers, and the panel builds its requests. An operation is named after its
 * controller action (`endpoints.find`); it answers `{ data }` (201 where `status` says so), except a `file`,
 * whose body is the file itself. Request bodies are `{ data }` too, checked by the server's schemas.
 */

/** Types only, never a value at run time: what an operation takes (`body`) and answers (`data`). */
export interface Types<Body, Data> {
  // In 1-tuples, so that reading them back keeps a `null` or `undefined` that is part of the type.
  readonly body?: [Body];
  readonly data?: [Data];
}

/** An operation with `Data` in its answer and `Body` (none: `never`) as the `data` of its request. */
const types = <Data, Body = never>(): Types<Body, Data> => ({});

/** Ids of stored rows: numbers from the admin API, or strings from the panel's own URLs. */
export type RowId = number | string;

type Permissions = typeof PERMISSIONS;
export type AdminAction = { [A in keyof Permissions]: Permissions[A][keyof Permissions[A]] }[keyof Permissions];

export interface AdminRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: `/${string}`;
  readonly action: AdminAction;
  readonly status?: 201;
  readonly file?: true;
  readonly types: Types<unknown, unknown>;
}

/**
 * An endpoint definition as the builder sends it: its JSON parts as the admin typed them, which the server's
 * schema checks like the rest (answering each problem with its path).
 */
type EndpointInput = Omit<z.input<typeof definitionSchema>, JsonPart> & { [P in JsonPart]?: unknown };
type JsonPart = 'filter' | 'presets' | 'tasks' | 'aggregate';
type DocumentInput = z.input<typeof openapiDocumentInputSchema>;
/** What a delete answers: the id of the row that is gone. */
type Deleted = { id: number };

const { endpoints, keys, documents, transfer, sessions, usage, cache } = PERMISSIONS;

export const ADMIN_API = {
  'endpoints.find': { method: 'GET', path: '/endpoints', action: endpoints.read, types: types<StoredEndpoint[]>() },
  'endpoints.findOne': {
    method: 'GET',
    path: '/endpoints/:id',
    action: endpoints.read,
    types: types<StoredEndpoint>(),
  },
  'endpoints.create': {
    method: 'POST',
    path: '/endpoints',
    action: endpoints.manage,
    status: 201,
    types: types<StoredEndpoint, EndpointInput>(),
  },
  'endpoints.update': {
    method: 'PUT',
    path: '/endpoints/:id',
    action: endpoints.manage,
    types: types<StoredEndpoint, EndpointInput>(),
  },
  'endpoints.delete': { method: 'DELETE', path: '/endpoints/:id', action: endpoints.manage, types: types<Deleted>() },
  /** The size of the table a List or Aggregate reads, and the index its filter and sort lack on a large one. */
  'endpoints.indexAdvice': {
    method: 'GET',
    path: '/endpoints/:id/index-advice',
    action: endpoints.read,
    types: types<IndexAdvice>(),
  },
  'objects.find': { method: 'GET', path: '/objects', action: endpoints.read, types: types<ObjectDescription[]>() },
  'apiKeys.find': { method: 'GET', path: '/api-keys', action: keys.read, types: types<ApiKeySummary[]>() },
  /** The only answer that ever holds the secret. */
  'apiKeys.create': {
    method: 'POST',
    path: '/api-keys',
    action: keys.manage,
    status: 201,
    types: types<ApiKeySummary & { secret: string }, z.input<typeof apiKeyInputSchema>>(),
  },
  /** A key's description and rate limit; never its secret. */
  'apiKeys.update': {
    method: 'PUT',
    path: '/api-keys/:id',
    action: keys.manage,
    types: types<ApiKeySummary, z.input<typeof apiKeyUpdateSchema>>(),
  },
  'apiKeys.delete': { method: 'DELETE', path: '/api-keys/:id', action: keys.manage, types: types<Deleted>() },
  'openapiDocuments.find': {
    method: 'GET',
    path: '/openapi-documents',
    action: documents.read,
    types: types<StoredOpenapiDocument[]>(),
  },
  'openapiDocuments.findOne': {
    method: 'GET',
    path: '/openapi-documents/:id',
    action: documents.read,
    types: types<StoredOpenapiDocument>(),
  },
  /** The generated OpenAPI JSON as a file (`Content-Disposition: attachment`), public or not. */
  'openapiDocuments.download': {
    method: 'GET',
    path: '/openapi-documents/:id/download',
    action: documents.read,
    file: true,
    types: types<OpenapiObject>(),
  },
  'openapiDocuments.create': {
    method: 'POST',
    path: '/openapi-documents',
    action: documents.manage,
    status: 201,
    types: types<StoredOpenapiDocument, DocumentInput>(),
  },
  'openapiDocuments.update': {
    method: 'PUT',
    path: '/openapi-documents/:id',
    action: documents.manage,
    types: types<StoredOpenapiDocument, DocumentInput>(),
  },
  'openapiDocuments.delete': {
    method: 'DELETE',
    path: '/openapi-documents/:id',
    action: documents.manage,
    types: types<Deleted>(),
  },
  /** The configuration as `{ data }`, which the panel saves as a file. */
  'transfer.export': { method: 'GET', path: '/export', action: transfer.read, types: types<TransferDocument>() },
  'transfer.import': {
    method: 'POST',
    path: '/import',
    action: transfer.manage,
    types: types<ImportResult, TransferInput>(),
  },
  /** What the import of a file would create, change and leave alone, checked as an import: nothing is written. */
  'transfer.preview': {
    method: 'POST',
    path: '/import/preview',
    action: transfer.manage,
    types: types<ImportPreview, TransferInput>(),
  },
  'sessions.find': { method: 'GET', path: '/sessions', action: sessions.read, types: types<SessionSummary[]>() },
  'sessions.delete': { method: 'DELETE', path: '/sessions/:id', action: sessions.manage, types: types<Deleted>() },
  /** Requests over time per endpoint or key; the query string is `UsageQueryInput` (contracts/usage.ts). */
  'usage.series': { method: 'GET', path: '/usage', action: usage.read, types: types<UsageSeries>() },
  /** A key's last use and busiest endpoints. */
  'usage.keyUsage': { method: 'GET', path: '/api-keys/:id/usage', action: usage.read, types: types<KeyUsage>() },
  /** The response cache of the instance that answers (docs/cache.md): its figures are usage statistics. */
  'cache.stats': { method: 'GET', path: '/cache', action: usage.read, types: types<CacheStats>() },
  /** Drops every kept answer, here and (within `refreshIntervalMs`) on the other instances. */
  'cache.purgeAll': { method: 'DELETE', path: '/cache', action: cache.manage, types: types<CachePurge>() },
  /** Drops one endpoint's kept answers, everywhere; 404 when there is no endpoint `id`. */
  'cache.purgeEndpoint': {
    method: 'DELETE',
    path: '/cache/endpoints/:id',
    action: cache.manage,
    types: types<CachePurge>(),
  },
} as const satisfies Record<string, AdminRoute>;

export type AdminApi = typeof ADMIN_API;
export type OperationName = keyof AdminApi;
/** Operations answering `{ data }`, and those answering a file. */
export type DataOperation = { [N in OperationName]: AdminApi[N] extends { file: true } ? never : N }[OperationName];
export type FileOperation = Exclude<OperationName, DataOperation>;
/** Operations that only read, which the panel loads as the page shows. */
export type ReadOperation = { [N in DataOperation]: AdminApi[N]['method'] extends 'GET' ? N : never }[DataOperation];

/** The `data` an operation answers (a file operation: the file's content). */
export type DataOf<N extends OperationName> = NonNullable<AdminApi[N]['types']['data']>[0];
/** The `data` of an operation's request (`never`: it takes no body). */
export type BodyOf<N extends OperationName> = NonNullable<AdminApi[N]['types']['body']>[0];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The route parameters of an operation (`:id`). */
export type ParamsOf<N extends OperationName> = { [K in ParamNames<AdminApi[N]['path']>]: RowId };

/** What a call of an operation names: its route parameters, and `data` when it takes a body. */
export type InputOf<N extends OperationName> = ParamsOf<N> &
  ([BodyOf<N>] extends [never] ? unknown : { data: BodyOf<N> });
/** The arguments after an operation's name: its input, which may be left out when it has nothing. */
export type InputArgs<N extends OperationName> = keyof InputOf<N> extends never
  ? [input?: InputOf<N>]
  : [input: InputOf<N>];

/** The path of an operation under the plugin's prefix, its parameters filled in (`/endpoints/7`). */
export const adminPath = (name: OperationName, params: Readonly<Record<string, unknown>> = {}) =>
  ADMIN_API[name].path.replace(/:(\w+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: the parameter ${key} is missing`);
    return encodeURIComponent(String(value));
  });
