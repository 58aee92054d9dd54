import type { OpenapiObject, StoredOpenapiDocument } from '../../../contracts/openapi';
import { LIMITS } from '../../../contracts/limits';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import type { DescribeContext, OperationParts } from './context';
import { authText, fileUrlText, ipText, numberText, rateLimitText } from './descriptions';
import { ERROR_SCHEMA, errorResponses } from './responses';
import { FILE_INPUT, type JsonSchema } from './field-schemas';
import { localeParameters } from './locale-parameter';
import { statusParameters } from './status-parameter';
import { aggregateOperation, listOperation } from './read-operations';
import { sessionPaths } from './session-paths';
import { createOperation, deleteOperation, modifyOperation } from './write-operations';

export type { OpenapiObject };

export interface DocumentOptions extends Omit<DescribeContext, 'schemas' | 'fileUrl'> {
  /** The site's base URL: `server.url`, or `/` (relative to where the document was fetched). */
  serverUrl: string;
  sessionCookie: string;
  fileUrlTtlSeconds: number;
  /** The display name of a content type, to group operations by. */
  displayNameOf: (uid: string) => string;
}

const OPERATIONS = {
  list: listOperation,
  aggregate: aggregateOperation,
  create: createOperation,
  modify: modifyOperation,
  delete: deleteOperation,
} as const;

const SECURITY_SCHEMES = (cookieName: string) => ({
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key of the site, as `Authorization: Bearer <key>`. Each endpoint accepts only its own keys.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: cookieName,
    description:
      "The session of a logged-in site user, set by `POST /_api/_session`. Browsers send it by themselves (`credentials: 'include'` from other allowed origins); it is httpOnly.",
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "The access token of the site's admin panel, as `Authorization: Bearer <token>`.",
  },
});

/** The security scheme an endpoint takes; null for a public endpoint, which takes none. */
const schemeOf = ({ auth }: CompiledEndpoint) => {
  if (auth.method === 'public') return null;
  if (auth.method === 'api-key') return 'apiKey';
  return auth.userObject === 'admin::user' ? 'adminToken' : 'session';
};

/** `list` + `products/by-category` as `ListProductsByCategory`. */
const pascal = (...words: string[]) =>
  words
    .flatMap((w) => w.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

const NUMBER_SCHEMA = { type: 'integer', minimum: 0, maximum: LIMITS.maxRowId };

/**
 * The OpenAPI 3.1 document of a curated selection (docs/openapi.md), from the definitions in force: an endpoint that
 * is off (disabled, or broken by a schema change) answers 404 and is left out.
 */
export const buildOpenapiDocument = (
  document: Pick<StoredOpenapiDocument, 'title' | 'version' | 'description' | 'endpoints'>,
  endpoints: Map<number, CompiledEndpoint>,
  options: DocumentOptions
): OpenapiObject => {
  const schemas: Record<string, JsonSchema> = {
    Error: ERROR_SCHEMA,
    Success: { type: 'object', required: ['success'], properties: { success: { const: true } } },
    FileInput: FILE_INPUT,
  };
  const ctx: DescribeContext = { ...options, schemas, fileUrl: fileUrlText(options.fileUrlTtlSeconds) };
  const paths: Record<string, Record<string, unknown>> = {};
  const schemes = new Set<string>();
  const tags = new Set<string>();
  const names = new Set<string>();
  const operationIds = new Set<string>();
  /** `base`, or `base2`, `base3`...: the first one not taken in `taken`. */
  const unique = (base: string, taken: Set<string>) => {
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}${n}`;
    taken.add(name);
    return name;
  };

  for (const id of document.endpoints) {
    const endpoint = endpoints.get(id);
    if (!endpoint) continue;
    const name = unique(pascal(endpoint.type, endpoint.path), names);
    const parts: OperationParts = OPERATIONS[endpoint.type](endpoint, name, ctx);
    const scheme = schemeOf(endpoint);
    if (scheme) schemes.add(scheme);
    const tag = options.displayNameOf(endpoint.model.uid);
    tags.add(tag);
    const description = [
      ...parts.notes,
      authText(endpoint),
      ipText(endpoint.definition.allowedIps),
      rateLimitText(endpoint),
    ]
      .filter(Boolean)
      .join('\n\n');
    const shapes = { none: [false], optional: [false, true], required: [true] }[endpoint.parameter];
    for (const withNumber of shapes) {
      const path = `/_api/${endpoint.path}${withNumber ? '/{number}' : ''}`;
      const numberParameter = {
        name: 'number',
        in: 'path',
        required: true,
        description: numberText(endpoint),
        schema: NUMBER_SCHEMA,
      };
      paths[path] ??= {};
      paths[path][endpoint.method.toLowerCase()] = {
        operationId: unique(
          `${name[0].toLowerCase()}${name.slice(1)}${withNumber && shapes.length > 1 ? 'WithNumber' : ''}`,
          operationIds
        ),
        summary: endpoint.name,
        description,
        tags: [tag],
        // `[]`: no security requirement, which a document-wide one could not override.
        security: scheme ? [{ [scheme]: [] }] : [],
        parameters: [
          ...(withNumber ? [numberParameter] : []),
          ...localeParameters(endpoint),
          ...statusParameters(endpoint),
          ...parts.parameters,
        ],
        ...(parts.requestBody ? { requestBody: parts.requestBody } : {}),
        responses: { [parts.status]: parts.success, ...errorResponses(endpoint, withNumber) },
      };
    }
  }

  const session = schemes.has('session') ? sessionPaths(options.sessionCookie, schemas) : {};
  const allSchemes = SECURITY_SCHEMES(options.sessionCookie);
  return {
    openapi: '3.1.0',
    info: {
      title: document.title,
      version: document.version,
      ...(document.description ? { description: document.description } : {}),
    },
    servers: [{ url: options.serverUrl }],
    tags: [
      ...[...tags].sort().map((name) => ({ name })),
      ...(schemes.has('session') ? [{ name: 'Browser Session' }] : []),
    ],
    paths: { ...paths, ...session },
    components: {
      schemas,
      securitySchemes: Object.fromEntries(
        [...schemes].sort().map((s) => [s, allSchemes[s as keyof typeof allSchemes]])
      ),
    },
  };
};
