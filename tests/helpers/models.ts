import type {
  ComponentField,
  ComponentLink,
  ComponentModel,
  DynamicZoneField,
  Link,
  MediaField,
  Model,
  ModelField,
  ScalarType,
} from '../../server/src/query/model';

/** Hand-made models for unit tests: what server/src/query/model.ts builds from Strapi's metadata. */
export const scalar = (
  name: string,
  type: ScalarType,
  column = name,
  attribute: Record<string, unknown> = {}
): ModelField => ({
  kind: 'scalar',
  name,
  column,
  type,
  attribute: { type, ...attribute },
  writable: name !== 'id',
});

export const relation = (
  name: string,
  target: string,
  many: boolean,
  link: Omit<Link, 'orderColumn' | 'inverseOrderColumn' | 'targetTable'>
): ModelField => ({
  kind: 'relation',
  name,
  target,
  many,
  targetSingle: false,
  targetDraftAndPublish: false,
  targetLocalized: false,
  link: { ...link, targetTable: target, orderColumn: null, inverseOrderColumn: null },
  attribute: { type: 'relation' },
});

export const modelOf = (uid: string, table: string, fields: ModelField[]): Model => ({
  uid,
  table,
  draftAndPublish: false,
  hasLifecycles: false,
  localized: false,
  complexFields: false,
  single: false,
  morphLinks: [],
  fields: new Map(fields.map((f) => [f.name, f])),
});

/** A media field, linked as Strapi links files (`files_related_mph`). */
export const media = (name: string, multiple = false, attribute: Record<string, unknown> = {}): MediaField => ({
  kind: 'media',
  name,
  multiple,
  allowedTypes: ['images'],
  link: {
    table: 'files_related_mph',
    fileColumn: 'file_id',
    idColumn: 'related_id',
    typeColumn: 'related_type',
    fieldColumn: 'field',
    orderColumn: 'order',
  },
  attribute: { type: 'media', ...attribute },
});

/** The `<owner table>_cmps` table that links an owner's rows to their components. */
export const componentLink = (table = 'posts_cmps'): ComponentLink => ({
  table,
  entityColumn: 'entity_id',
  componentColumn: 'cmp_id',
  typeColumn: 'component_type',
  fieldColumn: 'field',
  orderColumn: 'order',
});

/** A component with an `id` and `fields`; its table named after the uid unless given. */
export const componentModel = (uid: string, fields: ModelField[], table = uid.replace(/\W/g, '_')): ComponentModel => ({
  uid,
  table,
  fields: new Map([scalar('id', 'integer'), ...fields].map((f) => [f.name, f])),
});

export const componentField = (
  name: string,
  component: ComponentModel,
  repeatable: boolean,
  attribute: Record<string, unknown> = {},
  link = componentLink()
): ComponentField => ({
  kind: 'component',
  name,
  repeatable,
  component,
  link,
  attribute: { type: 'component', ...attribute },
});

export const dynamicZone = (
  name: string,
  components: ComponentModel[],
  attribute: Record<string, unknown> = {},
  link = componentLink()
): DynamicZoneField => ({
  kind: 'dynamiczone',
  name,
  components: new Map(components.map((c) => [c.uid, c])),
  link,
  attribute: { type: 'dynamiczone', ...attribute },
});
