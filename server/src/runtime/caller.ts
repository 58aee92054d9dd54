import type { CacheOutcome } from '../../../contracts/cache';
import type { RateLimit } from '../../../contracts/rate-limit';
import type { SessionUser } from '../../../contracts/session';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import type { BudgetName } from '../limits/spending';
import { RateLimited } from './rate-limit';

/**
 * Who called, as authentication answers it (docs/endpoints.md#authentication): an API key, with its own rate
 * limit and its preview mark; a logged-in user; nobody (a public endpoint reads no credential); or, for a signed
 * file URL issued to someone other than a key, that someone as rate limits count them (`user:site:12`).
 */
export type Identity =
  | { readonly kind: 'key'; readonly keyId: number; readonly keyLimit: RateLimit | null; readonly preview: boolean }
  | { readonly kind: 'user'; readonly user: SessionUser }
  | { readonly kind: 'link'; readonly subject: string }
  | { readonly kind: 'nobody' };

export const NOBODY: Identity = { kind: 'nobody' };

/**
 * What a request turned out to be, read once it is answered by the access log, the metrics and the usage
 * count. Built by the runtime from what each step answered; no step reads it.
 */
export interface RequestRecord {
  /** The endpoint it matched, or whose signed file URL it used. */
  readonly endpoint?: CompiledEndpoint;
  /** Who called, once that is known. */
  readonly identity?: Identity;
  /** The rate limit that refused it (429). */
  readonly limited?: BudgetName;
  /** A cached endpoint's answer came from the response cache (`hit`) or from the database (`miss`). */
  readonly cache?: CacheOutcome;
}

/** Serving a request came to this: its record, and the error that answers it when it failed. */
export type Served =
  | { readonly record: RequestRecord; readonly failed: false }
  | { readonly record: RequestRecord; readonly failed: true; readonly error: unknown };

export const keyIdOf = ({ identity }: RequestRecord) => (identity?.kind === 'key' ? identity.keyId : undefined);

/** A request that matched no endpoint: nothing to record beyond its answer. */
export const UNMATCHED: Served = { record: {}, failed: false };

export const servedAs = (record: RequestRecord): Served => ({ record, failed: false });

/** Serving went as far as `record`, then failed; a rate limit's refusal is recorded with the limit. */
export const failedAt = (record: RequestRecord, error: unknown): Served => ({
  record: error instanceof RateLimited ? { ...record, limited: error.budget } : record,
  failed: true,
  error,
});
