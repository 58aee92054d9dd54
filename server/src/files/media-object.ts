import { formatsOf } from './file-formats';
import type { FileRecord } from './media-library';

/** A format of an image in a media object. */
export interface MediaFormatObject {
  url: string;
  name: string;
  mime: string;
  /** Kilobytes (two decimals), as Strapi stores sizes. */
  size: number;
  width: number | null;
  height: number | null;
}

/** A media field's file as a List answers it with `media: "object"` (docs/files.md). */
export interface MediaObject extends MediaFormatObject {
  alternativeText: string | null;
  caption: string | null;
  /** The image's formats by name (`thumbnail`, `small`...); empty for a file without any. */
  formats: Record<string, MediaFormatObject>;
}

/** The URL of a file's original (no format) or of one of its formats. */
export type FormatUrl = (format?: string) => string;

/** Decimal columns come back as strings on some databases. */
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const described = (file: Omit<FileRecord, 'id' | 'provider'>, url: string): MediaFormatObject => ({
  url,
  name: file.name,
  mime: file.mime,
  size: Number(file.size),
  width: numberOrNull(file.width),
  height: numberOrNull(file.height),
});

/** The media object of a file: its own fields and its formats, each with the URL `urlOf` gives. */
export const mediaObject = (file: FileRecord, urlOf: FormatUrl): MediaObject => ({
  ...described(file, urlOf()),
  alternativeText: file.alternativeText ?? null,
  caption: file.caption ?? null,
  formats: Object.fromEntries(formatsOf(file).map(([name, format]) => [name, described(format, urlOf(name))])),
});
