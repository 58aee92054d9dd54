import type { FileRecord } from './media-library';

/**
 * The names of formats that file URLs carry (Strapi's breakpoints: `thumbnail`, `small`, `medium`, `large`,
 * or a site's own). A format named otherwise is left out of answers rather than put in a path.
 */
export const FORMAT_NAME = /^[\w-]{1,64}$/;

/** A format of an image as Strapi keeps it in the file's `formats`: a file of its own at the provider. */
export interface FileFormat {
  name: string;
  url: string;
  mime: string;
  /** Kilobytes, as Strapi stores sizes. */
  size: number;
  width?: number | null;
  height?: number | null;
}

const isFormat = (value: unknown): value is FileFormat =>
  typeof value === 'object' && value !== null && typeof (value as FileFormat).url === 'string';

/** A file's formats that URLs can name, in the order Strapi stored them. */
export const formatsOf = (file: FileRecord): Array<[string, FileFormat]> =>
  Object.entries(file.formats ?? {}).filter(
    (entry): entry is [string, FileFormat] => FORMAT_NAME.test(entry[0]) && isFormat(entry[1])
  );

/**
 * One format of a file as a file record (its own URL, type and name; the file's id and provider), for the
 * file route and the provider's signed URLs (Strapi signs each format object the same way); null when none.
 */
export const formatOf = (file: FileRecord, name: string): FileRecord | null => {
  const format =
    FORMAT_NAME.test(name) && file.formats && Object.prototype.hasOwnProperty.call(file.formats, name)
      ? file.formats[name]
      : null;
  if (!isFormat(format)) return null;
  return { ...format, id: file.id, provider: file.provider, formats: null };
};
