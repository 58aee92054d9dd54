import { z } from 'zod';
import { openapiDocumentInputSchema } from '../../../contracts/openapi';
import { rowId, storedFlag, storedInstant } from './columns';
import { rowDecoder } from './decode';

const TABLE = 'data_api_openapi_documents';

/**
 * A row of `data_api_openapi_documents`. Columns a document stored before they existed holds as null read as the
 * admin API's defaults.
 */
export const storedOpenapiDocumentSchema = z.object({
  id: rowId,
  title: z.string(),
  slug: z.string(),
  version: z
    .string()
    .nullable()
    .transform((version) => version ?? '1.0.0'),
  description: z
    .string()
    .nullable()
    .transform((description) => description ?? ''),
  /** Endpoint ids, in the order the owner listed them. */
  endpoints: z
    .array(openapiDocumentInputSchema.shape.endpoints.element)
    .nullable()
    .transform((ids) => ids ?? []),
  public: storedFlag,
  createdAt: storedInstant,
  updatedAt: storedInstant,
});

export type StoredOpenapiDocumentRow = z.output<typeof storedOpenapiDocumentSchema>;

export const storedOpenapiDocument = rowDecoder(TABLE, storedOpenapiDocumentSchema);

/** The endpoints a document lists, by document id. */
export const documentEndpoints = rowDecoder(TABLE, storedOpenapiDocumentSchema.pick({ id: true, endpoints: true }));

/** What names a document whose slug another one would take. */
export const documentTitle = rowDecoder(TABLE, storedOpenapiDocumentSchema.pick({ id: true, title: true }));
