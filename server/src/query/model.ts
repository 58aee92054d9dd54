import type { Core } from '@strapi/strapi';
import { contentTypes as contentTypeUtils } from '@strapi/utils';

/** The Media Library's file type: media fields are relations to it. */
export const FILE_UID = 'plugin::upload.file';

export const SCALAR_TYPES = [
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'string',
  'text',
  'richtext',
  'email',
  'uid',
  'enumeration',
  'date',
  'datetime',
  'timestamp',
  'time',
  'json',
  'blocks',
] as const;

export type ScalarType = (typeof SCALAR_TYPES)[number];

export interface ScalarField {
  kind: 'scalar';
  name: string;
  column: string;
  type: ScalarType;
  attribute: Record<string, unknown>;
  /** False for the fields Strapi maintains (id, documentId, timestamps). */
  writable: boolean;
}

export interface Link {
  table: string;
  /** Table of the related type. */
  targetTable: string;
  /** Column holding this model's row id. */
  ownerColumn: string;
  /** Column holding the related row id. */
  targetColumn: string;
  orderColumn: string | null;
  /** Position of this row among the related row's own list, when the other side is to-many. */
  inverseOrderColumn: string | null;
}

export interface RelationField {
  kind: 'relation';
  name: string;
  target: string;
  many: boolean;
  /** Whether a related row can be linked to one row of this type only (two-way oneToOne, oneToMany). */
  targetSingle: boolean;
  /**
   * Whether the related type has Draft & Publish: its draft and published versions are rows of their own, and
   * a row of this type may be linked to both (see query/status.ts).
   */
  targetDraftAndPublish: boolean;
  /** Whether the related type is translated (a document's versions then are per locale). */
  targetLocalized: boolean;
  link: Link;
  attribute: Record<string, unknown>;
}

/** A field that exists but cannot be exposed, with the reason given to the owner. */
export interface UnsupportedField {
  kind: 'unsupported';
  name: string;
  reason: string;
  /** Whether the content type requires it (a Create endpoint could then never write a valid record). */
  required?: boolean;
}

/** Rows of another type's polymorphic link table (e.g. the media library's) that point at rows of this type. */
export interface MorphLink {
  table: string;
  idColumn: string;
  typeColumn: string;
}

/** Where Strapi links media to rows: the upload plugin's polymorphic link table (`files_related_mph`). */
export interface MediaLinkTable {
  table: string;
  fileColumn: string;
  idColumn: string;
  typeColumn: string;
  fieldColumn: string;
  orderColumn: string;
}

/** The Media Library families a media field accepts (its `allowedTypes`); null accepts every file. */
export type MediaFamily = 'images' | 'videos' | 'audios' | 'files';

export interface MediaField {
  kind: 'media';
  name: string;
  multiple: boolean;
  allowedTypes: MediaFamily[] | null;
  link: MediaLinkTable;
  attribute: Record<string, unknown>;
}

/**
 * Where Strapi links components to the rows that hold them: the owner's `<table>_cmps` table, one row per
 * component (field name, component uid and position included). Single and repeatable components and dynamic
 * zones of one owner share it.
 */
export interface ComponentLink {
  table: string;
  /** Column holding the owner's row id. */
  entityColumn: string;
  /** Column holding the component row's id (in the component's own table). */
  componentColumn: string;
  typeColumn: string;
  fieldColumn: string;
  orderColumn: string;
}

/** A component seen from SQL: its table and fields (components have an id and no document, status or locale). */
export interface ComponentModel {
  uid: string;
  table: string;
  fields: Map<string, ModelField>;
}

/** A single or repeatable component field. */
export interface ComponentField {
  kind: 'component';
  name: string;
  repeatable: boolean;
  component: ComponentModel;
  link: ComponentLink;
  attribute: Record<string, unknown>;
}

/** A dynamic zone: an ordered list of components of the allowed types, each answered with its `__component`. */
export interface DynamicZoneField {
  kind: 'dynamiczone';
  name: string;
  /** The allowed components, by uid, in the schema's order. */
  components: Map<string, ComponentModel>;
  link: ComponentLink;
  attribute: Record<string, unknown>;
}

/** A field read as one value of the row (a column, or one subquery of link rows). */
export type ColumnField = ScalarField | RelationField | MediaField;

/** A field whose values are component rows, linked through the owner's `_cmps` table. */
export type ComponentsField = ComponentField | DynamicZoneField;

export const holdsComponents = (field: ModelField): field is ComponentsField =>
  field.kind === 'component' || field.kind === 'dynamiczone';

