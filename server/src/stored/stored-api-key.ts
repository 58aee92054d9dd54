import { z } from 'zod';
import { rateLimitSchema } from '../../../contracts/rate-limit';
import { rowId, storedFlag, storedInstant } from './columns';
import { rowDecoder } from './decode';

const TABLE = 'data_api_keys';

/** A row of `data_api_keys`: a key's secret is stored only as its HMAC (`hash`). */
export const storedApiKeySchema = z.object({
  id: rowId,
  name: z.string(),
  description: z.string(),
  prefix: z.string(),
  hash: z.string(),
  expiresAt: storedInstant.nullable(),
  lastUsedAt: storedInstant.nullable(),
  /** The key's own limit across its endpoints; null: none. */
  rateLimit: rateLimitSchema.nullable(),
  /** Marked for preview; a key stored before keys had the mark has it null: not marked. */
  preview: storedFlag,
  createdAt: storedInstant,
});

export type StoredApiKey = z.output<typeof storedApiKeySchema>;

export const storedApiKey = rowDecoder(TABLE, storedApiKeySchema);

/** What the runtime keeps of a key: found by its hash, with its expiry, limit and preview mark. */
export const keyInForce = rowDecoder(
  TABLE,
  storedApiKeySchema.pick({ id: true, hash: true, expiresAt: true, rateLimit: true, preview: true })
);

/** A key's name, by id (the usage statistics name keys). */
export const keyName = rowDecoder(TABLE, storedApiKeySchema.pick({ id: true, name: true }));

/** A key stored before keys had names, to be named after its description. */
export const unnamedKey = rowDecoder(TABLE, storedApiKeySchema.pick({ id: true, description: true }));

/** A key's name and preview mark: whether a change marks it for preview, and the key a refusal names. */
export const keyPreview = rowDecoder(TABLE, storedApiKeySchema.pick({ id: true, name: true, preview: true }));

export const keyLastUse = rowDecoder(TABLE, storedApiKeySchema.pick({ lastUsedAt: true }));

export const keyId = rowDecoder(TABLE, storedApiKeySchema.pick({ id: true }));
