import { z } from 'zod';

/**
 * A rate limit (docs/rate-limits.md): at most `requests` per `windowSeconds` (fixed windows), plus `burst`
 * requests more when that budget is spent, which refill over `BURST_WINDOWS` windows. Set on an endpoint (counted
 * per API key, or per source address on session and public endpoints) and on an API key (counted across all its
 * endpoints).
 */
export const rateLimitSchema = z.strictObject({
  requests: z.number().int().min(1).max(1_000_000),
  windowSeconds: z.number().int().min(1).max(86_400),
  burst: z.number().int().min(0).max(1_000_000).default(0),
});

export type RateLimit = z.output<typeof rateLimitSchema>;

/** The burst budget refills over this many windows: a short spike is let through, a sustained one is not. */
export const BURST_WINDOWS = 10;

/** Where the budgets live (plugin config `rateLimit.store`). */
export const RATE_LIMIT_STORES = ['memory', 'redis', 'database'] as const;

/** What happens when the store cannot be reached: let requests through (logged) or refuse them with 503. */
export const STORE_ERROR_CHOICES = ['allow', 'refuse'] as const;
