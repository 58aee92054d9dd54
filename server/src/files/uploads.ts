import type { Core } from '@strapi/strapi';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UIDS } from '../../../contracts/plugin';
import { mediaLinkTable, type MediaField } from '../query/model';
import { FieldError } from '../writes/field-error';
import type { Values } from '../writes/sql-writer';
import { isIncomingFile, type IncomingFile } from './incoming';
import { mediaLibrary, type FileRecord } from './media-library';
import { allowedBySite, sniffType, type SniffedType } from './sniff';

interface Pending {
  values: Values;
  field: MediaField;
  index: number;
  files: IncomingFile[];
  types: SniffedType[];
}

/** Errors of the upload plugin that are about the file, not the server: a broken image, a size limit. */
const isFileProblem = (error: unknown) => {
  const name = (error as { name?: string })?.name;
  return name === 'ApplicationError' || name === 'PayloadTooLargeError' || name === 'ValidationError';
};

/**
 * Files sent to write endpoints (spec 2.9): checked, uploaded to the Media Library before the write's
 * transaction (a provider's upload is slow I/O that must not hold database locks), removed again when the
 * write fails, and removed once nothing links to them when a later write replaces or deletes them.
 */
export const createUploads = (strapi: Core.Strapi) => {
  const library = mediaLibrary(strapi);
  const tracking = () => strapi.db.query(UIDS.upload);

  /** Every incoming file of the records, with its record's index, type-checked before any upload. */
  const check = async (records: Values[], fields: MediaField[]): Promise<Pending[]> => {
    const pending: Pending[] = [];
    for (const [index, values] of records.entries()) {
      for (const field of fields) {
        const value = values.get(field.name);
        const files = (Array.isArray(value) ? value : [value]).filter(isIncomingFile);
        if (!files.length) continue;
        const types: SniffedType[] = [];
        for (const file of files) {
          const type = sniffType(file.bytes, file.name);
          if (!type) throw new FieldError(field.name, index, 'HTML, SVG, XML and scripts are not accepted');
          if (field.allowedTypes && !field.allowedTypes.includes(type.family)) {
            throw new FieldError(field.name, index, `${type.mime} is not allowed (${field.allowedTypes.join(', ')})`);
          }
          if (!allowedBySite(type.mime, library.security())) {
            throw new FieldError(field.name, index, `${type.mime} is not allowed by the site's upload settings`);
          }
          types.push(type);
        }
        pending.push({ values, field, index, files, types });
      }
    }
    return pending;
  };

  const discard = async (files: FileRecord[]) => {
    if (!files.length) return;
    for (const file of files) {
      try {
        await library.remove(file);
      } catch (error) {
        strapi.log.warn(`[data-api] could not remove upload ${file.id}: ${(error as Error).message}`);
      }
    }
    await tracking().deleteMany({ where: { fileId: { $in: files.map((f) => f.id) } } });
  };

  return {
    /**
     * Uploads the incoming files of `records` and puts their Media Library ids in their place. A file whose
     * type the field (or the site) does not allow is a FieldError before anything is uploaded.
     */
    async stage(records: Values[], fields: MediaField[], endpointId: number): Promise<FileRecord[]> {
      if (!fields.length) return [];
      const pending = await check(records, fields);
      if (!pending.length) return [];
      const uploaded: FileRecord[] = [];
      const folder = await mkdtemp(join(tmpdir(), 'data-api-upload-'));
      try {
        for (const { values, field, index, files, types } of pending) {
          const ids: number[] = [];
          for (const [i, file] of files.entries()) {
            const filepath = join(folder, String(uploaded.length));
            await writeFile(filepath, file.bytes);
            let record: FileRecord;
            try {
              record = await library.upload(filepath, file.name, types[i].mime, file.bytes.length);
            } catch (error) {
              if (isFileProblem(error)) throw new FieldError(field.name, index, (error as Error).message);
              throw error;
            }
            uploaded.push(record);
            await tracking().create({ data: { fileId: record.id, endpointId } });
            ids.push(record.id);
          }
          values.set(field.name, field.multiple ? ids : ids[0]);
        }
        return uploaded;
      } catch (error) {
        await discard(uploaded);
        throw error;
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    /** Removes files uploaded for a write that failed. */
    discard,

    /** Removes the files among `candidates` that this plugin uploaded and that nothing links to any more. */
    async collect(candidates: Iterable<number>) {
      const ids = [...new Set(candidates)];
      const link = mediaLinkTable(strapi);
      if (!ids.length || !link) return;
      const tracked = (await tracking().findMany({ where: { fileId: { $in: ids } }, select: ['fileId'] })).map((t) =>
        Number(t.fileId)
      );
      if (!tracked.length) return;
      const stillLinked = new Set(
        (await strapi.db.connection(link.table).distinct(link.fileColumn).whereIn(link.fileColumn, tracked)).map(
          (row: Record<string, unknown>) => Number(row[link.fileColumn])
        )
      );
      const orphans = tracked.filter((id) => !stillLinked.has(id));
      if (!orphans.length) return;
      const files = await library.find(orphans);
      await discard(files);
      // Files an admin deleted in the Media Library meanwhile leave only their tracking rows.
      await tracking().deleteMany({ where: { fileId: { $in: orphans } } });
    },
  };
};

export type Uploads = ReturnType<typeof createUploads>;
