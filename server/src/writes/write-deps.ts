import type { Knex } from 'knex';
import type { Dialect } from '../query/dialect';
import type { Totals } from '../totals';
import type { Model } from '../query/model';
import type { Locks } from './locks';
import type { ObjectWriter } from './object-writer';

/** What writes (and the tasks that follow them) need of the engine (engine/deps.ts builds it). */
export interface WriteDeps {
  /** Runs `work` in a database transaction, on the transaction's own connection. */
  transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;
  dialect: Dialect;
  modelOf: (uid: string) => Model | null;
  /** The writer of a type (direct SQL or the Document Service), one per type. */
  writerOf: (model: Model) => ObjectWriter;
  locks: Locks;
  /** Told which types a write committed to, so that List totals counting them are counted again. */
  totals: Pick<Totals, 'written'>;
}
