import { definitionSchema, type StoredEndpoint } from '../../../contracts/definition';

/** A stored endpoint row as the definition JSON of DESIGN.md section 2 (before validation). */
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
  tasks: row.tasks ?? [],
  ...(row.aggregate ? { aggregate: row.aggregate } : {}),
  status: row.status ?? 'published',
  publish: Boolean(row.publish),
  enabled: row.enabled !== false,
});

const iso = (value: unknown) => new Date(value as string).toISOString();

/** A stored endpoint row as the admin API answers it. */
export const toStored = (row: Record<string, unknown>): StoredEndpoint => ({
  ...definitionSchema.parse(toDefinitionInput(row)),
  id: row.id as number,
  method: row.method as string,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** What makes an endpoint unique: method and path, compared without regard to case on every database. */
export const routeKey = (method: string, path: string) => `${method} ${path.toLowerCase()}`;
