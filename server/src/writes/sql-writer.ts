import { randomBytes } from 'node:crypto';
import { createMediaLinks } from '../files/media-links';
import { codecFor, INVALID } from '../query/codecs';
import { quoter, type Dialect } from '../query/dialect';
import type { Model, RelationField, ScalarField } from '../query/model';
import { checkedDefault } from './field-rules';
import { relatedIds, rowsToLink, writeLinks, type LinkedRows } from './links';
import { chunks, placeholders, type TxDb, type Values } from '../query/tx-db';

/** Per relation field, the target rows its related ids stand for (see `linkedRows`). */
export type RelationRows = Map<string, LinkedRows>;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A document id shaped like Strapi's own: 24 lower-case letters and digits, starting with a letter. */
export const newDocumentId = () => {
  const bytes = randomBytes(24);
  return [...bytes].map((b, i) => ALPHABET[i === 0 ? b % 26 : b % ALPHABET.length]).join('');
};

/**
 * Writes with direct SQL, for types that have no Draft & Publish, no locales and no lifecycle hooks of their
 * own: the rows and link rows Strapi's Query Engine would write, in a few statements per request.
 */
export const createSqlWriter = (model: Model, dialect: Dialect) => {
  const q = quoter(dialect);
  const scalars = [...model.fields.values()].filter((f): f is ScalarField => f.kind === 'scalar' && f.writable);
  const relations = [...model.fields.values()].filter((f): f is RelationField => f.kind === 'relation');
  const media = createMediaLinks(model, dialect);
  // Codecs once per type, not per value: the writes of a 1,000-record array stay cheap.
  const codecs = new Map(scalars.map((f) => [f.name, codecFor(f, dialect)]));
  const timestamp = codecFor(model.fields.get('createdAt')!, dialect);
  const toDb = (field: ScalarField, value: unknown) => (value === null ? null : codecs.get(field.name)!.toDb(value));
  const hasColumn = (name: string) => model.fields.has(name);
  // The content type's defaults, in the form the field rules give (a default that breaks them is not used).
  const defaults = new Map<string, unknown>();
  for (const f of scalars) {
    const parsed = checkedDefault(f, dialect);
    if (parsed !== INVALID) defaults.set(f.name, parsed);
  }

  const linkAll = async (db: TxDb, ids: number[], records: Values[], linked: RelationRows, replace: boolean) => {
    for (const field of relations) {
      const sets = records.flatMap((values, i) =>
        values.has(field.name)
          ? [{ owner: ids[i], targets: rowsToLink(linked.get(field.name)!, relatedIds(field, values.get(field.name))) }]
          : []
      );
      await writeLinks(db, field, sets, replace);
    }
  };

  return {
    /** The type's media link rows, which this writer keeps (the Document Service keeps its own). */
    media,
    async insert(db: TxDb, records: Values[], linked: RelationRows): Promise<number[]> {
      const now = timestamp.toDb(new Date());
      const used = scalars.filter((f) => defaults.has(f.name) || records.some((r) => r.has(f.name)));
      const columns = [
        ...used.map((f) => f.column),
        'document_id',
        'created_at',
        'updated_at',
        ...(hasColumn('publishedAt') ? ['published_at'] : []),
      ];
      const documentIds = records.map(() => newDocumentId());
      const rows = records.map((values, i) => [
        ...used.map((f) => toDb(f, values.has(f.name) ? values.get(f.name) : (defaults.get(f.name) ?? null))),
        documentIds[i],
        now,
        now,
        ...(hasColumn('publishedAt') ? [now] : []),
      ]);
      for (const part of chunks(rows, columns.length)) {
        await db.run(
          `INSERT INTO ${q(model.table)} (${columns.map(q).join(', ')}) VALUES ${part.map(() => placeholders(columns.length)).join(', ')}`,
          part.flat()
        );
      }
      // The ids Strapi's database assigned, found by the document ids written with them (MySQL has no RETURNING).
      const idOf = new Map<string, number>();
      for (const part of chunks(documentIds, 1)) {
        const found = await db.all(
          `SELECT ${q('id')} AS id, ${q('document_id')} AS d FROM ${q(model.table)} WHERE ${q('document_id')} IN ${placeholders(part.length)}`,
          part
        );
        for (const row of found) idOf.set(String(row.d), Number(row.id));
      }
      const ids = documentIds.map((d) => idOf.get(d)!);
      await linkAll(db, ids, records, linked, false);
      await media.write(db, ids, records, false);
      return ids;
    },

    async update(db: TxDb, ids: number[], values: Values, linked: RelationRows): Promise<void> {
      if (!ids.length) return;
      const changed = scalars.filter((f) => values.has(f.name));
      const sets = [...changed.map((f) => `${q(f.column)} = ?`), `${q('updated_at')} = ?`];
      const bindings = [...changed.map((f) => toDb(f, values.get(f.name))), timestamp.toDb(new Date())];
      for (const part of chunks(ids, 1, 30000 - bindings.length)) {
        await db.run(
          `UPDATE ${q(model.table)} SET ${sets.join(', ')} WHERE ${q('id')} IN ${placeholders(part.length)}`,
          [...bindings, ...part]
        );
      }
      const each = ids.map(() => values);
      await linkAll(db, ids, each, linked, true);
      await media.write(db, ids, each, true);
    },

    /**
     * Link rows go with the row (Strapi's link tables cascade on delete); the polymorphic ones of media fields
     * have no foreign key, so they are deleted here, as Strapi does.
     */
    async remove(db: TxDb, ids: number[]): Promise<void> {
      for (const part of chunks(ids, 1)) {
        const list = placeholders(part.length);
        for (const link of model.morphLinks) {
          db.linkOwnersWritten.add(link.owner);
          await db.run(
            `DELETE FROM ${q(link.table)} WHERE ${q(link.typeColumn)} = ? AND ${q(link.idColumn)} IN ${list}`,
            [model.uid, ...part]
          );
        }
        await db.run(`DELETE FROM ${q(model.table)} WHERE ${q('id')} IN ${list}`, part);
      }
    },
  };
};

export type SqlWriter = ReturnType<typeof createSqlWriter>;
