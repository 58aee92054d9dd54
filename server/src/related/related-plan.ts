import type { Executor } from '../query/executor';
import { decodeRow, ROOT, type SelectList } from '../query/list-sql';
import type { Model } from '../query/model';
import { onRecordId, recordIdOf, versionsOf } from '../query/record-id';
import { statusCondition, type Status } from '../query/status';
import { quoter, type Dialect } from '../query/dialect';
import { idAmong, idsBinding } from './ids';
import type { RelatedBudget } from './budget';
import type { Selected } from './selection';

type Item = Record<string, unknown>;

/**
 * What answers related records: their select list, and what completes them after their rows are read (file URLs
 * issued to `subject`, the caller as rate limits count it).
 */
export interface RecordReader {
  select: SelectList;
  finish: ((items: Item[], subject: string | undefined, budget: RelatedBudget) => Promise<void>) | null;
}

/** A relation (or `localizations`) answered as records: replaces the ids items hold by the records. */
export interface RelatedPlan {
  name: string;
  expand(items: Item[], subject: string | undefined, budget: RelatedBudget): Promise<void>;
}

/**
 * Compiles the reading of one related field: one statement for the ids of every item given (a page, or the
 * related records of a level), whatever their number (see ids.ts), then what completes those records (their own
 * components, files and related records: one level more, never one query per record).
 */
export const compileRelated = (
  selected: Selected & { related: NonNullable<Selected['related']> },
  deps: { dialect: Dialect; executor: Executor; status: Status },
  readerOf: (model: Model, fields: Selected[]) => RecordReader
): RelatedPlan => {
  const { name } = selected.field;
  const { target, fields, limit, many } = selected.related;
  const reader = readerOf(target, fields);
  const { dialect, status } = deps;
  const { expressions, columns } = reader.select;
  // Items hold record ids (see record-id.ts): on a Draft & Publish type, the rows of the status read whose drafts
  // have those ids.
  const versions = versionsOf(target);
  const byDraft = onRecordId(versions, ROOT, 'rd', dialect, status);
  const where = byDraft
    ? `${statusCondition(ROOT, status, dialect)} AND ${byDraft(idAmong('rd', dialect))}`
    : idAmong(ROOT, dialect);
  const sql =
    `SELECT ${[recordIdOf(versions, ROOT, dialect, status), ...expressions.map((e, i) => `${e} AS c${i}`)].join(', ')}` +
    ` FROM ${quoter(dialect)(target.table)} ${ROOT} WHERE ${where}`;

  return {
    name,
    async expand(items, subject, budget) {
      const wanted = new Set<number>();
      let answered = 0;
      for (const item of items) {
        const value = item[name];
        if (many) {
          // Link order is kept; the cap applies per record, before anything is read.
          const ids = (value as number[]).slice(0, limit);
          item[name] = ids;
          answered += ids.length;
          for (const id of ids) wanted.add(id);
        } else if (value !== null && value !== undefined) {
          answered += 1;
          wanted.add(value as number);
        }
      }
      // Counted as answered (a record named by several items appears in each), before anything is read.
      budget.spend(answered);
      const records = new Map<number, Item>();
      if (wanted.size) {
        const rows = await deps.executor.arrays(sql, [idsBinding([...wanted], deps.dialect)]);
        // Column 0 is the related record's id, which maps it to the items; the record is what follows.
        for (const row of rows) records.set(Number(row[0]), decodeRow(row, columns, 1));
        if (reader.finish) await reader.finish([...records.values()], subject, budget);
      }
      for (const item of items) {
        const value = item[name];
        item[name] = many
          ? (value as number[]).flatMap((id) => records.get(id) ?? [])
          : value === null || value === undefined
            ? null
            : (records.get(value as number) ?? null);
      }
    },
  };
};