export type ModelField =
  | ScalarField
  | RelationField
  | MediaField
  | ComponentField
  | DynamicZoneField
  | UnsupportedField;

/** A content type seen from SQL: its table, and per field its column or link table (from Strapi's metadata). */
export interface Model {
  uid: string;
  table: string;
  /** A single type: one entry (one per status on Draft & Publish), with no number of its own to address it by. */
  single: boolean;
  draftAndPublish: boolean;
  /** Whether the type has its own lifecycle hooks (a lifecycles file), which direct SQL writes would skip. */
  hasLifecycles: boolean;
  /** Whether the type is translated with i18n (its rows carry a locale). */
  localized: boolean;
  /** Components, dynamic zones or polymorphic relations of its own: rows elsewhere that direct SQL would miss. */
  complexFields: boolean;
  morphLinks: MorphLink[];
  fields: Map<string, ModelField>;
}

/** Endpoints may use the site's own types and its users; never admin accounts, media records or plugin internals. */
export const isExposableObject = (uid: string) => uid.startsWith('api::') || uid === 'plugin::users-permissions.user';

const SYSTEM_FIELDS: Array<[string, string, ScalarType]> = [
  ['id', 'id', 'integer'],
  ['documentId', 'document_id', 'string'],
  ['createdAt', 'created_at', 'datetime'],
  ['updatedAt', 'updated_at', 'datetime'],
  ['publishedAt', 'published_at', 'datetime'],
];
const HIDDEN = new Set(['createdBy', 'updatedBy', 'locale', 'localizations']);

/** A translated type's `locale`: read, filtered and grouped by; chosen by the endpoint's `locale`, never written. */
const localeField = (column: string): ScalarField => ({
  kind: 'scalar',
  name: 'locale',
  column,
  type: 'string',
  attribute: { type: 'string' },
  writable: false,
});

const SCALARS = new Set<string>(SCALAR_TYPES);

type AnyAttribute = Record<string, unknown> & { type: string };
type MetaAttribute = {
  columnName?: string;
  relation?: string;
  target?: string;
  morphBy?: string;
  joinTable?: {
    name: string;
    joinColumn: { name: string };
    inverseJoinColumn: { name: string; referencedTable: string };
    orderColumnName?: string;
    inverseOrderColumnName?: string;
    morphColumn?: { idColumn: { name: string }; typeColumn: { name: string } };
  };
};

const relationField = (
  name: string,
  attribute: AnyAttribute,
  meta: MetaAttribute | undefined,
  context: Pick<DescribeContext, 'hasDrafts' | 'isLocalized'>
): ModelField => {
  const relation = String(attribute.relation);
  if (relation.startsWith('morph'))
    return { kind: 'unsupported', name, reason: 'polymorphic relations are not supported' };
  const joinTable = meta?.joinTable;
  if (!joinTable) return { kind: 'unsupported', name, reason: 'relations without a link table are not supported' };
  return {
    kind: 'relation',
    name,
    target: String(attribute.target),
    many: relation === 'oneToMany' || relation === 'manyToMany',
    // Strapi keeps one owner per related row only for two-way relations.
    targetSingle:
      (relation === 'oneToOne' || relation === 'oneToMany') && Boolean(attribute.inversedBy || attribute.mappedBy),
    targetDraftAndPublish: context.hasDrafts(String(attribute.target)),
    targetLocalized: context.isLocalized(String(attribute.target)),
    link: {
      table: joinTable.name,
      targetTable: joinTable.inverseJoinColumn.referencedTable,
      ownerColumn: joinTable.joinColumn.name,
      targetColumn: joinTable.inverseJoinColumn.name,
      orderColumn: joinTable.orderColumnName ?? null,
      inverseOrderColumn: joinTable.inverseOrderColumnName ?? null,
    },
    attribute,
  };
};

const FAMILIES = new Set<string>(['images', 'videos', 'audios', 'files']);

const mediaField = (name: string, attribute: AnyAttribute, link: MediaLinkTable | null): ModelField => {
  if (!link) return { kind: 'unsupported', name, reason: 'media fields need the upload plugin' };
  const allowed = Array.isArray(attribute.allowedTypes) ? attribute.allowedTypes.map(String) : null;
  return {
    kind: 'media',
    name,
    multiple: attribute.multiple === true,
    // An empty or unknown list means what Strapi makes of it: every type.
    allowedTypes: allowed?.length && allowed.every((t) => FAMILIES.has(t)) ? (allowed as MediaFamily[]) : null,
    link,
    attribute,
  };
};

