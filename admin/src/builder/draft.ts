import {
  isWrite,
  METHOD_OF_TYPE,
  normalizePath,
  pathProblem,
  PUBLIC_NEEDS_RATE_LIMIT,
  PUBLIC_READS_ONLY,
  PUBLIC_TYPES,
  STATUS_FROM_QUERY,
  targetsRecord,
  type EndpointDefinition,
  type EndpointType,
  type MediaUrls,
  type ParameterMode,
  type StoredEndpoint,
} from '../../../contracts/definition';
import { parseIpRule } from '../../../contracts/ip';
import type { EndpointCache } from '../../../contracts/cache';
import type { ObjectDescription } from '../../../contracts/objects';
import type { RateLimit } from '../../../contracts/rate-limit';
import { hasSection } from '../../../contracts/sections';
import { holdsMedia } from './fieldChoices';
import { plainFields } from './relatedFields';

/**
 * The builder's state: an endpoint definition (docs/reference.md#endpoint-definition-json, its types from the
 * contract's schema), with the allowed IPs and the JSON parts as the text being typed.
 */
export type Draft = Pick<
  EndpointDefinition,
  'name' | 'path' | 'type' | 'object' | 'parameter' | 'status' | 'publish' | 'enabled' | 'fields' | 'sort' | 'auth'
> & {
  /** On a localized type: a locale code, `query` or `all`; empty for the site's default locale. */
  locale: string;
  media: NonNullable<EndpointDefinition['media']>;
  mediaUrls: MediaUrls;
  allowedIps: string;
  rateLimit: RateLimit | null;
  /** Off: every request reads the database. */
  cache: EndpointCache | null;
  filter: string;
  presets: string;
  tasks: string;
  aggregate: string;
};

export const JSON_PARTS = ['filter', 'presets', 'tasks', 'aggregate'] as const;

export const emptyDraft = (): Draft => ({
  name: '',
  path: '',
  type: 'list',
  object: '',
  parameter: 'none',
  status: 'published',
  publish: false,
  locale: '',
  media: 'url',
  mediaUrls: 'signed',
  enabled: true,
  fields: [],
  sort: [],
  auth: { method: 'api-key', keys: [] },
  allowedIps: '',
  rateLimit: null,
  cache: null,
  filter: '{}',
  presets: '{}',
  tasks: '[]',
  aggregate: '',
});

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export const draftOf = (e: StoredEndpoint): Draft => ({
  name: e.name,
  path: e.path,
  type: e.type,
  object: e.object,
  parameter: e.parameter,
  status: e.status,
  publish: e.publish,
  locale: e.locale ?? '',
  media: e.media ?? 'url',
  mediaUrls: e.mediaUrls ?? 'signed',
  enabled: e.enabled,
  fields: e.fields,
  sort: e.sort,
  auth: e.auth,
  allowedIps: e.allowedIps.join('\n'),
  rateLimit: e.rateLimit ?? null,
  cache: e.cache ?? null,
  filter: pretty(e.filter),
  presets: pretty(e.presets),
  tasks: pretty(e.tasks),
  aggregate: e.aggregate ? pretty(e.aggregate) : '',
});

const parsed = (text: string): unknown => JSON.parse(text);

/**
 * The parameter the endpoint takes, whatever the draft held before its type fixed it: none on a single type
 * (its one entry has no number), always one for a Modify or Delete of a collection type.
 */
export const parameterOf = (d: Pick<Draft, 'type' | 'parameter'>, single = false): ParameterMode =>
  single ? 'none' : targetsRecord(d.type) ? 'required' : d.parameter;

/** The endpoint types that may read every locale at once (`locale: "all"`): a write has one locale. */
export const READS_EVERY_LOCALE: readonly EndpointType[] = ['list', 'aggregate'];

