import type { EndpointDefinition, MediaUrls } from '../../../contracts/definition';
import { formatOf, formatsOf } from './file-formats';
import type { FileRecord, MediaLibrary } from './media-library';
import { mediaObject, type MediaObject } from './media-object';
import type { FileIssuer, FileSigner } from './signature';

/** A List's media column: file ids as the page SQL returns them. */
export interface MediaColumn {
  name: string;
}

/** How a List answers media fields: signed URLs (the default) or media objects. */
export type MediaShape = NonNullable<EndpointDefinition['media']>;

type FileId = number | null;

const fileIdsOf = (items: Array<Record<string, unknown>>, columns: MediaColumn[]) => {
  const ids = items.flatMap((item) => columns.flatMap(({ name }) => [item[name]].flat() as FileId[]));
  return [...new Set(ids.filter((id): id is number => id !== null))];
};

/** `<file id>` or `<file id>/<format>`: what a URL serves. */
const keyOf = (fileId: number, format?: string) => (format ? `${fileId}/${format}` : `${fileId}`);

/** The provider's URL of a file (or format) it stores, signed or public; null: the plugin signs its own. */
type ProviderUrl = (file: FileRecord) => Promise<string | null>;

/** The provider's own URLs of the files it stores (and of their formats when `withFormats`). */
const providerUrls = async (urlOf: ProviderUrl, files: FileRecord[], withFormats: boolean) => {
  const variants = files.flatMap((file) => [
    { key: keyOf(file.id), file },
    ...(withFormats
      ? formatsOf(file).map(([name]) => ({ key: keyOf(file.id, name), file: formatOf(file, name)! }))
      : []),
  ]);
  const urls = await Promise.all(variants.map(({ file }) => urlOf(file)));
  return new Map(variants.flatMap(({ key }, i) => (urls[i] ? [[key, urls[i]] as const] : [])));
};

/**
 * Turns the file ids of a List page into URLs or media objects (docs/files.md): this plugin's signed
 * URLs; when the upload provider keeps files private and signs its own URLs, the provider's; with `urls:
 * "public"`, a public provider's own stable URLs. One lookup of the page's files, made when
 * the answer needs them (objects, a private provider, public URLs).
 */
export const createFileUrls = (signer: FileSigner, library: MediaLibrary) => ({
  async present(
    items: Array<Record<string, unknown>>,
    columns: MediaColumn[],
    issuer: FileIssuer,
    base: string,
    shape: MediaShape = 'url',
    urls: MediaUrls = 'signed'
  ) {
    if (!items.length || !columns.length) return;
    const expires = signer.expiry();
    const isPrivate = await library.isPrivate();
    const providerUrl: ProviderUrl | null = isPrivate
      ? (file) => library.providerUrl(file)
      : urls === 'public'
        ? (file) => library.publicUrl(file)
        : null;
    const files = shape === 'object' || providerUrl ? await library.find(fileIdsOf(items, columns)) : [];
    const provided = providerUrl
      ? await providerUrls(providerUrl, files, shape === 'object')
      : new Map<string, string>();
    const urlOf = (fileId: number, format?: string) =>
      provided.get(keyOf(fileId, format)) ?? `${base}${signer.path({ ...issuer, fileId, expires, format })}`;
    const byId = new Map(files.map((file) => [file.id, file]));
    const answer: (fileId: number) => MediaObject | string | null =
      shape === 'object'
        ? (fileId: number) => {
            const file = byId.get(fileId);
            return file ? mediaObject(file, (format) => urlOf(fileId, format)) : null;
          }
        : (fileId: number) => urlOf(fileId);
    for (const item of items) {
      for (const { name } of columns) {
        const value = item[name] as number | number[] | null;
        item[name] = Array.isArray(value)
          ? value.map(answer).filter((v) => v !== null)
          : value === null
            ? null
            : answer(value);
      }
    }
  },
});

export type FileUrls = ReturnType<typeof createFileUrls>;
