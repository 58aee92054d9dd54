import { contentTypes as contentTypeUtils } from '@strapi/utils';
import type { Struct } from '@strapi/strapi';
import {
  SCALAR_TYPES,
  type ComponentLink,
  type ComponentModel,
  type MediaFamily,
  type MediaLinkTable,
  type ModelField,
  type ScalarField,
  type ScalarType,
} from './model';
import type { AttributeMeta, SchemaAttribute, TableMeta } from './strapi-schemas';

const SYSTEM_FIELDS: Array<[string, string, ScalarType]> = [
  ['id', 'id', 'integer'],
  ['documentId', 'document_id', 'string'],
  ['createdAt', 'created_at', 'datetime'],
  ['updatedAt', 'updated_at', 'datetime'],
  ['publishedAt', 'published_at', 'datetime'],
];
const HIDDEN = new Set(['createdBy', 'updatedBy', 'locale', 'localizations']);

/** A translated type's `locale`: read, filtered and grouped by; chosen by the endpoint's `locale`, never written. */
export const localeField = (column: string): ScalarField => ({
  kind: 'scalar',
  name: 'locale',
  column,
  type: 'string',
  attribute: { type: 'string' },
  writable: false,
});

const SCALARS = new Set<string>(SCALAR_TYPES);
const isScalarType = (type: string): type is ScalarType => SCALARS.has(type);

const FAMILIES = new Set<string>(['images', 'videos', 'audios', 'files']);
const isMediaFamily = (name: string): name is MediaFamily => FAMILIES.has(name);

/** What describing a field needs besides the field: the Media Library's link table, and the other schemas. */
export interface DescribeContext {
  mediaLink: MediaLinkTable | null;
  hasDrafts: (uid: string) => boolean;
  isLocalized: (uid: string) => boolean;
  /** A component's SQL view, null when it cannot be read (unknown, or nested too deep). */
  componentModel: (uid: string) => ComponentModel | null;
}

const relationField = (
  name: string,
  attribute: SchemaAttribute,
  meta: AttributeMeta | undefined,
  context: DescribeContext
): ModelField => {
  const relation = String(attribute.relation);
  if (relation.startsWith('morph'))
    return { kind: 'unsupported', name, reason: 'polymorphic relations are not supported' };
  const joinTable = meta?.joinTable;
  const inverse = joinTable?.inverseJoinColumn;
  if (!joinTable || !inverse?.referencedTable)
    return { kind: 'unsupported', name, reason: 'relations without a link table are not supported' };
  const target = String(attribute.target);
  return {
    kind: 'relation',
    name,
    target,
    many: relation === 'oneToMany' || relation === 'manyToMany',
    // Strapi keeps one owner per related row only for two-way relations.
    targetSingle:
      (relation === 'oneToOne' || relation === 'oneToMany') && Boolean(attribute.inversedBy || attribute.mappedBy),
    targetDraftAndPublish: context.hasDrafts(target),
    targetLocalized: context.isLocalized(target),
    link: {
      table: joinTable.name,
      targetTable: inverse.referencedTable,
      ownerColumn: joinTable.joinColumn.name,
      targetColumn: inverse.name,
      orderColumn: joinTable.orderColumnName ?? null,
      inverseOrderColumn: joinTable.inverseOrderColumnName ?? null,
    },
    attribute,
  };
};

const mediaField = (name: string, attribute: SchemaAttribute, link: MediaLinkTable | null): ModelField => {
  if (!link) return { kind: 'unsupported', name, reason: 'media fields need the upload plugin' };
  const allowed = Array.isArray(attribute.allowedTypes) ? attribute.allowedTypes.map(String) : null;
  return {
    kind: 'media',
    name,
    multiple: attribute.multiple === true,
    // An empty or unknown list means what Strapi makes of it: every type.
    allowedTypes: allowed?.length && allowed.every(isMediaFamily) ? allowed : null,
    link,
    attribute,
  };
};

/** The link rows of a component field or dynamic zone, from Strapi's metadata (null when not the known shape). */
const componentLink = (meta: AttributeMeta | undefined): ComponentLink | null => {
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
  attribute: SchemaAttribute,
  meta: AttributeMeta | undefined,
  context: DescribeContext
): ModelField => {
  const link = componentLink(meta);
  const component = link ? context.componentModel(String(attribute.component)) : null;
  if (!link || !component) return { kind: 'unsupported', name, reason: 'this component cannot be read' };
  return { kind: 'component', name, repeatable: attribute.repeatable === true, component, link, attribute };
};

const dynamicZoneField = (
  name: string,
  attribute: SchemaAttribute,
  meta: AttributeMeta | undefined,
  context: DescribeContext
): ModelField => {
  const link = componentLink(meta);
  const components = new Map<string, ComponentModel>();
  for (const uid of Array.isArray(attribute.components) ? attribute.components.map(String) : []) {
    const component = context.componentModel(uid);
    if (!component) return { kind: 'unsupported', name, reason: `component "${uid}" cannot be read` };
    components.set(uid, component);
  }
  if (!link) return { kind: 'unsupported', name, reason: 'this dynamic zone cannot be read' };
  return { kind: 'dynamiczone', name, components, link, attribute };
};

const describeField = (
  name: string,
  attribute: SchemaAttribute,
  meta: AttributeMeta | undefined,
  context: DescribeContext
): ModelField => {
  if (attribute.type === 'relation') return relationField(name, attribute, meta, context);
  if (attribute.type === 'media') return mediaField(name, attribute, context.mediaLink);
  if (attribute.type === 'component') return componentField(name, attribute, meta, context);
  if (attribute.type === 'dynamiczone') return dynamicZoneField(name, attribute, meta, context);
  if (!isScalarType(attribute.type) || !meta?.columnName) {
    return { kind: 'unsupported', name, reason: `${attribute.type} fields are not supported` };
  }
  return { kind: 'scalar', name, column: meta.columnName, type: attribute.type, attribute, writable: true };
};

/**
 * The fields of a content type or component: system fields first, then the schema's, private ones (as Strapi
 * means it: `private: true`, the schema's privateAttributes, the app's api.responses config; and passwords,
 * always) marked unsupported.
 */
export const describeFields = (
  schema: Struct.ContentTypeSchema | Struct.ComponentSchema,
  meta: TableMeta,
  context: DescribeContext
) => {
  const attributes: Record<string, SchemaAttribute> = schema.attributes;
  const fields = new Map<string, ModelField>();
  for (const [name, column, type] of SYSTEM_FIELDS) {
    if (meta.attributes[name])
      fields.set(name, { kind: 'scalar', name, column, type, attribute: { type }, writable: false });
  }
  for (const [name, attribute] of Object.entries(attributes)) {
    if (!fields.has(name) && !HIDDEN.has(name))
      fields.set(name, describeField(name, attribute, meta.attributes[name], context));
  }
  for (const name of fields.keys()) {
    const isPassword = attributes[name]?.type === 'password';
    if (name !== 'id' && (isPassword || contentTypeUtils.isPrivateAttribute(schema, name))) {
      fields.set(name, { kind: 'unsupported', name, reason: 'private fields cannot be exposed' });
    }
  }
  for (const [name, field] of fields) {
    if (field.kind === 'unsupported' && attributes[name]?.required === true) field.required = true;
  }
  return fields;
};
