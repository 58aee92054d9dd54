import { quoter, type Dialect } from '../query/dialect';
import { holdsMedia } from '../query/components/fields';
import { holdsComponents, type ComponentsField, type MediaLinkTable, type Model } from '../query/model';
import { chunks, placeholders, type TxDb } from '../query/tx-db';

/**
 * The files linked inside the components (nested ones included) that the component fields `names` of these
 * documents hold: a write that replaces or deletes those components unlinks them. Every version's are listed;
 * that is safe, as only the files nothing links to any more are removed afterwards.
 */
export const createComponentFiles = (model: Model, link: MediaLinkTable | null, dialect: Dialect) => {
  const q = quoter(dialect);

  const componentRows = async (db: TxDb, field: ComponentsField, owners: number[]) => {
    const byType = new Map<string, number[]>();
    const { table, entityColumn, componentColumn, typeColumn, fieldColumn } = field.link;
    for (const part of chunks(owners, 1)) {
      const rows = await db.all(
        `SELECT ${q(componentColumn)} AS c, ${q(typeColumn)} AS t FROM ${q(table)} WHERE ${q(fieldColumn)} = ? AND ${q(entityColumn)} IN ${placeholders(part.length)}`,
        [field.name, ...part]
      );
      for (const row of rows) byType.set(String(row.t), [...(byType.get(String(row.t)) ?? []), Number(row.c)]);
    }
    return byType;
  };

  const filesOf = async (db: TxDb, media: MediaLinkTable, uid: string, ids: number[]) => {
    const files: number[] = [];
    for (const part of chunks(ids, 1)) {
      const rows = await db.all(
        `SELECT ${q(media.fileColumn)} AS f FROM ${q(media.table)} WHERE ${q(media.typeColumn)} = ? AND ${q(media.idColumn)} IN ${placeholders(part.length)}`,
        [uid, ...part]
      );
      files.push(...rows.map((r) => Number(r.f)));
    }
    return files;
  };

  return async (db: TxDb, documentIds: string[], names: string[]): Promise<number[]> => {
    const holders = names.flatMap((name) => {
      const field = model.fields.get(name);
      return field && holdsComponents(field) && holdsMedia(field) ? [field] : [];
    });
    if (!link || !holders.length || !documentIds.length) return [];
    const owners: number[] = [];
    for (const part of chunks(documentIds, 1)) {
      const rows = await db.all(
        `SELECT ${q('id')} AS id FROM ${q(model.table)} WHERE ${q('document_id')} IN ${placeholders(part.length)}`,
        part
      );
      owners.push(...rows.map((r) => Number(r.id)));
    }
    const files: number[] = [];
    let level = holders.map((field) => ({ field, owners }));
    while (level.length) {
      const next: typeof level = [];
      for (const { field, owners: ids } of level) {
        if (!ids.length) continue;
        for (const [uid, rows] of await componentRows(db, field, ids)) {
          const component = field.kind === 'component' ? field.component : field.components.get(uid);
          if (!component) continue;
          const fields = [...component.fields.values()];
          if (fields.some((f) => f.kind === 'media')) files.push(...(await filesOf(db, link, uid, rows)));
          for (const sub of fields) {
            if (holdsComponents(sub) && holdsMedia(sub)) {
              next.push({ field: sub, owners: rows });
            }
          }
        }
      }
      level = next;
    }
    return files;
  };
};
