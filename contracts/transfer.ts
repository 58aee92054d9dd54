import { z } from 'zod';
import { apiKeyInputSchema, keyNameSchema } from './api-key';
import { openapiDocumentInputSchema } from './openapi';
import { rateLimitSchema, type RateLimit } from './rate-limit';

/** The configuration as one JSON document (docs/reference.md#admin-api): endpoints, documents and key names. */
export const TRANSFER_FORMAT = 'strapi-plugin-data-api/2';

/**
 * The first format, whose keys went by description, from before keys had names: still imported where each
 * description is that of one key at most (a description is free text anyone with the key rights can copy).
 */
export const DESCRIPTION_TRANSFER_FORMAT = 'strapi-plugin-data-api/1';

/** An endpoint as a route: `GET shop/orders`, what endpoints and documents refer to across environments. */
export const ROUTE_REFERENCE = /^(GET|POST|PATCH|DELETE) (\S+)$/;

const description = apiKeyInputSchema.shape.description;

const items = {
  exportedAt: z.string().max(50).optional(),
  /** Definitions whose `auth.keys` name keys (by description in the first format); checked like the admin API's. */
  endpoints: z.array(z.record(z.string(), z.unknown())).max(5000),
  /** Documents whose `endpoints` name endpoints by route (`GET shop/orders`). */
  documents: z
    .array(openapiDocumentInputSchema.extend({ endpoints: z.array(z.string().regex(ROUTE_REFERENCE)).max(500) }))
    .max(1000),
};

export const transferSchema = z.discriminatedUnion('format', [
  z.strictObject({
    format: z.literal(TRANSFER_FORMAT),
    /**
     * Keys by name, their description for information, their own rate limit (absent: left as it is here, null:
     * none) and preview mark (absent: left as it is here): never a secret or a hash.
     */
    keys: z
      .array(
        z.strictObject({
          name: keyNameSchema,
          description,
          rateLimit: rateLimitSchema.nullable().optional(),
          preview: z.boolean().optional(),
        })
      )
      .max(1000),
    ...items,
  }),
  z.strictObject({
    format: z.literal(DESCRIPTION_TRANSFER_FORMAT),
    keys: z.array(z.strictObject({ description })).max(1000),
    ...items,
  }),
]);

export type TransferDocument = z.output<typeof transferSchema>;
/** A file as the admin API takes it (checked by the server). */
export type TransferInput = z.input<typeof transferSchema>;

/** How many items of a kind an import made, changed, and left as they were (the file held them unchanged). */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** What an import did; the secrets of the keys it had to create are answered this once. */
export interface ImportResult {
  endpoints: ImportCounts;
  documents: ImportCounts;
  keys: {
    /** Keys of this environment the file named, used as they are: check they are the ones meant. */
    matched: Array<{ id: number; name: string; description: string }>;
    created: Array<{ id: number; name: string; description: string; secret: string }>;
  };
}

/** What an import would do to an item: make it, change it, or leave it as it is (the file holds it unchanged). */
export type PlannedChange = keyof ImportCounts;

/** How many setting changes the preview tells per item; the others are counted (`moreChanges`). */
export const MAX_TOLD_CHANGES = 10;

/**
 * A setting whose value an import changes: an endpoint's name, path, type, content type (`object`), authentication
 * method, rate limit, response cache seconds (`cache`: off is null) and CDN seconds; a document's title, version,
 * description and public mark; a key's rate limit and preview mark.
 */
export type ValueSetting =
  | 'name'
  | 'path'
  | 'type'
  | 'object'
  | 'auth'
  | 'rateLimit'
  | 'cache'
  | 'sharedMaxAge'
  | 'staleWhileRevalidate'
  | 'version'
  | 'description'
  | 'public'
  | 'preview';

/**
 * A list an import adds to or takes from: an endpoint's fields (by name) and allowed keys (by name), a document's
 * endpoints (by route); `otherSettings` names the endpoint's other members that change (`filter`, `sort`...).
 */
export type ListSetting =
  | 'fieldsAdded'
  | 'fieldsRemoved'
  | 'keysAdded'
  | 'keysRemoved'
  | 'endpointsAdded'
  | 'endpointsRemoved'
  | 'otherSettings';

/** One change an import makes to an item, as its preview tells it: a value before and after, or list entries. */
export type SettingChange =
  | {
      setting: ValueSetting;
      before: string | number | boolean | RateLimit | null;
      after: string | number | boolean | RateLimit | null;
    }
  | { setting: ListSetting; items: string[] };

/**
 * An item of an import's preview: its name (an endpoint's, a document's title, a key's) and where it is (an
 * endpoint's route `GET shop/orders`, a document's public path, a key's description); for one to be changed, the
 * first `MAX_TOLD_CHANGES` of its changes and how many more there are.
 */
export interface PlannedItem {
  change: PlannedChange;
  name: string;
  detail: string;
  changes: SettingChange[];
  moreChanges: number;
}

/** What importing a file would do, in the file's order, without doing it (`POST /import/preview`). */
export interface ImportPreview {
  endpoints: PlannedItem[];
  documents: PlannedItem[];
  keys: PlannedItem[];
}
