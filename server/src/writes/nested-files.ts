import { isPlainObject } from '../../../contracts/json';
import type { FileRecord } from '../files/media-library';
import type { Uploads } from '../files/uploads';
import type { MediaField, ModelField } from '../query/model';
import { eachSubValue } from './component-values';
import { FieldError } from '../errors/field-error';
import type { Values } from '../query/tx-db';

/** A media field inside a component of record `index`, holding incoming files (or null) at `holder[key]`. */
export interface NestedFileSlot {
  index: number;
  holder: Record<string, unknown>;
  key: string;
  field: MediaField;
  path: string;
}

/** The media values inside the components of `records` (`fields`: their type's fields). */
export const nestedFileSlots = (fields: Map<string, ModelField>, records: Values[]): NestedFileSlot[] => {
  const slots: NestedFileSlot[] = [];
  records.forEach((values, index) =>
    eachSubValue(fields, values, (field, holder, key, path) => {
      if (field.kind === 'media' && holder[key] !== null) slots.push({ index, holder, key, field, path });
    })
  );
  return slots;
};

/**
 * How much of a raw write body (one record or an array) is the base64 `data` of files sent inside the
 * component fields `fields`: like top-level files, only that part may take a body past `maxBodyBytes`.
 */
export const nestedFileDataLength = (body: unknown, fields: Map<string, ModelField>): number => {
  let length = 0;
  for (const record of Array.isArray(body) ? body : [body]) {
    if (!isPlainObject(record)) continue;
    eachSubValue(fields, Object.entries(record), (field, holder, key) => {
      if (field.kind !== 'media') return;
      const value = holder[key];
      for (const file of Array.isArray(value) ? value : [value]) {
        if (isPlainObject(file) && typeof file.data === 'string') length += file.data.length;
      }
    });
  }
  return length;
};

/**
 * Stages the incoming files of `records` (see Uploads.stage), those of the top-level `mediaFields` and those
 * inside their component values alike, in one go: the request's limits count them all. A refused file inside a
 * component is a FieldError naming its path (`seo.shareImage`).
 */
export const stageAllFiles = async (
  uploads: Uploads,
  records: Values[],
  fields: Map<string, ModelField>,
  mediaFields: MediaField[],
  endpointId: number,
  beforeUpload: () => Promise<void>
): Promise<FileRecord[]> => {
  const slots = nestedFileSlots(fields, records);
  // Each slot is a record of its own, with a field of its own (named by its number: names are never digits).
  const slotRecords: Values[] = slots.map((s, i) => new Map([[String(i), s.holder[s.key]]]));
  const slotFields = slots.map((s, i) => ({ ...s.field, name: String(i) }));
  let uploaded: FileRecord[];
  try {
    uploaded = await uploads.stage(
      [...records, ...slotRecords],
      [...mediaFields, ...slotFields],
      endpointId,
      beforeUpload
    );
  } catch (error) {
    const slot = error instanceof FieldError ? slots[error.index - records.length] : undefined;
    if (slot) throw new FieldError(slot.path, slot.index, (error as FieldError).reason);
    throw error;
  }
  slots.forEach((s, i) => {
    s.holder[s.key] = slotRecords[i].get(String(i));
  });
  return uploaded;
};
