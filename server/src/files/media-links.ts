import { quoter, type Dialect } from '../query/dialect';
import { FILE_UID, type MediaField, type Model } from '../query/model';
import type { Values } from '../query/tx-db';
import { chunks, placeholders, type TxDb } from '../query/tx-db';

/** The file ids a media value holds once staged: none for an empty value, one for a single field. */
export const fileIdsOf = (value: unknown): number[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? (value as number[]) : [value as number];

/** The media fields of a type. */
export const mediaFieldsOf = (model: Model) =>
  [...model.fields.values()].filter((f): f is MediaField => f.kind === 'media');

/**
 * Media links as Strapi keeps them: rows of the upload plugin's polymorphic table naming the file, the row,
 * its type, the field and the file's position (from 1).
 */
export const createMediaLinks = (model: Model, dialect: Dialect) => {
  const q = quoter(dialect);
  const fields = mediaFieldsOf(model);
  const link = fields[0]?.link;

  return {
    fields,
    /**
     * Writes the links of the media values in `records` for the rows `ids`; `replace` drops a field's old links.
     * The transaction counts them as a write of the file type too (table-owners.ts).
     */
    async write(db: TxDb, ids: number[], records: Values[], replace: boolean) {
      if (!link) return;
      for (const field of fields) {
        const owners = ids.filter((_, i) => records[i].has(field.name));
        if (!owners.length) continue;
        db.linkOwnersWritten.add(FILE_UID);
        if (replace) {
          for (const part of chunks(owners, 1, 30000 - 2)) {
            await db.run(
              `DELETE FROM ${q(link.table)} WHERE ${q(link.typeColumn)} = ? AND ${q(link.fieldColumn)} = ? AND ${q(link.idColumn)} IN ${placeholders(part.length)}`,
              [model.uid, field.name, ...part]
            );
          }
        }
        const rows = ids.flatMap((id, i) =>
          fileIdsOf(records[i].get(field.name)).map((file, position) => [file, id, model.uid, field.name, position + 1])
        );
        const columns = [link.fileColumn, link.idColumn, link.typeColumn, link.fieldColumn, link.orderColumn];
        for (const part of chunks(rows, columns.length)) {
          await db.run(
            `INSERT INTO ${q(link.table)} (${columns.map(q).join(', ')}) VALUES ${part.map(() => placeholders(columns.length)).join(', ')}`,
            part.flat()
          );
        }
      }
    },

    /** The files linked by any row of these documents through the named media fields. */
    async linked(db: TxDb, documentIds: string[], names: string[]): Promise<number[]> {
      if (!link || !names.length || !documentIds.length) return [];
      const files: number[] = [];
      for (const part of chunks(documentIds, 1, 30000 - names.length - 1)) {
        const found = await db.all(
          `SELECT m.${q(link.fileColumn)} AS f FROM ${q(link.table)} m JOIN ${q(model.table)} r ON r.${q('id')} = m.${q(link.idColumn)} WHERE m.${q(link.typeColumn)} = ? AND m.${q(link.fieldColumn)} IN ${placeholders(names.length)} AND r.${q('document_id')} IN ${placeholders(part.length)}`,
          [model.uid, ...names, ...part]
        );
        for (const row of found) files.push(Number(row.f));
      }
      return files;
    },
  };
};

export type MediaLinks = ReturnType<typeof createMediaLinks>;
