/** The content types and fields `GET /data-api/objects` describes, for the endpoint builder. */
export interface ObjectField {
  name: string;
  /** A scalar type (`string`, ...), `relation`, `media`, `component`, `dynamiczone` or `unsupported`. */
  type: string;
  exposable: boolean;
  /** Whether Create and Modify endpoints may accept it (not `id`, `documentId`, `locale` or the timestamps). */
  writable: boolean;
  reason?: string;
  relation?: { target: string; many: boolean };
  /** A media field: whether it holds several files, and the families it accepts (null: any file). */
  media?: { multiple: boolean; allowedTypes: string[] | null };
  /** A component field: answered as an object (an array of them when repeatable), written as a whole. */
  component?: ComponentDescription & { repeatable: boolean };
  /** A dynamic zone: an ordered array of objects of these components, each with its `__component` uid. */
  components?: ComponentDescription[];
  /**
   * A field of a component: whether a filter may test it by its path from the content type (`seo.metaTitle`):
   * scalar fields of components that are not repeatable, nor inside a repeatable one or a dynamic zone.
   */
  filterable?: boolean;
  /** On a localized type: a field every locale shares (Strapi copies it to each localization). */
  sharedByLocales?: boolean;
  required?: boolean;
  enum?: string[];
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
}

/** A component as the builder shows it: its uid (the `__component` of a dynamic zone entry) and fields. */
export interface ComponentDescription {
  uid: string;
  displayName: string;
  fields: ObjectField[];
}

export interface SiteLocale {
  code: string;
  name: string;
}

export interface ObjectDescription {
  uid: string;
  displayName: string;
  /** A single type has one entry: List and Aggregate read it, Modify changes it (no number); no Create or Delete. */
  kind: 'collectionType' | 'singleType';
  draftAndPublish: boolean;
  /** Whether writes go through the Document Service (else direct SQL): see the `documentService` option. */
  documentService: boolean;
  /** Whether the type is translated with i18n: an endpoint reads and writes one locale (see `locale`). */
  localized: boolean;
  /** On a localized type: the site's locales, and the one endpoints use when their definition names none. */
  locales?: SiteLocale[];
  defaultLocale?: string | null;
  fields: ObjectField[];
}
