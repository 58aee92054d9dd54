import type { Core } from '@strapi/strapi';
import type { Dialect } from '../query/dialect';
import type { Totals } from '../totals';
import type { Model } from '../query/model';
import type { Locks } from './locks';
import type { ObjectWriter } from './object-writer';

/** What writes (and the tasks that follow them) need of the engine; built once per reload (engine/deps.ts). */
export interface WriteDeps {
  strapi: Core.Strapi;
  dialect: Dialect;
  modelOf: (uid: string) => Model | null;
  /** The writer of a type (direct SQL or the Document Service), one per type. */
  writerOf: (model: Model) => ObjectWriter;
  locks: Locks;
  /** Told which types a write committed to, so that List totals counting them are counted again. */
  totals: Pick<Totals, 'written'>;
}
