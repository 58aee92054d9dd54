import type { Core, Struct, UID } from '@strapi/strapi';
import { isPlainObject } from '../../../contracts/json';

/**
 * What the model reads of Strapi's schemas and database metadata, typed: Strapi's own types are assignable to
 * these views, so reading them needs no cast, and what Strapi leaves optional is checked where it is used.
 */

/** An attribute of a content type's or component's schema, as the model reads it. */
export type SchemaAttribute = {
  type: string;
  relation?: string;
  target?: string;
  inversedBy?: string;
  mappedBy?: string;
  // Strapi types it loosely (a single family, undefined items): the model reads a list of names only.
  allowedTypes?: unknown;
  multiple?: boolean;
  component?: string;
  repeatable?: boolean;
  components?: readonly string[];
  required?: boolean;
};

/** A link table of Strapi's database metadata: a relation's, a component field's or a polymorphic one. */
export interface JoinTableMeta {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn?: { name: string; referencedTable?: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
  morphColumn?: { idColumn: { name: string }; typeColumn: { name: string } };
}

/** An attribute of Strapi's database metadata: its column, or its link table. */
export interface AttributeMeta {
  type: string;
  columnName?: string;
  target?: string;
  morphBy?: string;
  joinTable?: JoinTableMeta;
}

/** A content type's or component's table in Strapi's database metadata. */
export interface TableMeta {
  tableName: string;
  attributes: Record<string, AttributeMeta>;
  lifecycles?: object;
}

// Strapi keys its registries by uid patterns; a uid outside them names nothing there.
const isContentTypeUid = (uid: string): uid is UID.ContentType => /^(api|plugin|admin|strapi)::./.test(uid);
const isComponentUid = (uid: string): uid is UID.Component => uid.includes('.');

/** The schema of the content type `uid`, if the site has one. */
export const contentTypeSchema = (strapi: Core.Strapi, uid: string): Struct.ContentTypeSchema | undefined =>
  isContentTypeUid(uid) ? strapi.contentTypes[uid] : undefined;

/** The schema of the component `uid`, if the site has one. */
export const componentSchema = (strapi: Core.Strapi, uid: string): Struct.ComponentSchema | undefined =>
  isComponentUid(uid) ? strapi.components[uid] : undefined;

/** The table of a content type or component in Strapi's database metadata (a Map: unknown uids have none). */
export const tableMeta = (strapi: Core.Strapi, uid: string): TableMeta | undefined =>
  strapi.db.metadata.has(uid) ? strapi.db.metadata.get(uid) : undefined;

/** Whether a content type is translated: i18n's plugin options on it (untyped in Strapi) say `localized`. */
export const isLocalizedSchema = (schema: Struct.ContentTypeSchema | undefined): boolean => {
  const i18n = schema?.pluginOptions?.i18n;
  return isPlainObject(i18n) && Boolean(i18n.localized);
};
