import type { Executor } from '../query/executor';
import { FILE_UID } from '../query/model';
import type { Totals } from '../totals';
import { PURGE_ALL_MARK, purgeMarkOf } from './purge-marks';

/** Distinct statements an endpoint remembers having seen (its filters' combinations); past it each is looked up. */
const STATEMENTS = 1000;

/**
 * What an endpoint's answers read, learnt from the statements they run: the endpoint's executor and totals are
 * wrapped so that each new statement adds the content types its tables belong to (totals/table-owners.ts). A
 * statement runs before its answer is kept, so an entry's reads are always among the endpoint's reads, which
 * only grow; with the endpoint's purge marks.
 */
export const createReadsRecorder = (endpointId: number, totals: Pick<Totals, 'readsOf' | 'total'>) => {
  const seen = new Set<string>();
  const types = new Set<string>();
  let reads: readonly string[] = [];
  let typesRead: readonly string[] = [];
  const note = (sql: string) => {
    if (seen.has(sql)) return;
    if (seen.size < STATEMENTS) seen.add(sql);
    const before = types.size;
    for (const uid of totals.readsOf(sql)) types.add(uid);
    if (types.size === before) return;
    typesRead = [...types];
    reads = [purgeMarkOf(endpointId), PURGE_ALL_MARK, ...typesRead];
  };
  return {
    /** The types read so far (none until a statement ran), with the purge marks. */
    reads: () => reads,
    /** The content types alone (a new array when they grow). */
    types: () => typesRead,
    /** Whether the answers hold file URLs (they read the upload plugin's files). */
    readsFiles: () => types.has(FILE_UID),
    executor: (executor: Executor): Executor => ({
      all(sql, bindings) {
        note(sql);
        return executor.all(sql, bindings);
      },
      arrays(sql, bindings) {
        note(sql);
        return executor.arrays(sql, bindings);
      },
    }),
    total: (sql: string, bindings: unknown[], count: () => Promise<number>) => {
      note(sql);
      return totals.total(sql, bindings, count);
    },
  };
};

export type ReadsRecorder = ReturnType<typeof createReadsRecorder>;
