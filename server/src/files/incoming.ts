import { isPlainObject } from '../../../contracts/json';
import { LIMITS } from '../../../contracts/limits';
import type { MediaField } from '../query/model';
import { ValueRefused } from '../errors/field-error';
import { decodeBase64, decodedSizeOf } from './base64';

/** A file sent for a media field (docs/files.md), decoded; its type is sniffed and it is uploaded before the write. */
export interface IncomingFile {
  readonly incoming: true;
  name: string;
  bytes: Buffer;
}

export const isIncomingFile = (value: unknown): value is IncomingFile =>
  typeof value === 'object' && value !== null && (value as IncomingFile).incoming === true;

/** What Strapi's upload plugin refuses in a file name (its isValidFilename), refused here with a reason. */
// eslint-disable-next-line no-control-regex
const RESERVED = /[<>:"/\\|?*\u0000-\u001F\u007F]/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

const fileName = (value: unknown): string => {
  if (typeof value !== 'string' || !value.trim()) throw new ValueRefused('"name" must be a non-empty string');
  const name = value.normalize();
  if (name.length > 255) throw new ValueRefused('"name" is longer than 255 characters');
  if (RESERVED.test(name) || WINDOWS_RESERVED.test(name) || name === '.' || name === '..') {
    throw new ValueRefused('"name" must not contain < > : " / \\ | ? * or control characters');
  }
  return name;
};

const oneFile = (value: unknown, maxBytes: number): IncomingFile => {
  if (!isPlainObject(value)) throw new ValueRefused('a file is {"data": base64, "name": "file.ext"}');
  const { data, name, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) throw new ValueRefused(`unknown member "${extra[0]}" (a file has "data" and "name")`);
  const checkedName = fileName(name);
  if (typeof data !== 'string') throw new ValueRefused('"data" must be a base64 string');
  // Refuse an oversized file before decoding it.
  if (decodedSizeOf(data.length) > maxBytes + 64) throw new ValueRefused(`file larger than ${maxBytes} bytes`);
  const bytes = decodeBase64(data);
  if (!bytes) throw new ValueRefused('"data" is not valid base64');
  if (!bytes.length) throw new ValueRefused('the file is empty');
  if (bytes.length > maxBytes) throw new ValueRefused(`file larger than ${maxBytes} bytes`);
  return { incoming: true, name: checkedName, bytes };
};

/**
 * How much of a write body (one record or an array of them) is file data: the length of the `data` strings
 * of the file objects sent for the media fields `names`. Only that part may take a body past `maxBodyBytes`.
 */
export const fileDataLength = (body: unknown, names: readonly string[]): number => {
  let length = 0;
  for (const record of Array.isArray(body) ? body : [body]) {
    if (!isPlainObject(record)) continue;
    for (const name of names) {
      const value = record[name];
      for (const file of Array.isArray(value) ? value : [value]) {
        if (isPlainObject(file) && typeof file.data === 'string') length += file.data.length;
      }
    }
  }
  return length;
};

/**
 * The rule of a media field on writes: a file object, an array of them for a multiple field (which replaces
 * the field's files), or null to clear it. Shape, name, base64 and size are checked here; the content's type
 * when the files are staged. `requiredHere`: the endpoint marks the field required.
 */
export const mediaRule =
  (field: MediaField, maxBytes: number, requiredHere = false) =>
  (value: unknown): IncomingFile | IncomingFile[] | null => {
    const required = requiredHere || field.attribute.required === true;
    if (value === null) {
      if (required) throw new ValueRefused('a file is required');
      return null;
    }
    if (!field.multiple) {
      if (Array.isArray(value)) throw new ValueRefused('one file is expected, not an array');
      return oneFile(value, maxBytes);
    }
    if (!Array.isArray(value)) throw new ValueRefused('an array of files is expected');
    if (value.length > LIMITS.filesPerField) throw new ValueRefused(`at most ${LIMITS.filesPerField} files`);
    if (required && !value.length) throw new ValueRefused('at least one file is required');
    return value.map((v) => oneFile(v, maxBytes));
  };