/** What describing a field needs besides the field: the Media Library's link table, and the other schemas. */
interface DescribeContext {
  strapi: Core.Strapi;
  mediaLink: MediaLinkTable | null;
  hasDrafts: (uid: string) => boolean;
  isLocalized: (uid: string) => boolean;
  /** Components of components, to this depth: Strapi's builder forbids cycles; a hand-written schema may not. */
  depth: number;
}

const MAX_COMPONENT_DEPTH = 8;

/** The link rows of a component field or dynamic zone, from Strapi's metadata (null when not the known shape). */
const componentLink = (meta: MetaAttribute | undefined): ComponentLink | null => {
  const joinTable = meta?.joinTable;
  if (!joinTable) return null;
  const componentColumn = joinTable.morphColumn?.idColumn.name ?? joinTable.inverseJoinColumn?.name;
  if (!componentColumn) return null;
  return {
    table: joinTable.name,
    entityColumn: joinTable.joinColumn.name,
    componentColumn,
    typeColumn: joinTable.morphColumn?.typeColumn.name ?? 'component_type',
    fieldColumn: 'field',
    orderColumn: joinTable.orderColumnName ?? 'order',
  };
};

const componentField = (
  name: string,
  attribute: AnyAttribute,
  meta: MetaAttribute | undefined,
  context: DescribeContext
): ModelField => {
  const link = componentLink(meta);
  const component = link ? buildComponentModel(context, String(attribute.component)) : null;
  if (!link || !component) return { kind: 'unsupported', name, reason: 'this component cannot be read' };
  return { kind: 'component', name, repeatable: attribute.repeatable === true, component, link, attribute };
};

const dynamicZoneField = (
  name: string,
  attribute: AnyAttribute,
  meta: MetaAttribute | undefined,
  context: DescribeContext
): ModelField => {
  const link = componentLink(meta);
  const components = new Map<string, ComponentModel>();
  for (const uid of Array.isArray(attribute.components) ? attribute.components.map(String) : []) {
    const component = buildComponentModel(context, uid);
    if (!component) return { kind: 'unsupported', name, reason: `component "${uid}" cannot be read` };
    components.set(uid, component);
  }
  if (!link) return { kind: 'unsupported', name, reason: 'this dynamic zone cannot be read' };
  return { kind: 'dynamiczone', name, components, link, attribute };
};

const describeField = (
  name: string,
  attribute: AnyAttribute,
  meta: MetaAttribute | undefined,
  context: DescribeContext
): ModelField => {
  if (attribute.type === 'relation') return relationField(name, attribute, meta, context);
  if (attribute.type === 'media') return mediaField(name, attribute, context.mediaLink);
  if (attribute.type === 'component') return componentField(name, attribute, meta, context);
  if (attribute.type === 'dynamiczone') return dynamicZoneField(name, attribute, meta, context);
  if (!SCALARS.has(attribute.type) || !meta?.columnName) {
    return { kind: 'unsupported', name, reason: `${attribute.type} fields are not supported` };
  }
  return {
    kind: 'scalar',
    name,
    column: meta.columnName,
    type: attribute.type as ScalarType,
    attribute,
    writable: true,
  };
};

type Schema = { attributes: Record<string, AnyAttribute> };
type TableMeta = { tableName: string; attributes: Record<string, MetaAttribute>; lifecycles?: Record<string, unknown> };

/**
 * The fields of a content type or component: system fields first, then the schema's, private ones (as Strapi
 * means it: `private: true`, the schema's privateAttributes, the app's api.responses config; and passwords,
 * always) marked unsupported.
 */
const describeFields = (schema: Schema, meta: TableMeta, context: DescribeContext) => {
  const fields = new Map<string, ModelField>();
  for (const [name, column, type] of SYSTEM_FIELDS) {
    if (meta.attributes[name])
      fields.set(name, { kind: 'scalar', name, column, type, attribute: { type }, writable: false });
  }
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (!fields.has(name) && !HIDDEN.has(name))
      fields.set(name, describeField(name, attribute, meta.attributes[name], context));
  }
  for (const name of fields.keys()) {
    const isPassword = schema.attributes[name]?.type === 'password';
    if (name !== 'id' && (isPassword || contentTypeUtils.isPrivateAttribute(schema as never, name))) {
      fields.set(name, { kind: 'unsupported', name, reason: 'private fields cannot be exposed' });
    }
  }
  for (const [name, field] of fields) {
    if (field.kind === 'unsupported' && schema.attributes[name]?.required === true) field.required = true;
  }
  return fields;
};

