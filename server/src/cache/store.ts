import type { CachedAnswer } from './answer';

/**
 * What an entry's validity was measured against when its answer was read: a store's own notion (the local write
 * clock, or the Redis counters of the types read). Opaque outside the store that made it.
 */
export type Stamp = { readonly store: string; readonly value: unknown };

/** A lookup's result: the answer kept, or the stamp a miss's answer is then kept with. */
export type Lookup = { readonly hit: CachedAnswer } | { readonly hit: null; readonly stamp: Stamp };

/** An entry to keep: its endpoint (for purges), the types it read and how long it may be served. */
export interface Keeping {
  readonly endpointId: number;
  readonly reads: readonly string[];
  readonly ttlMs: number;
}

/**
 * Where answers are kept (docs/cache.md). A hit is answered only while none of `reads` (content types, and the
 * purge marks of cache/purge-marks.ts) was written since the entry's stamp, and before its expiry. A store
 * that cannot be reached answers misses and keeps nothing: the database answers instead.
 */
export interface CacheStore {
  readonly name: 'memory' | 'redis';
  lookup(key: string, reads: readonly string[]): Promise<Lookup>;
  keep(key: string, answer: CachedAnswer, stamp: Stamp, keeping: Keeping): Promise<void>;
  /**
   * This instance saw these types (or purge marks) written, after the totals' write clock moved: a shared store
   * records them for the other instances' lookups.
   */
  written(uids: readonly string[]): void;
  /** Drops what this instance holds of one endpoint, or everything: how many entries. */
  drop(endpointId?: number): number;
  /** Bytes, entries and evictions held by this instance (a Redis store holds none itself). */
  usage(): { bytes: number; entries: number; evictions: number };
  close(): Promise<void>;
}
