import { z } from 'zod';
import { apiKeyInputSchema } from './api-key';
import { openapiDocumentInputSchema } from './openapi';

/** The configuration as one JSON document (DESIGN.md section 3): endpoints, documents and key descriptions. */
export const TRANSFER_FORMAT = 'strapi-plugin-data-api/1';

/** An endpoint as a route: `GET shop/orders`, what endpoints and documents refer to across environments. */
export const ROUTE_REFERENCE = /^(GET|POST|PATCH|DELETE) (\S+)$/;

export const transferSchema = z.strictObject({
  format: z.literal(TRANSFER_FORMAT),
  exportedAt: z.string().max(50).optional(),
  /** Keys by description only: never a secret or a hash. */
  keys: z.array(apiKeyInputSchema.pick({ description: true })).max(1000),
  /** Definitions whose `auth.keys` name keys by description; checked one by one like the admin API's. */
  endpoints: z.array(z.record(z.string(), z.unknown())).max(5000),
  /** Documents whose `endpoints` name endpoints by route (`GET shop/orders`). */
  documents: z
    .array(openapiDocumentInputSchema.extend({ endpoints: z.array(z.string().regex(ROUTE_REFERENCE)).max(500) }))
    .max(1000),
});

export type TransferDocument = z.output<typeof transferSchema>;

/** What an import did; the secrets of the keys it had to create are answered this once. */
export interface ImportResult {
  endpoints: { created: number; updated: number };
  documents: { created: number; updated: number };
  keys: { matched: number; created: Array<{ id: number; description: string; secret: string }> };
}
