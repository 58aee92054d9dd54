import type { EndpointDefinition, EndpointType } from './definition';

/** The sections of the endpoint builder; `general` holds the name, path, type, object and content options. */
export type BuilderSection =
  | 'general'
  | 'fields'
  | 'sort'
  | 'filter'
  | 'presets'
  | 'tasks'
  | 'aggregate'
  | 'auth'
  | 'allowedIps'
  | 'rateLimit'
  | 'cache';

/**
 * The section that shows each property of a definition, and so a problem the admin API names with it. Every
 * property has one: a property added to the schema without a section here is a type error.
 */
export const SECTION_OF_PROPERTY = {
  name: 'general',
  path: 'general',
  type: 'general',
  object: 'general',
  parameter: 'general',
  status: 'general',
  publish: 'general',
  locale: 'general',
  media: 'general',
  mediaUrls: 'general',
  enabled: 'general',
  fields: 'fields',
  sort: 'sort',
  filter: 'filter',
  presets: 'presets',
  tasks: 'tasks',
  aggregate: 'aggregate',
  auth: 'auth',
  allowedIps: 'allowedIps',
  rateLimit: 'rateLimit',
  cache: 'cache',
} as const satisfies { readonly [P in keyof EndpointDefinition]-?: BuilderSection };

export type DefinitionProperty = keyof typeof SECTION_OF_PROPERTY;

const EVERY_TYPE: readonly BuilderSection[] = ['general', 'filter', 'auth', 'allowedIps', 'rateLimit'];

/**
 * The sections each endpoint type has: only a List is sorted, only an Aggregate has aggregate settings, Create
 * and Modify take presets, writes run tasks, and a Delete or an Aggregate lists no fields.
 */
export const SECTIONS_OF_TYPE: { readonly [T in EndpointType]: readonly BuilderSection[] } = {
  list: [...EVERY_TYPE, 'fields', 'sort', 'cache'],
  aggregate: [...EVERY_TYPE, 'aggregate', 'cache'],
  create: [...EVERY_TYPE, 'fields', 'presets', 'tasks'],
  modify: [...EVERY_TYPE, 'fields', 'presets', 'tasks'],
  delete: [...EVERY_TYPE, 'tasks'],
};

/** Whether an endpoint of `type` has `section`. */
export const hasSection = (type: EndpointType, section: BuilderSection) => SECTIONS_OF_TYPE[type].includes(section);
