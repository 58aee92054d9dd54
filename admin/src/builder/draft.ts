import {
  isWrite,
  METHOD_OF_TYPE,
  normalizePath,
  pathProblem,
  targetsRecord,
  type EndpointType,
  type ParameterMode,
  type StoredEndpoint,
} from '../../../contracts/definition';
import { parseIpRule } from '../../../contracts/ip';

/** The builder's state: the definition of DESIGN.md section 2, with its JSON parts as the text being typed. */
export interface Draft {
  name: string;
  path: string;
  type: EndpointType;
  object: string;
  parameter: ParameterMode;
  status: 'published' | 'draft';
  publish: boolean;
  enabled: boolean;
  fields: Array<{ name: string; required?: boolean }>;
  sort: Array<{ field: string; dir: 'asc' | 'desc' }>;
  auth: { method: 'api-key'; keys: number[] } | { method: 'session'; userObject: string };
  allowedIps: string;
  filter: string;
  presets: string;
  tasks: string;
  aggregate: string;
}

export const JSON_PARTS = ['filter', 'presets', 'tasks', 'aggregate'] as const;

export const emptyDraft = (): Draft => ({
  name: '',
  path: '',
  type: 'list',
  object: '',
  parameter: 'none',
  status: 'published',
  publish: false,
  enabled: true,
  fields: [],
  sort: [],
  auth: { method: 'api-key', keys: [] },
  allowedIps: '',
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
  enabled: e.enabled,
  fields: e.fields,
  sort: e.sort,
  auth: e.auth,
  allowedIps: e.allowedIps.join('\n'),
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

/** What the builder can tell before asking the server: path, IPs and JSON syntax. */
export const localProblems = (d: Draft): Record<string, string> => {
  const problems: Record<string, string> = {};
  const path = d.path ? pathProblem(normalizePath(d.path)) : null;
  if (path) problems.path = path;
  const badIp = d.allowedIps
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !parseIpRule(l));
  if (badIp) problems.allowedIps = `"${badIp}" is not an IP address or CIDR subnet`;
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

/**
 * The definition the admin API takes, from a draft without local problems. `status` and `publish` are sent only
 * for a Draft & Publish type (`draftAndPublish`), where the builder shows them.
 */
export const payloadOf = (d: Draft, draftAndPublish: boolean, single = false) => ({
  name: d.name,
  path: d.path,
  type: d.type,
  object: d.object,
  parameter: parameterOf(d, single),
  ...(draftAndPublish && d.status === 'draft' && d.type !== 'create' ? { status: d.status } : {}),
  publish: draftAndPublish && isWrite(d.type) && d.publish,
  enabled: d.enabled,
  fields: d.type === 'delete' ? [] : d.fields,
  sort: d.type === 'list' ? d.sort : [],
  auth: d.auth,
  allowedIps: d.allowedIps
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
  filter: d.filter.trim() ? parsed(d.filter) : {},
  presets: d.type === 'create' || d.type === 'modify' ? (d.presets.trim() ? parsed(d.presets) : {}) : {},
  tasks: isWrite(d.type) ? (d.tasks.trim() ? parsed(d.tasks) : []) : [],
  ...(d.type === 'aggregate' && d.aggregate.trim() ? { aggregate: parsed(d.aggregate) } : {}),
});

const SECTIONS = [
  'name',
  'path',
  'type',
  'object',
  'parameter',
  'status',
  'publish',
  'enabled',
  'fields',
  'sort',
  'auth',
  'allowedIps',
  ...JSON_PARTS,
] as const;

/** The admin API's problems (`fields[1]: ...`), by the part of the builder they concern; the rest under `other`. */
export const problemsBySection = (messages: string[]) => {
  const found: Record<string, string> = {};
  for (const message of messages) {
    const section = SECTIONS.find((s) => message.startsWith(s)) ?? 'other';
    found[section] = found[section] ? `${found[section]}; ${message}` : message;
  }
  return found;
};

/** The URL of the endpoint, with a sample number where it takes one. */
export const endpointUrl = (base: string, d: Draft, single = false) =>
  `${base}/_api/${normalizePath(d.path) || '<path>'}${parameterOf(d, single) === 'required' ? '/1' : ''}`;

export const methodOf = (d: Draft) => METHOD_OF_TYPE[d.type];