/** A component's SQL view, or null when it is unknown or nested deeper than MAX_COMPONENT_DEPTH. */
const buildComponentModel = (context: DescribeContext, uid: string): ComponentModel | null => {
  const schema = context.strapi.components[uid as keyof typeof context.strapi.components] as Schema | undefined;
  if (!schema || context.depth >= MAX_COMPONENT_DEPTH) return null;
  const meta = context.strapi.db.metadata.get(uid) as unknown as TableMeta;
  const fields = describeFields(schema, meta, { ...context, depth: context.depth + 1 });
  return { uid, table: meta.tableName, fields };
};

/** The polymorphic join table behind a `morphBy` relation: the attribute `morphBy` of the type `target`. */
const morphJoinTable = (strapi: Core.Strapi, target: string, morphBy: string) => {
  const meta = strapi.db.metadata.get(target) as unknown as { attributes: Record<string, MetaAttribute> } | undefined;
  const joinTable = meta?.attributes[morphBy]?.joinTable;
  return joinTable?.morphColumn ? { ...joinTable, morphColumn: joinTable.morphColumn } : null;
};

/** The upload plugin's link table, read from Strapi's metadata (null without the upload plugin). */
export const mediaLinkTable = (strapi: Core.Strapi): MediaLinkTable | null => {
  const joinTable = morphJoinTable(strapi, FILE_UID, 'related');
  if (!joinTable) return null;
  return {
    table: joinTable.name,
    fileColumn: joinTable.joinColumn.name,
    idColumn: joinTable.morphColumn.idColumn.name,
    typeColumn: joinTable.morphColumn.typeColumn.name,
    fieldColumn: 'field',
    orderColumn: 'order',
  };
};

/** The link tables of media fields (and other `morphBy` relations): their rows go when a row is deleted. */
const morphLinksOf = (strapi: Core.Strapi, attributes: Record<string, MetaAttribute>): MorphLink[] => {
  const links = new Map<string, MorphLink>();
  for (const attribute of Object.values(attributes)) {
    if (!attribute.morphBy || !attribute.target) continue;
    const joinTable = morphJoinTable(strapi, attribute.target, attribute.morphBy);
    if (!joinTable) continue;
    links.set(joinTable.name, {
      table: joinTable.name,
      idColumn: joinTable.morphColumn.idColumn.name,
      typeColumn: joinTable.morphColumn.typeColumn.name,
    });
  }
  return [...links.values()];
};

type ContentType = {
  kind: string;
  attributes: Record<string, AnyAttribute>;
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
};

const contentTypeOf = (strapi: Core.Strapi, uid: string) =>
  strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as ContentType | undefined;

const KINDS = new Set(['collectionType', 'singleType']);

/** Builds the SQL view of a content type, or returns null when `uid` is not one that endpoints may use. */
export const buildModel = (strapi: Core.Strapi, uid: string): Model | null => {
  const contentType = contentTypeOf(strapi, uid);
  if (!contentType || !KINDS.has(contentType.kind) || !isExposableObject(uid)) return null;
  const meta = strapi.db.metadata.get(uid) as unknown as TableMeta;
  const hasDrafts = (target: string) => Boolean(contentTypeOf(strapi, target)?.options?.draftAndPublish);
  const isLocalized = (target: string) => Boolean(contentTypeOf(strapi, target)?.pluginOptions?.i18n?.localized);
  const fields = describeFields(contentType, meta, {
    strapi,
    mediaLink: mediaLinkTable(strapi),
    hasDrafts,
    isLocalized,
    depth: 0,
  });
  const complexFields = Object.values(contentType.attributes).some(
    (a) =>
      a.type === 'component' ||
      a.type === 'dynamiczone' ||
      (a.type === 'relation' && String(a.relation).startsWith('morphTo'))
  );
  const localized = Boolean(contentType.pluginOptions?.i18n?.localized);
  // Every type has a locale column (i18n adds it); only a translated type's rows carry a meaningful one.
  if (localized) fields.set('locale', localeField(meta.attributes.locale?.columnName ?? 'locale'));
  return {
    uid,
    table: meta.tableName,
    single: contentType.kind === 'singleType',
    draftAndPublish: Boolean(contentType.options?.draftAndPublish),
    hasLifecycles: Object.keys(meta.lifecycles ?? {}).length > 0,
    localized,
    complexFields,
    morphLinks: morphLinksOf(strapi, meta.attributes),
    fields,
  };
};
