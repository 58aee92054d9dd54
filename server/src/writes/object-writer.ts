import type { Core } from '@strapi/strapi';
import { isUniqueViolation } from '../errors/unique-violation';
import { codecFor } from '../query/codecs';
import { quoter, type Dialect } from '../query/dialect';
import { mediaLinkTable } from '../query/build-model';
import type { Model, RelationField, ScalarField } from '../query/model';
import { createBlocksCheck } from './blocks';
import { createComponentFiles } from './component-files';
import { createDocumentWriter } from './document-writer';
import { FieldError } from '../errors/field-error';
import { linkedRows, relatedIds, rowsToLink } from './links';
import { targetVersionsOf } from '../query/record-id';
import { checkNestedRelations } from './nested-relations';
import type { Values } from '../query/tx-db';
import { createSqlWriter, type RelationRows } from './sql-writer';
import { chunks, placeholders, type TxDb } from '../query/tx-db';
import { violatedColumn } from './unique-index';

/** A row a Modify or Delete (or a task) works on. */
export interface Target {
  id: number;
  documentId: string;
  /** The row's locale, on a translated type: the Document Service writes that locale only. */
  locale?: string;
}

export type DocumentServiceMode = 'auto' | 'always';

/**
 * Whether writes to a type must go through the Document Service (see the `documentService` option): translated
 * types do, for their locales and the fields their locales share.
 */
export const needsDocumentService = (model: Model, mode: DocumentServiceMode) =>
  mode === 'always' || model.draftAndPublish || model.hasLifecycles || model.complexFields || model.localized;

/**
 * Writes records of one type after the checks that need the database: related rows exist, and (on the SQL
 * path; the Document Service checks its own) `unique` fields are unique. Refusals are FieldErrors.
 */
