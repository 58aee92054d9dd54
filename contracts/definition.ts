import { z } from 'zod';
import { aggregateSchema } from './aggregate';
import { parseIpRule } from './ip';
import { isPlainObject, jsonObject, refersTo } from './json';
import { LIMITS } from './limits';
import { rateLimitSchema } from './rate-limit';
import { cacheProblems, endpointCacheSchema } from './cache';
import type { Problem } from './problems';
import { trimSlashes } from './slashes';
import { taskSchema } from './tasks';

/** Endpoint definitions (docs/reference.md#endpoint-definition-json): the JSON shape shared by the admin API, the panel and import. */
export const ENDPOINT_TYPES = ['list', 'aggregate', 'create', 'modify', 'delete'] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];

export const METHOD_OF_TYPE: Record<EndpointType, 'GET' | 'POST' | 'PATCH' | 'DELETE'> = {
  list: 'GET',
  aggregate: 'GET',
  create: 'POST',
  modify: 'PATCH',
  delete: 'DELETE',
};

/** Whether the endpoint writes, and so may run tasks and publish. */
export const isWrite = (type: EndpointType) => type === 'create' || type === 'modify' || type === 'delete';

/**
 * Whether the endpoint targets one record: by its number (Modify and Delete on a collection type), or the one
 * entry of a single type (Modify, with no number).
 */
export const targetsRecord = (type: EndpointType) => type === 'modify' || type === 'delete';

/** The endpoint types a single type takes: it has one entry, which is never created or deleted by an endpoint. */
export const SINGLE_TYPE_ENDPOINTS: readonly EndpointType[] = ['list', 'aggregate', 'modify'];
export const SINGLE_TYPE_ONE_ENTRY = 'a single type has one entry: use a list or modify endpoint';

export const PARAMETER_MODES = ['none', 'optional', 'required'] as const;
export type ParameterMode = (typeof PARAMETER_MODES)[number];

export const SESSION_USER_OBJECTS = ['plugin::users-permissions.user', 'admin::user'] as const;

/** The endpoint types a public endpoint (no key, no session) may have: it shows content, it never writes. */
export const PUBLIC_TYPES: readonly EndpointType[] = ['list', 'aggregate'];
export const PUBLIC_READS_ONLY = 'a public endpoint only reads: use a list or aggregate endpoint, or an API key';
export const PUBLIC_NEEDS_RATE_LIMIT =
  'a public endpoint needs a rate limit: anyone may call it, so each source address gets this budget';

/** Which URL a List gives a file: the plugin's signed one, or the public upload provider's own. */
export const MEDIA_URLS = ['signed', 'public'] as const;
export type MediaUrls = (typeof MEDIA_URLS)[number];

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

/** The status of an endpoint that reads the version the request's `?status=` names. */
export const STATUS_FROM_QUERY = 'query';

/** The endpoint types whose status may come from the request: the reads. */
export const STATUS_FROM_QUERY_TYPES: readonly EndpointType[] = ['list', 'aggregate'];

/** The query-string key that names the version read on such an endpoint: `draft` or `published` (the default). */
export const STATUS_PARAM = 'status';

export const normalizePath = (path: string) => trimSlashes(path.trim());

/**
 * A field of a definition. On a List, `fields` chooses what a relation answers of each related record (without
 * it: the related ids), or, on a component or dynamic zone, which relations inside it answer records; `limit`
 * caps a to-many related field per record.
 */
export interface FieldSpec {
  name: string;
  required?: boolean;
  fields?: FieldSpec[];
  limit?: number;
}

export const fieldSchema: z.ZodType<FieldSpec> = z.strictObject({
  name: z.string().min(1).max(100),
  required: z.boolean().optional(),
  get fields() {
    return z.array(fieldSchema).min(1).max(100).optional();
  },
  limit: z.number().int().min(1).max(LIMITS.relatedPerRecord).optional(),
});

/** The fields of a definition (the builder checks the JSON typed for them with it). */
export const fieldListSchema = z.array(fieldSchema).max(200);

