import type { Core } from '@strapi/strapi';
import { describeFields, localeField, type DescribeContext } from './describe-fields';
import {
  FILE_UID,
  isExposableObject,
  type ComponentModel,
  type MediaLinkTable,
  type Model,
  type MorphLink,
} from './model';
import { componentSchema, contentTypeSchema, isLocalizedSchema, tableMeta, type AttributeMeta } from './strapi-schemas';

/** Components of components, to this depth: Strapi's builder forbids cycles; a hand-written schema may not. */
const MAX_COMPONENT_DEPTH = 8;

/** A component's SQL view, or null when it is unknown or nested deeper than MAX_COMPONENT_DEPTH. */
const buildComponentModel = (
  strapi: Core.Strapi,
  context: Omit<DescribeContext, 'componentModel'>,
  uid: string,
  depth: number
): ComponentModel | null => {
  const schema = componentSchema(strapi, uid);
  const meta = tableMeta(strapi, uid);
  if (!schema || !meta || depth >= MAX_COMPONENT_DEPTH) return null;
  const fields = describeFields(schema, meta, {
    ...context,
    componentModel: (inner) => buildComponentModel(strapi, context, inner, depth + 1),
  });
  return { uid, table: meta.tableName, fields };
};

/** The polymorphic join table behind a `morphBy` relation: the attribute `morphBy` of the type `target`. */
const morphJoinTable = (strapi: Core.Strapi, target: string, morphBy: string) => {
  const joinTable = tableMeta(strapi, target)?.attributes[morphBy]?.joinTable;
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
const morphLinksOf = (strapi: Core.Strapi, attributes: Record<string, AttributeMeta>): MorphLink[] => {
  const links = new Map<string, MorphLink>();
  for (const attribute of Object.values(attributes)) {
    if (!attribute.morphBy || !attribute.target) continue;
    const joinTable = morphJoinTable(strapi, attribute.target, attribute.morphBy);
    if (!joinTable) continue;
    links.set(joinTable.name, {
      owner: attribute.target,
      table: joinTable.name,
      idColumn: joinTable.morphColumn.idColumn.name,
      typeColumn: joinTable.morphColumn.typeColumn.name,
    });
  }
  return [...links.values()];
};

const KINDS = new Set(['collectionType', 'singleType']);

/** Builds the SQL view of a content type, or returns null when `uid` is not one that endpoints may use. */
export const buildModel = (strapi: Core.Strapi, uid: string): Model | null => {
  const contentType = contentTypeSchema(strapi, uid);
  const meta = tableMeta(strapi, uid);
  if (!contentType || !meta || !KINDS.has(contentType.kind) || !isExposableObject(uid)) return null;
  const context = {
    mediaLink: mediaLinkTable(strapi),
    hasDrafts: (target: string) => Boolean(contentTypeSchema(strapi, target)?.options?.draftAndPublish),
    isLocalized: (target: string) => isLocalizedSchema(contentTypeSchema(strapi, target)),
  };
  const fields = describeFields(contentType, meta, {
    ...context,
    componentModel: (component) => buildComponentModel(strapi, context, component, 0),
  });
  const complexFields = Object.values(contentType.attributes).some(
    (a) =>
      a.type === 'component' ||
      a.type === 'dynamiczone' ||
      (a.type === 'relation' && String(a.relation).startsWith('morphTo'))
  );
  const localized = isLocalizedSchema(contentType);
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
