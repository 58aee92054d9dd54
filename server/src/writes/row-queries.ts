import { codecFor } from '../query/codecs';
import { MYSQL_LONG_GROUP_CONCAT, quoter, type Dialect } from '../query/dialect';
import type { RenderContext, Predicate } from '../query/predicate';
import { columnOf, ROOT } from '../query/list-sql';
import type { ColumnField, MediaField, Model } from '../query/model';
import { onRecordId, recordIdOf, versionsOf } from '../query/record-id';
import type { Variables } from '../query/variables';
import type { Target } from './object-writer';
import { placeholders, type TxDb } from '../query/tx-db';

/** Fields a task may read as `record.<field>` or `previous.<field>` (files are not values a task can use). */
export const readableFields = (model: Model) =>
  [...model.fields.values()].filter(
    (f): f is Exclude<ColumnField, MediaField> => f.kind === 'scalar' || f.kind === 'relation'
  );

/**
 * The reads of a write endpoint, inside its transaction: the target of a Modify or Delete (by id, within the
 * endpoint filter), the write check (written rows still within the filter), and whole records for tasks.
 */
export const createRowQueries = (model: Model, filter: Predicate, publication: string | null, dialect: Dialect) => {
  const q = quoter(dialect);
  const from = `FROM ${q(model.table)} ${ROOT}`;
  const id = `${ROOT}.${q('id')}`;
  const fields = readableFields(model);
  const columns = fields.map((f, i) => `${columnOf(model, f, dialect)} AS c${i}`);
  const codecs = fields.map((f) => codecFor(f, dialect));
  // Whole records carry to-many ids through GROUP_CONCAT on MySQL (the transaction's connection may be one
  // the List executor never prepared).
  const longConcat = dialect === 'mysql' && fields.some((f) => f.kind === 'relation' && f.many);
  // The target stays locked until the write, so a concurrent change cannot take it out of the filter meanwhile.
  const lockTarget = dialect === 'postgres' ? ` FOR UPDATE OF ${ROOT}` : dialect === 'mysql' ? ' FOR UPDATE' : '';

  const localeColumn = `${ROOT}.${q('locale')}`;
  // A record id (a path number) names the row of the endpoint's version whose draft has it (see record-id.ts).
  const versions = versionsOf(model);
  const recordId = recordIdOf(versions, ROOT, dialect);
  const byDraft = onRecordId(versions, ROOT, 'rd', dialect);
  const isRecord = byDraft ? byDraft(`rd.${q('id')} = ?`) : `${id} = ?`;
  /** The endpoint filter, and on a translated type the request's locale (null: any, for the write check). */
  const render = (vars: Variables, locale: string | null = null) => {
    const ctx: RenderContext = { vars, bindings: [] };
    const { sql } = filter(ctx);
    if (locale === null || !model.localized) return { sql, bindings: ctx.bindings };
    return { sql: `${sql} AND ${localeColumn} = ?`, bindings: [...ctx.bindings, locale] };
  };

  return {
    /**
     * The target of a Modify or Delete, by record id and within the filter (and the locale), locked for the rest
     * of the transaction (`lock`).
     */
    async find(
      db: TxDb,
      targetId: number,
      vars: Variables,
      locale: string | null,
      lock = true
    ): Promise<Target | null> {
      const where = render(vars, locale);
      const rows = await db.all(
        `SELECT ${id} AS id, ${ROOT}.${q('document_id')} AS d${model.localized ? `, ${localeColumn} AS l` : ''} ${from} WHERE ${isRecord}${publication ? ` AND ${publication}` : ''} AND ${where.sql}${lock ? lockTarget : ''}`,
        [targetId, ...where.bindings]
      );
      if (!rows.length) return null;
      const target: Target = { id: Number(rows[0].id), documentId: String(rows[0].d) };
      if (model.localized) target.locale = String(rows[0].l);
      return target;
    },

    /**
     * The record id of a single type's one entry (of the status the endpoint reads), within the filter, or null.
     * Read before the transaction; `find` then locks it and asks the filter again.
     */
    async entryId(db: TxDb, vars: Variables, locale: string | null): Promise<number | undefined> {
      const where = render(vars, locale);
      const rows = await db.all(
        `SELECT ${recordId} AS id ${from} WHERE ${publication ? `${publication} AND ` : ''}${where.sql} ORDER BY ${id} LIMIT 1`,
        where.bindings
      );
      return rows.length ? Number(rows[0].id) : undefined;
    },

    /** Whether every row in `ids` matches the endpoint filter (and `locale`, unless null). */
    async allMatch(db: TxDb, ids: number[], vars: Variables, locale: string | null = null): Promise<boolean> {
      const where = render(vars, locale);
      const rows = await db.all(
        `SELECT ${id} AS id ${from} WHERE ${id} IN ${placeholders(ids.length)} AND ${where.sql}`,
        [...ids, ...where.bindings]
      );
      return rows.length === new Set(ids).size;
    },

    /** The record ids of rows, in order (a Create's answer). */
    async recordIds(db: TxDb, ids: number[]): Promise<number[]> {
      if (!versions) return ids;
      const rows = await db.all(
        `SELECT ${id} AS k, ${recordId} AS r ${from} WHERE ${id} IN ${placeholders(ids.length)}`,
        ids
      );
      const byRow = new Map(rows.map((row) => [Number(row.k), Number(row.r)]));
      return ids.map((rowId) => byRow.get(rowId) ?? rowId);
    },

    /** Whole records in their List wire form, by row id. */
    async read(db: TxDb, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
      if (longConcat) await db.run(MYSQL_LONG_GROUP_CONCAT, []);
      const rows = await db.all(
        `SELECT ${id} AS k, ${columns.join(', ')} ${from} WHERE ${id} IN ${placeholders(ids.length)}`,
        ids
      );
      const records = new Map<number, Record<string, unknown>>();
      for (const row of rows) {
        const record: Record<string, unknown> = {};
        fields.forEach((f, i) => {
          record[f.name] = codecs[i].fromDb(row[`c${i}`]);
        });
        records.set(Number(row.k), record);
      }
      return records;
    },
  };
};

export type RowQueries = ReturnType<typeof createRowQueries>;
