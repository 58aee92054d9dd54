import { z } from 'zod';
import { definitionSchema, type EndpointDefinition, type StoredEndpoint } from '../../../contracts/definition';
import { problemsOfIssues } from '../../../contracts/problems';
import { rowId, storedInstant } from './columns';
import { rowDecoder } from './decode';

const TABLE = 'data_api_endpoints';

/**
 * A row of `data_api_endpoints`: the columns the plugin sets are decoded here; the definition's own columns are
 * left as stored, for the definition's schema to judge (`contracts/definition.ts`), so that a row that breaks a
 * current rule is still read, and answered with its problems or not served with its reason.
 */
export const storedEndpointSchema = z.object({
  id: rowId,
  method: z.string(),
  /** The admin who saved it last; null for an endpoint saved before authors were kept, or by code. */
  authorId: z
    .number()
    .int()
    .nullish()
    .transform((id) => id ?? null),
  createdAt: storedInstant,
  updatedAt: storedInstant,
  name: z.unknown(),
  path: z.unknown(),
  type: z.unknown(),
  object: z.unknown(),
  parameter: z.unknown(),
  filter: z.unknown(),
  fields: z.unknown(),
  presets: z.unknown(),
  sort: z.unknown(),
  auth: z.unknown(),
  allowedIps: z.unknown(),
  rateLimit: z.unknown(),
  tasks: z.unknown(),
  aggregate: z.unknown(),
  status: z.unknown(),
  publish: z.unknown(),
  locale: z.unknown(),
  media: z.unknown(),
  mediaUrls: z.unknown(),
  cache: z.unknown(),
  enabled: z.unknown(),
});

export type StoredEndpointRow = z.output<typeof storedEndpointSchema>;

export const storedEndpoint = rowDecoder(TABLE, storedEndpointSchema);

/** What names an endpoint in a message or the usage statistics. */
export const endpointLabel = rowDecoder(
  TABLE,
  storedEndpointSchema.pick({ id: true, method: true }).extend({ name: z.string(), path: z.string() })
);

/** Whether an endpoint exists. */
export const endpointId = rowDecoder(TABLE, storedEndpointSchema.pick({ id: true }));

/**
 * The keys an endpoint allows, for a key's revocation: only what that reads is decoded, so the key's id goes from
 * a row whatever else it holds.
 */
export const endpointKeys = rowDecoder(
  TABLE,
  storedEndpointSchema.pick({ id: true }).extend({
    auth: z.looseObject({ method: z.string(), keys: z.array(z.number()).optional() }).nullable(),
  })
);

/** A stored endpoint row as the definition JSON (docs/reference.md#endpoint-definition-json), before validation. */
export const toDefinitionInput = (row: StoredEndpointRow) => ({
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
  ...(row.rateLimit ? { rateLimit: row.rateLimit } : {}),
  tasks: row.tasks ?? [],
  ...(row.aggregate ? { aggregate: row.aggregate } : {}),
  status: row.status ?? 'published',
  publish: Boolean(row.publish),
  ...(row.locale ? { locale: row.locale } : {}),
  ...(row.media ? { media: row.media } : {}),
  ...(row.mediaUrls ? { mediaUrls: row.mediaUrls } : {}),
  ...(row.cache ? { cache: row.cache } : {}),
  enabled: row.enabled !== false,
});

/**
 * A stored endpoint row as the admin API answers it. A row that no longer passes the current rules is still
 * answered (so the owner can see and fix it), as stored, with its `problems`: only then is its definition not
 * an `EndpointDefinition`, which the type cannot tell.
 */
export const toStored = (row: StoredEndpointRow): StoredEndpoint => {
  const input = toDefinitionInput(row);
  const parsed = definitionSchema.safeParse(input);
  return {
    ...(parsed.success ? parsed.data : (input as unknown as EndpointDefinition)),
    ...(parsed.success ? {} : { problems: problemsOfIssues(parsed.error) }),
    id: row.id,
    method: row.method,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
};

/** What makes an endpoint unique: method and path, compared without regard to case on every database. */
export const routeKey = (method: string, path: string) => `${method} ${path.toLowerCase()}`;
