import { definitionSchema, type EndpointDefinition, type StoredEndpoint } from '../../../contracts/definition';
import { problemsOfIssues } from '../../../contracts/problems';
import { iso } from '../utils/iso-date';

/** A stored endpoint row as definition JSON (docs/reference.md#endpoint-definition-json), before validation. */
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
  ...(row.rateLimit ? { rateLimit: row.rateLimit } : {}),
  tasks: row.tasks ?? [],
  ...(row.aggregate ? { aggregate: row.aggregate } : {}),
  status: row.status ?? 'published',
  publish: Boolean(row.publish),
  ...(row.locale ? { locale: row.locale } : {}),
  ...(row.media ? { media: row.media } : {}),
  ...(row.mediaUrls ? { mediaUrls: row.mediaUrls } : {}),
  enabled: row.enabled !== false,
});

/**
 * A stored endpoint row as the admin API answers it. A row that no longer passes the current rules is still
 * answered (so the owner can see and fix it), as stored, with its `problems`.
 */
export const toStored = (row: Record<string, unknown>): StoredEndpoint => {
  const input = toDefinitionInput(row);
  const parsed = definitionSchema.safeParse(input);
  return {
    ...(parsed.success ? parsed.data : (input as unknown as EndpointDefinition)),
    ...(parsed.success ? {} : { problems: problemsOfIssues(parsed.error) }),
    id: row.id as number,
    method: row.method as string,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
};

/** What makes an endpoint unique: method and path, compared without regard to case on every database. */
export const routeKey = (method: string, path: string) => `${method} ${path.toLowerCase()}`;
