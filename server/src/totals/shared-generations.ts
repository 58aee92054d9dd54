import type { Core } from '@strapi/strapi';
import { UIDS } from '../../../contracts/plugin';
import { isUniqueViolation } from '../errors/unique-violation';
import { decodedOrThrow } from '../stored/decode';
import { pluginTable } from '../stored/plugin-table';
import { generationCounter } from '../stored/stored-generation';

/** Writes seen within this long are told to other instances in one go. */
const BATCH_MS = 20;

/**
 * Instances of one site share their writes through `data_api_generations`: one row per content type with a
 * counter. An instance adds one to the rows of the types it saw written (after the commit, batched), and
 * every `intervalMs` reads them all: a counter that moved by more than its own additions was written
 * elsewhere, and `learned` gets those types. So another instance's write reaches this one's totals within
 * `intervalMs` plus the batch delay.
 */
export const createSharedGenerations = (strapi: Core.Strapi, intervalMs: number, learned: (uids: string[]) => void) => {
  const pending = new Set<string>();
  /** Counters as the last read saw them. */
  const seen = new Map<string, number>();
  /** What this instance added since the last read. */
  const mine = new Map<string, number>();
  let firstRead = true;
  let timer: NodeJS.Timeout | null = null;
  let batch: NodeJS.Timeout | null = null;
  let failing = false;
  // Publishing and reading never overlap, so a read knows exactly which additions were this instance's.
  let queue: Promise<void> = Promise.resolve();
  const serial = (work: () => Promise<void>) => {
    queue = queue.then(work).then(
      () => {
        failing = false;
      },
      (error: Error) => {
        // Logged once per outage: the totals' maximum age bounds what a missed write can cost meanwhile.
        if (!failing)
          strapi.log.warn(`[data-api] could not share written types with other instances: ${error.message}`);
        failing = true;
      }
    );
    return queue;
  };
  const table = () => pluginTable(strapi, UIDS.generation).name;
  const knex = () => strapi.db.connection;

  const addOne = async (uid: string) => {
    if (await knex()(table()).where({ name: uid }).increment('generation', 1)) return;
    try {
      await knex()(table()).insert({ name: uid, generation: 1 });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await knex()(table()).where({ name: uid }).increment('generation', 1); // another instance inserted it first
    }
  };

  const publish = async () => {
    const uids = [...pending];
    pending.clear();
    for (const uid of uids) {
      await addOne(uid);
      mine.set(uid, (mine.get(uid) ?? 0) + 1);
    }
  };

  const read = async () => {
    // A row that does not decode fails the read (logged once, like any failure): totals then follow other
    // instances' writes within `totals.maxAgeMs`.
    const rows = (await knex()(table()).select('name', 'generation')).map((row: unknown) =>
      decodedOrThrow(generationCounter.decode(row))
    );
    const changed: string[] = [];
    for (const row of rows) {
      const now = row.generation;
      const before = seen.get(row.name) ?? (firstRead ? now : 0);
      if (now - before > (mine.get(row.name) ?? 0)) changed.push(row.name);
      seen.set(row.name, now);
    }
    mine.clear();
    firstRead = false;
    if (changed.length) learned(changed);
  };

  return {
    /** Types this instance saw written (committed). */
    written(uids: string[]) {
      for (const uid of uids) pending.add(uid);
      batch ??= setTimeout(() => {
        batch = null;
        void serial(publish);
      }, BATCH_MS);
    },
    start() {
      void serial(read);
      timer = setInterval(() => void serial(read), intervalMs);
      timer.unref();
    },
    /** Stops reading; what is waiting to be published still goes (the database is still there). */
    async stop() {
      if (timer) clearInterval(timer);
      if (batch) clearTimeout(batch);
      batch = null;
      if (pending.size) await serial(publish);
      await queue;
    },
  };
};
