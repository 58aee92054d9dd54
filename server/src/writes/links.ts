import { quoter } from '../query/dialect';
import type { RelationField } from '../query/model';
import type { Versioned } from '../query/record-id';
import { chunks, placeholders, type TxDb } from '../query/tx-db';

/** The related ids a relation value holds: none for an empty value, one for a to-one relation. */
export const relatedIds = (field: RelationField, value: unknown): number[] =>
  value === undefined || value === null ? [] : field.many ? (value as number[]) : [value as number];

/** New related ids per row of the owning type. */
export interface LinkSet {
  owner: number;
  targets: number[];
}

/**
 * Writes a relation's link rows as Strapi keeps them: `replace` drops the rows' current links first; a target
 * that may belong to one row only (oneToOne, oneToMany) leaves its previous owner; the order columns continue
 * each list (the owner's list in the given order, the target's list at its end).
 */
export const writeLinks = async (db: TxDb, field: RelationField, sets: LinkSet[], replace: boolean) => {
  if (!sets.length) return;
  const q = quoter(db.dialect);
  const { table, ownerColumn, targetColumn, orderColumn, inverseOrderColumn } = field.link;
  const owners = sets.map((s) => s.owner);
  const targets = [...new Set(sets.flatMap((s) => s.targets))];
  if (replace) {
    for (const part of chunks(owners, 1)) {
      await db.run(`DELETE FROM ${q(table)} WHERE ${q(ownerColumn)} IN ${placeholders(part.length)}`, part);
    }
  }
  if (!targets.length) return;
  if (field.targetSingle) {
    for (const part of chunks(targets, 1)) {
      await db.run(`DELETE FROM ${q(table)} WHERE ${q(targetColumn)} IN ${placeholders(part.length)}`, part);
    }
  }
  const lastInverse = new Map<number, number>();
  if (inverseOrderColumn) {
    for (const part of chunks(targets, 1)) {
      const rows = await db.all(
        `SELECT ${q(targetColumn)} AS t, MAX(${q(inverseOrderColumn)}) AS m FROM ${q(table)} WHERE ${q(targetColumn)} IN ${placeholders(part.length)} GROUP BY ${q(targetColumn)}`,
        part
      );
      for (const row of rows) lastInverse.set(Number(row.t), Number(row.m ?? 0));
    }
  }
  const columns = [
    ownerColumn,
    targetColumn,
    ...(orderColumn ? [orderColumn] : []),
    ...(inverseOrderColumn ? [inverseOrderColumn] : []),
  ];
  const rows: unknown[][] = [];
  for (const { owner, targets: ids } of sets) {
    ids.forEach((target, position) => {
      const row: unknown[] = [owner, target];
      if (orderColumn) row.push(position + 1);
      if (inverseOrderColumn) {
        const next = (lastInverse.get(target) ?? 0) + 1;
        lastInverse.set(target, next);
        row.push(next);
      }
      rows.push(row);
    });
  }
  for (const part of chunks(rows, columns.length)) {
    await db.run(
      `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES ${part.map(() => placeholders(columns.length)).join(', ')}`,
      part.flat()
    );
  }
};

/** The target rows each related id stands for; an id no row has is absent. */
export type LinkedRows = Map<number, number[]>;

/**
 * The rows of the relation's target type that each of `ids` stands for, locked until the transaction ends (a
 * concurrent delete cannot take them away before the link rows are written). A row of a Draft & Publish type
 * stands for its document (in its locale): its draft and its published row, draft first, which is what
 * Strapi's Document Service links from a type without Draft & Publish. The Content Manager, which shows the
 * drafts, then shows the link, and Strapi's publish of the document keeps it. A never-published document is
 * linked by its draft, as the Document Service does; its first publish links the new published row.
 */
export const linkedRows = async (
  db: TxDb,
  field: RelationField,
  ids: number[],
  versions: Versioned | null
): Promise<LinkedRows> => {
  const q = quoter(db.dialect);
  // KEY SHARE on PostgreSQL stops a delete but not an update of the related row (as its own foreign keys do).
  const lock = db.dialect === 'postgres' ? ' FOR KEY SHARE' : db.dialect === 'mysql' ? ' LOCK IN SHARE MODE' : '';
  const table = q(field.link.targetTable);
  const sameLocale = versions?.localized ? ` AND v.${q('locale')} = s.${q('locale')}` : '';
  const found: LinkedRows = new Map();
  for (const part of chunks([...new Set(ids)], 1)) {
    const rows = versions
      ? await db.all(
          `SELECT s.${q('id')} AS sent, v.${q('id')} AS id, v.${q('published_at')} AS p FROM ${table} s JOIN ${table} v ON v.${q('document_id')} = s.${q('document_id')}${sameLocale} WHERE s.${q('id')} IN ${placeholders(part.length)}${lock}`,
          part
        )
      : await db.all(
          `SELECT ${q('id')} AS sent, ${q('id')} AS id FROM ${table} WHERE ${q('id')} IN ${placeholders(part.length)}${lock}`,
          part
        );
    // Drafts first, then published rows, as the Document Service lists a document's rows to link.
    rows.sort((x, y) => Number(x.p != null) - Number(y.p != null));
    for (const row of rows) {
      const sent = Number(row.sent);
      if (!found.has(sent)) found.set(sent, []);
      found.get(sent)!.push(Number(row.id));
    }
  }
  return found;
};

/** The rows to link for the related ids of one record, in their order, each once. */
export const rowsToLink = (rows: LinkedRows, ids: number[]) => [...new Set(ids.flatMap((id) => rows.get(id) ?? []))];