export const createObjectWriter = (strapi: Core.Strapi, model: Model, dialect: Dialect, mode: DocumentServiceMode) => {
  const q = quoter(dialect);
  const viaDocumentService = needsDocumentService(model, mode);
  const sql = createSqlWriter(model, dialect);
  const documents = createDocumentWriter(strapi, model);
  // The Document Service checks blocks itself, with the same validator.
  const checkBlocks = createBlocksCheck(strapi, model);
  const relations = [...model.fields.values()].filter((f): f is RelationField => f.kind === 'relation');
  const { media } = sql;
  const componentFiles = createComponentFiles(model, mediaLinkTable(strapi), dialect);
  const uniques = [...model.fields.values()].filter(
    (f): f is ScalarField => f.kind === 'scalar' && f.writable && (f.attribute.unique === true || f.type === 'uid')
  );
  const writableColumns = [...model.fields.values()].flatMap((f) =>
    f.kind === 'scalar' && f.writable ? [f.column] : []
  );

  const versions = new Map(relations.map((f) => [f.name, targetVersionsOf(f)]));

  /** Related rows exist; returns the rows each relation links (see `linkedRows`). */
  const checkRelations = async (db: TxDb, records: Values[]): Promise<RelationRows> => {
    const linked: RelationRows = new Map();
    for (const field of relations) {
      const idsAt = records.map((r) => relatedIds(field, r.get(field.name)));
      const rows = await linkedRows(db, field, idsAt.flat(), versions.get(field.name)!);
      const at = idsAt.findIndex((ids) => ids.some((id) => !rows.has(id)));
      if (at >= 0) throw new FieldError(field.name, at);
      // A row that may belong to one owner only (oneToOne, oneToMany) cannot go to two records at once.
      if (field.targetSingle) {
        const seen = new Set<number>();
        const twice = idsAt.findIndex((ids) => rowsToLink(rows, ids).some((id) => seen.has(id) || !seen.add(id)));
        if (twice >= 0) throw new FieldError(field.name, twice);
      }
      linked.set(field.name, rows);
    }
    return linked;
  };

  /** `unique` as Strapi means it: no other row of the type holds the value (empty values aside). */
  const checkUnique = async (db: TxDb, records: Values[], excluded: number[]) => {
    for (const field of uniques) {
      const codec = codecFor(field, dialect);
      const firstAt = new Map<unknown, number>();
      for (const [i, values] of records.entries()) {
        const v = values.get(field.name);
        // Strapi's own check skips empty values.
        if (v === undefined || v === null || v === '') continue;
        const key = codec.toDb(v);
        if (firstAt.has(key)) throw new FieldError(field.name, i);
        firstAt.set(key, i);
      }
      for (const part of chunks([...firstAt.keys()], 1, 30000 - excluded.length)) {
        const notSelf = excluded.length ? ` AND ${q('id')} NOT IN ${placeholders(excluded.length)}` : '';
        const taken = await db.all(
          `SELECT ${q(field.column)} AS v FROM ${q(model.table)} WHERE ${q(field.column)} IN ${placeholders(part.length)}${notSelf} LIMIT 1`,
          [...part, ...excluded]
        );
        if (taken.length) {
          // The record whose value is taken; the database may compare without case, so the first checked one else.
          const clash = [...firstAt].find(([key]) => String(key) === String(taken[0].v));
          throw new FieldError(field.name, clash ? clash[1] : firstAt.values().next().value!);
        }
      }
    }
  };

  /**
   * A unique index of the site's own (`column: { unique: true }`) has the last word: its violation is a 400
   * naming the field. Only a value the client could send is the client's fault; any other clash is a 500.
   */
  const uniqueIndexGuard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const column = violatedColumn(error, model.table, writableColumns);
      const field = [...model.fields.values()].find((f) => f.kind === 'scalar' && f.column === column);
      if (!field) throw error;
      throw new FieldError(field.name);
    }
  };

  /**
   * Notes the files the targets link to now through the fields `names` (media fields, and media inside
   * component fields), before a write unlinks them.
   */
  const release = async (db: TxDb, targets: Target[], names: string[]) => {
    const documentIds = [...new Set(targets.map((t) => t.documentId))];
    const mediaNames = media.fields.filter((f) => names.includes(f.name)).map((f) => f.name);
    const files = [
      ...(await media.linked(db, documentIds, mediaNames)),
      ...(await componentFiles(db, documentIds, names)),
    ];
    for (const file of files) db.releasedFiles.add(file);
  };

  return {
    model,
    viaDocumentService,
    uniqueFields: uniques.map((f) => f.name),
    /**
     * New documents, in `locale` on a translated type (absent: the site's default locale); or the new `locale`
     * of the document `documentId`.
     */
    async create(
      db: TxDb,
      records: Values[],
      publish: boolean,
      locale?: string,
      documentId?: string
    ): Promise<number[]> {
      const linked = await checkRelations(db, records);
      if (viaDocumentService) {
        await checkNestedRelations(db, model, records);
        return uniqueIndexGuard(() => documents.insert(records, publish, locale, documentId));
      }
      const checked = await checkBlocks(records);
      await checkUnique(db, checked, []);
      return uniqueIndexGuard(() => sql.insert(db, checked, linked));
    },
    async update(db: TxDb, targets: Target[], values: Values, publish: boolean): Promise<number[]> {
      await release(db, targets, [...values.keys()]);
      const linked = await checkRelations(
        db,
        targets.map(() => values)
      );
      if (viaDocumentService) {
        await checkNestedRelations(db, model, [values]);
        return uniqueIndexGuard(() => documents.update(targets, values, publish));
      }
      const ids = targets.map((t) => t.id);
      const [checked] = await checkBlocks([values]);
      // One unique value cannot go to several rows.
      await checkUnique(db, ids.length > 1 ? ids.map(() => checked) : [checked], ids);
      await uniqueIndexGuard(() => sql.update(db, ids, checked, linked));
      return ids;
    },
    async remove(db: TxDb, targets: Target[]): Promise<void> {
      await release(db, targets, [...model.fields.keys()]);
      if (viaDocumentService) await documents.remove(targets);
      else
        await sql.remove(
          db,
          targets.map((t) => t.id)
        );
    },
  };
};

export type ObjectWriter = ReturnType<typeof createObjectWriter>;