/** What the builder can tell before asking the server: path, IPs, JSON syntax, what a public endpoint needs. */
export const localProblems = (d: Draft): Record<string, string> => {
  const problems: Record<string, string> = {};
  if (d.locale === 'all' && !READS_EVERY_LOCALE.includes(d.type))
    problems.locale = 'only list and aggregate endpoints read every locale: pick one, or let the client pick';
  if (d.status === STATUS_FROM_QUERY && targetsRecord(d.type))
    problems.status = 'only list and aggregate endpoints take their status from the request: pick one';
  const path = d.path ? pathProblem(normalizePath(d.path)) : null;
  if (path) problems.path = path;
  const badIp = d.allowedIps
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !parseIpRule(l));
  if (badIp) problems.allowedIps = `"${badIp}" is not an IP address or CIDR subnet`;
  if (d.auth.method === 'public') {
    if (!PUBLIC_TYPES.includes(d.type)) problems.auth = PUBLIC_READS_ONLY;
    if (!d.rateLimit) problems.rateLimit = PUBLIC_NEEDS_RATE_LIMIT;
  }
  for (const part of JSON_PARTS) {
    if (!d[part].trim()) continue;
    try {
      parsed(d[part]);
    } catch (error) {
      problems[part] = `not valid JSON: ${(error as Error).message}`;
    }
  }
  return problems;
};

/** The cache a draft sends: only a List or Aggregate keeps answers, and only a public one lets a CDN keep them. */
const cachePart = ({ cache, type, auth }: Draft): { cache?: EndpointCache } => {
  if (!cache || !hasSection(type, 'cache')) return {};
  return { cache: auth.method === 'public' ? cache : { maxAgeSeconds: cache.maxAgeSeconds } };
};

/**
 * The definition the admin API takes, from a draft without local problems, for the type `object`. Options
 * are sent only where the builder shows them: `status` and `publish` for a Draft & Publish type, `locale` for
 * a localized one, `media` and `mediaUrls` for a List of a type with files; related fields only for a List.
 */
export const payloadOf = (d: Draft, object: ObjectDescription | undefined) => ({
  name: d.name,
  path: d.path,
  type: d.type,
  object: d.object,
  parameter: parameterOf(d, object?.kind === 'singleType'),
  ...(object?.draftAndPublish && d.status !== 'published' && d.type !== 'create' ? { status: d.status } : {}),
  publish: Boolean(object?.draftAndPublish) && isWrite(d.type) && d.publish,
  ...(object?.localized && d.locale ? { locale: d.locale } : {}),
  ...(d.type === 'list' && d.media === 'object' && holdsMedia(object?.fields) ? { media: d.media } : {}),
  ...(d.type === 'list' && d.mediaUrls === 'public' && holdsMedia(object?.fields) ? { mediaUrls: d.mediaUrls } : {}),
  enabled: d.enabled,
  fields: d.type === 'delete' ? [] : d.type === 'list' ? d.fields : plainFields(d.fields),
  sort: d.type === 'list' ? d.sort : [],
  auth: d.auth,
  allowedIps: d.allowedIps
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
  ...(d.rateLimit ? { rateLimit: d.rateLimit } : {}),
  ...cachePart(d),
  filter: d.filter.trim() ? parsed(d.filter) : {},
  presets: d.type === 'create' || d.type === 'modify' ? (d.presets.trim() ? parsed(d.presets) : {}) : {},
  tasks: isWrite(d.type) ? (d.tasks.trim() ? parsed(d.tasks) : []) : [],
  ...(d.type === 'aggregate' && d.aggregate.trim() ? { aggregate: parsed(d.aggregate) } : {}),
});

/** The URL of the endpoint, with a sample number where it takes one. */
export const endpointUrl = (base: string, d: Draft, single = false) =>
  `${base}/_api/${normalizePath(d.path) || '<path>'}${parameterOf(d, single) === 'required' ? '/1' : ''}`;

export const methodOf = (d: Draft) => METHOD_OF_TYPE[d.type];
