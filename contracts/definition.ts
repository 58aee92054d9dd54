import { z } from 'zod';
import { parseIpRule } from './ip';

/** Endpoint definitions (DESIGN.md section 2): the JSON shape shared by the admin API, the panel and import. */
export const ENDPOINT_TYPES = ['list', 'aggregate', 'create', 'modify', 'delete'] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];

export const METHOD_OF_TYPE: Record<EndpointType, 'GET' | 'POST' | 'PATCH' | 'DELETE'> = {
  list: 'GET',
  aggregate: 'GET',
  create: 'POST',
  modify: 'PATCH',
  delete: 'DELETE',
};

export const PARAMETER_MODES = ['none', 'optional', 'required'] as const;
export type ParameterMode = (typeof PARAMETER_MODES)[number];

export const SESSION_USER_OBJECTS = ['plugin::users-permissions.user', 'admin::user'] as const;

export const LIMITS = {
  pageSize: 100,
  dimensionsPerAxis: 5,
  measures: 10,
  defaultMaxItems: 5000,
  pathLength: 200,
} as const;

const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** Why a path is refused, or null when it is acceptable. The path is given without slashes at either end. */
export const pathProblem = (path: string): string | null => {
  if (!path) return 'path must not be empty';
  if (path.length > LIMITS.pathLength) return `path must be at most ${LIMITS.pathLength} characters`;
  const segments = path.split('/');
  for (const segment of segments) {
    if (!segment) return 'path must not contain empty segments ("//")';
    if (!SEGMENT.test(segment)) return `path segment "${segment}" may only hold letters, digits and . _ ~ -`;
    if (segment.startsWith('_')) return `path segment "${segment}" must not start with "_" (reserved)`;
  }
  if (/^\d+$/.test(segments[segments.length - 1])) return 'the last path segment must not be a number';
  return null;
};

export const normalizePath = (path: string) => path.trim().replace(/^\/+|\/+$/g, '');

const jsonObject = z.record(z.string(), z.unknown());

export const fieldSchema = z.strictObject({
  name: z.string().min(1).max(100),
  required: z.boolean().optional(),
});

export const sortSchema = z.strictObject({
  field: z.string().min(1).max(100),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

export const authSchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('api-key'), keys: z.array(z.number().int().positive()).max(1000) }),
  z.strictObject({ method: z.literal('session'), userObject: z.enum(SESSION_USER_OBJECTS) }),
]);

const condition: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.strictObject({ match: jsonObject }),
    z.strictObject({ exists: z.strictObject({ object: z.string(), filter: jsonObject.optional() }) }),
    z.strictObject({ notExists: z.strictObject({ object: z.string(), filter: jsonObject.optional() }) }),
    z.strictObject({ all: z.array(condition).min(1) }),
    z.strictObject({ any: z.array(condition).min(1) }),
    z.strictObject({ not: condition }),
  ])
);

export const taskSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('raise-error'), when: condition.optional(), message: z.string().min(1).max(500) }),
  z.strictObject({ action: z.literal('create-record'), object: z.string(), values: jsonObject }),
  z.strictObject({ action: z.literal('update-records'), object: z.string(), filter: jsonObject, values: jsonObject }),
  z.strictObject({ action: z.literal('delete-records'), object: z.string(), filter: jsonObject }),
]);

export const DIMENSION_FORMATS = ['year', 'quarter', 'month', 'week', 'day', 'hour'] as const;
export const MEASURE_OPS = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'text'] as const;
const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a simple name (letters, digits, _)');