/** Problems of nested field lists: a name twice at one level, nesting past LIMITS.fieldNesting. */
const nestedFieldProblems = (fields: FieldSpec[], at: (string | number)[], level = 1): Problem[] => {
  const problems: Problem[] = [];
  const names = new Set<string>();
  fields.forEach((f, i) => {
    if (level > 1 && names.has(f.name))
      problems.push({ path: [...at, i], message: `field "${f.name}" is listed twice` });
    names.add(f.name);
    if (level > 1 && f.required !== undefined)
      problems.push({ path: [...at, i, 'required'], message: "only the endpoint's own fields are marked required" });
    if (!f.fields) return;
    if (level >= LIMITS.fieldNesting) {
      problems.push({ path: [...at, i, 'fields'], message: `fields nest at most ${LIMITS.fieldNesting} levels deep` });
    } else problems.push(...nestedFieldProblems(f.fields, [...at, i, 'fields'], level + 1));
  });
  return problems;
};

export const sortSchema = z.strictObject({
  field: z.string().min(1).max(100),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

export const authSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('api-key'),
    keys: z.array(z.number().int().positive().max(LIMITS.maxRowId)).max(1000),
  }),
  z.strictObject({ method: z.literal('session'), userObject: z.enum(SESSION_USER_OBJECTS) }),
  z.strictObject({ method: z.literal('public') }),
]);

