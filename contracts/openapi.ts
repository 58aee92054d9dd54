import { z } from 'zod';
import { LIMITS } from './limits';

/** Where public documents are served: `/_api/_openapi/<slug>.json` (docs/openapi.md). */
export const OPENAPI_PATH = '_openapi';

/**
 * The title in lower case, each non-word character replaced by `_` (docs/openapi.md). Word characters are those of
 * regular expressions (`[A-Za-z0-9_]`): letters beyond ASCII become `_` too, so a slug is always URL-safe.
 */
export const slugOf = (title: string) => title.toLowerCase().replace(/\W/g, '_');

/** The longest slug (lower-casing can lengthen a title: `İ` becomes two characters). */
export const SLUG_MAX_LENGTH = 200;

/** The name a document is downloaded under: its slug's, as its public path names it (`shop_api.json`). */
export const downloadFileName = (document: { slug: string }) => `${document.slug}.json`;

/** A generated OpenAPI 3.1 document (its JSON): what public paths serve and the admin API downloads. */
export type OpenapiObject = Record<string, unknown>;

/** An OpenAPI document as the admin API takes it (docs/reference.md#admin-api). */
export const openapiDocumentInputSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  version: z.string().trim().min(1).max(50).default('1.0.0'),
  description: z.string().max(10_000).default(''),
  endpoints: z
    .array(z.number().int().positive().max(LIMITS.maxRowId))
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'an endpoint is listed twice'),
  public: z.boolean().default(false),
});

export type OpenapiDocumentInput = z.output<typeof openapiDocumentInputSchema>;

/** A stored document as the admin API answers it. */
export type StoredOpenapiDocument = OpenapiDocumentInput & {
  id: number;
  slug: string;
  /** Where the document is served when it is public (a path on the server). */
  publicPath: string;
  createdAt: string;
  updatedAt: string;
};
