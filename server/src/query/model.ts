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
  /** The type whose polymorphic relation the table is (the file type, for media). */
  owner: string;
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