export const aggregateSchema = z
  .strictObject({
    dimensions: z
      .array(
        z.strictObject({
          variable: variableName,
          field: z.string().min(1),
          axis: z.enum(['row', 'column']).default('row'),
          dir: z.enum(['asc', 'desc']).default('asc'),
          format: z.enum(DIMENSION_FORMATS).optional(),
        })
      )
      .default([]),
    measures: z
      .array(z.strictObject({ variable: variableName, op: z.enum(MEASURE_OPS), field: z.string().min(1).optional() }))
      .max(LIMITS.measures, `at most ${LIMITS.measures} measures`)
      .default([]),
    sortMeasure: z.strictObject({ variable: variableName, dir: z.enum(['asc', 'desc']).default('desc') }).optional(),
    limit: z.number().int().positive().optional(),
    queryFilters: z
      .array(z.strictObject({ param: variableName, field: z.string().min(1), op: z.enum(['eq', 'gt', 'lt']) }))
      .default([]),
    maxItems: z.number().int().positive().max(1_000_000).optional(),
  })
  .superRefine((value, ctx) => {
    for (const axis of ['row', 'column'] as const) {
      if (value.dimensions.filter((d) => d.axis === axis).length > LIMITS.dimensionsPerAxis) {
        ctx.addIssue({
          code: 'custom',
          path: ['dimensions'],
          message: `at most ${LIMITS.dimensionsPerAxis} dimensions on the ${axis} axis`,
        });
      }
    }
  });

export const definitionSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    path: z.string().transform(normalizePath),
    type: z.enum(ENDPOINT_TYPES),
    object: z.string().min(1).max(200),
    parameter: z.enum(PARAMETER_MODES).default('none'),
    filter: jsonObject.default({}),
    fields: z.array(fieldSchema).max(200).default([]),
    presets: jsonObject.default({}),
    sort: z.array(sortSchema).max(10).default([]),
    auth: authSchema,
    allowedIps: z.array(z.string().max(100)).max(500).default([]),
    tasks: z.array(taskSchema).max(50).default([]),
    aggregate: aggregateSchema.optional(),
    status: z.enum(['published', 'draft']).default('published'),
    publish: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((d, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const problem = pathProblem(d.path);
    if (problem) issue(['path'], problem);
    if ((d.type === 'modify' || d.type === 'delete') && d.parameter !== 'required') {
      issue(['parameter'], `a ${d.type} endpoint always takes the numeric parameter ("required")`);
    }
    d.allowedIps.forEach((ip, i) => {
      if (!parseIpRule(ip)) issue(['allowedIps', i], `"${ip}" is not an IP address or CIDR subnet`);
    });
    const names = new Set<string>();
    d.fields.forEach((f, i) => {
      if (names.has(f.name)) issue(['fields', i], `field "${f.name}" is listed twice`);
      names.add(f.name);
      if (f.required && d.type !== 'create')
        issue(['fields', i, 'required'], 'only create endpoints mark required fields');
    });
    if (d.type !== 'list' && d.sort.length) issue(['sort'], 'only list endpoints are sorted');
    if (!['create', 'modify', 'delete'].includes(d.type) && d.tasks.length) {
      issue(['tasks'], 'only create, modify and delete endpoints run tasks');
    }
    if (!['create', 'modify'].includes(d.type) && Object.keys(d.presets).length) {
      issue(['presets'], 'only create and modify endpoints take presets');
    }
    if (d.type === 'aggregate' && !d.aggregate)
      issue(['aggregate'], 'an aggregate endpoint needs its aggregate settings');
    if (d.type !== 'aggregate' && d.aggregate) issue(['aggregate'], 'only aggregate endpoints take aggregate settings');
    if (d.type === 'delete' && d.fields.length) issue(['fields'], 'a delete endpoint takes no fields');
  });

export type EndpointDefinitionInput = z.input<typeof definitionSchema>;
export type EndpointDefinition = z.output<typeof definitionSchema>;
export type AggregateSettings = z.output<typeof aggregateSchema>;
export type FieldSelection = z.output<typeof fieldSchema>;
export type Task = z.output<typeof taskSchema>;

/** A stored endpoint as the admin API returns it. */
export type StoredEndpoint = EndpointDefinition & { id: number; method: string; createdAt: string; updatedAt: string };

export const apiKeyInputSchema = z.strictObject({
  description: z.string().trim().min(1).max(200),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export interface ApiKeySummary {
  id: number;
  description: string;
  prefix: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** Formats zod issues as one readable line per problem, naming the property concerned. */
export const describeIssues = (error: z.ZodError): string[] =>
  error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
