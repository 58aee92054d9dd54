import type { MediaLibrary } from './media-library';
import type { FileSigner } from './signature';

/** A List's media column: file ids as the page SQL returns them. */
export interface MediaColumn {
  name: string;
}

/**
 * Turns the file ids of a List page into URLs (spec 2.9): this plugin's signed URLs, or, when the upload
 * provider keeps files private and signs its own URLs, the provider's (one lookup of the page's files).
 */
export const createFileUrls = (signer: FileSigner, library: MediaLibrary) => ({
  async present(items: Array<Record<string, unknown>>, columns: MediaColumn[], endpointId: number, base: string) {
    if (!items.length) return;
    const expires = signer.expiry();
    const own = (fileId: number) => `${base}${signer.path({ endpointId, fileId, expires })}`;
    let url = own;
    if (await library.isPrivate()) {
      const ids = items.flatMap((item) => columns.flatMap(({ name }) => [item[name]].flat() as Array<number | null>));
      const files = await library.find([...new Set(ids.filter((id): id is number => id !== null))]);
      const signed = new Map<number, string>();
      for (const file of files) {
        const providerUrl = await library.providerUrl(file);
        if (providerUrl) signed.set(file.id, providerUrl);
      }
      url = (fileId) => signed.get(fileId) ?? own(fileId);
    }
    for (const item of items) {
      for (const { name } of columns) {
        const value = item[name] as number | number[] | null;
        item[name] = Array.isArray(value) ? value.map(url) : value === null ? null : url(value);
      }
    }
  },
});

export type FileUrls = ReturnType<typeof createFileUrls>;
