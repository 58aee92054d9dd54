import { z } from 'zod';
import { rateLimitSchema, type RateLimit } from './rate-limit';

/** The longest key name. */
export const KEY_NAME_MAX = 64;

/**
 * A key's name: its identity across environments (an import matches keys by it), unique and never changed.
 * Lower case only, so that unique is unique without regard to case on every database.
 */
export const keyNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    new RegExp(`^[a-z0-9][a-z0-9_-]{0,${KEY_NAME_MAX - 1}}$`),
    `use 1 to ${KEY_NAME_MAX} letters a-z, digits, "-" or "_", starting with a letter or digit`
  );

/** The name made for a key created without one: the words of its description, `Partner shop` -> `partner-shop`. */
export const keyNameFrom = (description: string) => {
  const words = description
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // the accents NFKD split off: `é` -> `e`
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.join('-').slice(0, KEY_NAME_MAX).replace(/-$/, '') || 'key';
};

/** `name`, or with the suffix `-<n>` (n > 1) that makes it another name, cut to stay within the length. */
export const numberedKeyName = (name: string, n: number) => {
  if (n === 1) return name;
  const suffix = `-${n}`;
  return `${name.slice(0, KEY_NAME_MAX - suffix.length).replace(/-$/, '')}${suffix}`;
};

/** An API key as the admin API takes it (docs/reference.md#admin-api): the secret is made by the server. */
export const apiKeyInputSchema = z.strictObject({
  /** Made from the description when absent. */
  name: keyNameSchema.optional(),
  description: z.string().trim().min(1).max(200),
  /** When calls with it start being refused (401); null or absent: never. Set once, at creation. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((at) => Date.parse(at) > Date.now(), 'must be in the future')
    .nullable()
    .optional(),
  /** Requests of this key across all its endpoints; null or absent: no limit of its own. */
  rateLimit: rateLimitSchema.nullable().optional(),
  /** Marked for preview: may read drafts (`?status=draft`) on endpoints whose status comes from the request. */
  preview: z.boolean().optional(),
});

/** What a key's owner may change after creation: its description, limit and preview mark (the name and secret stay). */
export const apiKeyUpdateSchema = apiKeyInputSchema
  .pick({ description: true, rateLimit: true, preview: true })
  .partial();

export type ApiKeyInput = z.output<typeof apiKeyInputSchema>;

export interface ApiKeySummary {
  id: number;
  name: string;
  description: string;
  prefix: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  rateLimit: RateLimit | null;
  preview: boolean;
  createdAt: string;
}