export const definitionSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    path: z.string().transform(normalizePath),
    type: z.enum(ENDPOINT_TYPES),
    object: z.string().min(1).max(200),
    parameter: z.enum(PARAMETER_MODES).default('none'),
    filter: jsonObject.default({}),
    fields: fieldListSchema.default([]),
    presets: jsonObject.default({}),
    sort: z.array(sortSchema).max(10).default([]),
    auth: authSchema,
    allowedIps: z.array(z.string().max(100)).max(500).default([]),
    /** Requests per caller (API key, or source address on session and public endpoints); absent: no limit. */
    rateLimit: rateLimitSchema.optional(),
    tasks: z.array(taskSchema).max(50).default([]),
    aggregate: aggregateSchema.optional(),
    /**
     * On a Draft & Publish type: the version read, `"published"`, `"draft"` or `"query"` (List and Aggregate: the
     * request's `?status=`, drafts for API keys marked for preview only, else the published version).
     */
    status: z.enum(['published', 'draft', STATUS_FROM_QUERY]).default('published'),
    publish: z.boolean().default(false),
    /**
     * On a type translated with i18n: the locale read and written, as a locale code (`"fr"`), `"query"` (the
     * client's `?locale=`, else the site's default locale) or `"all"` (reads: every locale). Absent: the site's
     * default locale.
     */
    locale: z.string().trim().min(1).max(35).optional(),
    /**
     * How a List answers media fields: `"url"` (absent: a signed URL per file) or `"object"` (the file's name,
     * type, size, dimensions, alternative text, caption and formats, each URL signed).
     */
    media: z.enum(['url', 'object']).optional(),
    /**
     * Which URL a List gives each file: `"signed"` (absent: the plugin's own URLs, which expire) or `"public"`
     * (the upload provider's own stable URL, as Strapi's REST API gives it, for pages that are cached). A
     * private provider's files keep signed URLs either way.
     */
    mediaUrls: z.enum(MEDIA_URLS).optional(),
    /** List and Aggregate: answers kept in the response cache (docs/cache.md); absent, none is. */
    cache: endpointCacheSchema.optional(),
    enabled: z.boolean().default(true),
  })
  .superRefine((d, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const problem = pathProblem(d.path);
    if (problem) issue(['path'], problem);
    // "none" is a Modify of a single type's one entry; compiling against the type checks that it is one.
    if (targetsRecord(d.type) && d.parameter === 'optional') {
      issue(['parameter'], `a ${d.type} endpoint always takes the numeric parameter ("required")`);
    }
    if (d.type === 'delete' && d.parameter === 'none') {
      issue(['parameter'], 'a delete endpoint always takes the numeric parameter ("required")');
    }
    // A Modify's or Delete's number names its record; elsewhere only `param` reads it, and a number nothing reads
    // would be taken and silently ignored.
    if (d.parameter === 'required' && !targetsRecord(d.type) && !refersTo([d.filter, d.presets, d.tasks], 'param')) {
      const users = d.type === 'create' ? 'the filter, a preset or a task' : 'the filter';
      issue(
        ['parameter'],
        `a required number that nothing uses would be ignored: use { "$var": "param" } in ${users}, or set "none"`
      );
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
    if (!isWrite(d.type) && d.tasks.length) {
      issue(['tasks'], 'only create, modify and delete endpoints run tasks');
    }
    if (!['create', 'modify'].includes(d.type) && Object.keys(d.presets).length) {
      issue(['presets'], 'only create and modify endpoints take presets');
    }
    if (d.type === 'aggregate' && !d.aggregate)
      issue(['aggregate'], 'an aggregate endpoint needs its aggregate settings');
    if (d.type !== 'aggregate' && d.aggregate) issue(['aggregate'], 'only aggregate endpoints take aggregate settings');
    if (d.type === 'delete' && d.fields.length) issue(['fields'], 'a delete endpoint takes no fields');
    if (d.publish && !isWrite(d.type)) {
      issue(['publish'], 'only create, modify and delete endpoints write, and so publish');
    }
    if (d.status === 'draft' && !['list', 'aggregate', 'modify', 'delete'].includes(d.type)) {
      issue(['status'], 'a create endpoint has no records to read: status applies to reads and targets');
    }
    if (d.status === STATUS_FROM_QUERY && !STATUS_FROM_QUERY_TYPES.includes(d.type)) {
      issue(['status'], 'only list and aggregate endpoints take their status from the request ("query")');
    }
    d.aggregate?.queryFilters.forEach((f, i) => {
      if (d.status === STATUS_FROM_QUERY && f.param === STATUS_PARAM) {
        issue(['aggregate', 'queryFilters', i, 'param'], `"${STATUS_PARAM}" selects the version read (status "query")`);
      }
    });
    if (d.type === 'list' && !d.fields.length) issue(['fields'], 'a list endpoint returns at least one field');
    d.fields.forEach((f, i) => {
      if (d.type !== 'list' && (f.fields || f.limit !== undefined))
        issue(['fields', i], 'only list endpoints answer related records (fields, limit)');
    });
    for (const { path, message } of nestedFieldProblems(d.fields, ['fields'])) issue(path, message);
    for (const { path, message } of cacheProblems(d)) issue(path, message);
    if (d.auth.method === 'public') {
      if (!PUBLIC_TYPES.includes(d.type)) issue(['auth', 'method'], PUBLIC_READS_ONLY);
      if (!d.rateLimit) issue(['rateLimit'], PUBLIC_NEEDS_RATE_LIMIT);
    }
  });

export type EndpointDefinition = z.output<typeof definitionSchema>;

/** A stored endpoint as the admin API returns it. */
export type StoredEndpoint = EndpointDefinition & {
  id: number;
  method: string;
  createdAt: string;
  updatedAt: string;
  /** Set when the stored definition breaks a current rule: it is off until fixed. */
  problems?: Problem[];
  /**
   * Why it is not served although enabled: its author no longer holds the Content Manager rights it uses, it no
   * longer fits its content type, or another endpoint has its route.
   */
  suspended?: string | null;
};

/**
 * The members the admin API adds to a stored definition. They are read-only: a `PUT` ignores them, so that the
 * body a `GET` answered can be sent back changed (read-modify-write); any other unknown member is refused.
 */
const STORED_MEMBERS: ReadonlySet<string> = new Set(
  Object.keys({
    id: true,
    method: true,
    createdAt: true,
    updatedAt: true,
    problems: true,
    suspended: true,
  } satisfies Record<Exclude<keyof StoredEndpoint, keyof EndpointDefinition>, true>)
);

/** An admin API input without the read-only members of a stored endpoint (anything else is the schema's to judge). */
export const withoutStoredMembers = (input: unknown): unknown =>
  isPlainObject(input) ? Object.fromEntries(Object.entries(input).filter(([key]) => !STORED_MEMBERS.has(key))) : input;

/** The definition of a stored endpoint, as the admin API takes it back (PUT, export). */
export const definitionOf = (stored: StoredEndpoint) => withoutStoredMembers(stored) as EndpointDefinition;
