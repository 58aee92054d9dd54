import type { Core } from '@strapi/strapi';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UIDS } from '../../../contracts/plugin';
import { mediaLinkTable } from '../query/build-model';
import type { MediaField } from '../query/model';
import { FieldError, ValueRefused } from '../errors/field-error';
import type { Values } from '../query/tx-db';
import { isIncomingFile, type IncomingFile } from './incoming';
import type { FileRecord, MediaLibrary } from './media-library';
import { allowedBySite, identifyFile, type AcceptedFile } from './sniff';
import { decodeRows, warnLeftOut } from '../stored/decode';
import { trackedFile } from '../stored/stored-upload';

interface Pending {
  values: Values;
  field: MediaField;
  index: number;
  files: IncomingFile[];
  accepted: AcceptedFile[];
}

/** What the content of `file` is, or a FieldError saying why it is refused. */
const identify = (file: IncomingFile, field: string, index: number) => {
  try {
    return identifyFile(file.bytes, file.name);
  } catch (error) {
    if (error instanceof ValueRefused) throw new FieldError(field, index, error.reason);
    throw error;
  }
};

const FILE_PROBLEMS = new Set(['ApplicationError', 'PayloadTooLargeError', 'ValidationError']);

/** Errors of the upload plugin that are about the file, not the server: a broken image, a size limit. */
const isFileProblem = (error: unknown): error is Error => error instanceof Error && FILE_PROBLEMS.has(error.name);

/**
 * Files sent to write endpoints (docs/files.md): checked, uploaded to the Media Library before the write's
 * transaction (a provider's upload is slow I/O that must not hold database locks), removed again when the
 * write fails, and removed once nothing links to them when a later write replaces or deletes them.
 */
export const createUploads = (
  strapi: Core.Strapi,
  library: MediaLibrary,
  limits: { maxFilesPerRequest: number; maxRequestBytes: number }
) => {
  const tracking = () => strapi.db.query(UIDS.upload);

  /**
   * Every incoming file of the records, with its record's index, checked before any upload: the request's
   * totals (each upload is slow work for the server and its provider) and each file's type.
   */
  const check = (records: Values[], fields: MediaField[]): Pending[] => {
    const pending: Pending[] = [];
    let count = 0;
    let bytes = 0;
    for (const [index, values] of records.entries()) {
      for (const field of fields) {
        const value = values.get(field.name);
        const files = (Array.isArray(value) ? value : [value]).filter(isIncomingFile);
        if (!files.length) continue;
        const accepted: AcceptedFile[] = [];
        for (const file of files) {
          count += 1;
          bytes += file.bytes.length;
          if (count > limits.maxFilesPerRequest) {
            throw new FieldError(field.name, index, `more than ${limits.maxFilesPerRequest} files in one request`);
          }
          if (bytes > limits.maxRequestBytes) {
            throw new FieldError(field.name, index, `the files of one request exceed ${limits.maxRequestBytes} bytes`);
          }
          const type = identify(file, field.name, index);
          if (field.allowedTypes && !field.allowedTypes.includes(type.family)) {
            throw new FieldError(field.name, index, `${type.mime} is not allowed (${field.allowedTypes.join(', ')})`);
          }
          if (!allowedBySite(type.mime, type.name, library.security())) {
            throw new FieldError(field.name, index, `${type.mime} is not allowed by the site's upload settings`);
          }
          accepted.push(type);
        }
        pending.push({ values, field, index, files, accepted });
      }
    }
    return pending;
  };

  /** Removes files from their provider and the Media Library; one that could not go stays tracked. */
  const discard = async (files: FileRecord[]) => {
    const removed: number[] = [];
    for (const file of files) {
      try {
        await library.remove(file);
        removed.push(file.id);
      } catch (error) {
        strapi.log.warn(`[data-api] could not remove upload ${file.id}: ${(error as Error).message}`);
      }
    }
    if (removed.length) await tracking().deleteMany({ where: { fileId: { $in: removed } } });
  };

  return {
    /**
     * Uploads the incoming files of `records` and puts their Media Library ids in their place. A file whose
     * type the field (or the site) does not allow is a FieldError before anything is uploaded; `beforeUpload`
     * runs once the files passed, when there is something to upload.
     */
    async stage(
      records: Values[],
      fields: MediaField[],
      endpointId: number,
      beforeUpload: () => Promise<void>
    ): Promise<FileRecord[]> {
      if (!fields.length) return [];
      const pending = check(records, fields);
      if (!pending.length) return [];
      await beforeUpload();
      const uploaded: FileRecord[] = [];
      const folder = await mkdtemp(join(tmpdir(), 'data-api-upload-'));
      try {
        for (const { values, field, index, files, accepted } of pending) {
          const ids: number[] = [];
          for (const [i, file] of files.entries()) {
            const filepath = join(folder, String(uploaded.length));
            await writeFile(filepath, file.bytes);
            let record: FileRecord;
            try {
              record = await library.upload(filepath, accepted[i].name, accepted[i].mime, file.bytes.length);
            } catch (error) {
              if (isFileProblem(error)) throw new FieldError(field.name, index, error.message);
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
      const rows = await tracking().findMany({ where: { fileId: { $in: ids } }, select: trackedFile.columns });
      const tracked = decodeRows(rows, trackedFile.decode, warnLeftOut(strapi)).map((t) => t.fileId);
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
      const found = new Set(files.map((f) => f.id));
      const gone = orphans.filter((id) => !found.has(id));
      if (gone.length) await tracking().deleteMany({ where: { fileId: { $in: gone } } });
    },
  };
};

export type Uploads = ReturnType<typeof createUploads>;
