import type { Core } from '@strapi/strapi';
import { LIMITS } from '../../../contracts/limits';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { dialectOf } from '../query/dialect';
import { createLru } from '../query/lru';
import { createGenerations } from './generations';
import { createSharedGenerations } from './shared-generations';
import { tableOwners, typesRead } from './table-owners';
import { createTotalCache } from './total-cache';
import { watchStrapiWrites } from './write-watch';

/** Distinct count statements whose read types are remembered (few per endpoint: one per set of query filters). */
const STATEMENTS = 1000;

/** Types of Strapi and of this plugin are no List's: their writes are not tracked. */
const tracked = (uid: string) =>
  !uid.startsWith('admin::') && !uid.startsWith('strapi::') && !uid.startsWith(`plugin::${PLUGIN_ID}.`);

export interface TotalsOptions {
  /** How long a total is trusted without a write seen (`totals.maxAgeMs`; 0 counts every page). */
  maxAgeMs: number;
  /** How often other instances' writes are read (`refreshIntervalMs`). */
  intervalMs: number;
}

/**
 * Exact List totals without a count per request: see docs/list.md ("How exact is `total`") for the guarantee.
 * One per Strapi instance, started at bootstrap (it watches Strapi's writes and the other instances').
 */
export const createTotals = (strapi: Core.Strapi, { maxAgeMs, intervalMs }: TotalsOptions) => {
  const generations = createGenerations();
  const cache = createTotalCache({ generations, maxAgeMs, capacity: LIMITS.cachedTotals });
  const shared = createSharedGenerations(strapi, intervalMs, (uids) => generations.bump(uids));
  const reads = createLru<string[]>(STATEMENTS);
  // Strapi's metadata and dialect are known once the database is up: read on first use.
  let owners: Map<string, Set<string>> | null = null;
  let unwatch: (() => void) | null = null;
  const listeners: Array<(uids: string[]) => void> = [];

  const readsOf = (sql: string) => {
    let uids = reads.get(sql);
    if (!uids) reads.set(sql, (uids = typesRead(sql, dialectOf(strapi), (owners ??= tableOwners(strapi)))));
    return uids;
  };

  const written = (uids: Iterable<string>) => {
    const list = [...uids].filter(tracked);
    if (!list.length) return;
    generations.bump(list);
    shared.written(list);
    for (const listener of listeners) listener(list);
  };

  return {
    /** The exact total of a count statement: cached until a type it reads is written, or `maxAgeMs`. */
    total: (sql: string, bindings: unknown[], count: () => Promise<number>) =>
      cache.total(sql, bindings, readsOf(sql), count),
    /** This instance committed writes to these types (its own SQL writes; Strapi's are watched). */
    written,
    /** The write clock the totals keep, shared with the response cache (server/src/cache). */
    generations,
    /** The content types whose writes can change what a statement reads. */
    readsOf,
    /** Hears every write this instance saw (after the clock moved), as `written` takes them. */
    onWritten(listener: (uids: string[]) => void) {
      listeners.push(listener);
    },
    start() {
      unwatch = watchStrapiWrites(strapi, tracked, written);
      shared.start();
    },
    async stop() {
      unwatch?.();
      unwatch = null;
      await shared.stop();
    },
  };
};

export type Totals = ReturnType<typeof createTotals>;
