import type { Core } from '@strapi/strapi';
import { FILE_UID } from '../query/model';

/** A row of the Media Library (`plugin::upload.file`), as the upload plugin's services take it. */
export interface FileRecord {
  id: number;
  name: string;
  url: string;
  mime: string;
  /** Kilobytes (two decimals), as Strapi stores sizes. */
  size: number;
  sizeInBytes?: number | null;
  width?: number | null;
  height?: number | null;
  alternativeText?: string | null;
  caption?: string | null;
  provider: string;
  updatedAt?: string | Date;
  formats?: Record<string, unknown> | null;
}

type UploadService = {
  upload(
    input: { data: { fileInfo: { name: string } }; files: Record<string, unknown> },
    opts?: object
  ): Promise<FileRecord[]>;
  remove(file: FileRecord): Promise<unknown>;
};
type Provider = { isPrivate(): Promise<boolean> | boolean; getSignedUrl(file: FileRecord): Promise<{ url: string }> };

/** The upload plugin as this plugin uses it: upload, remove and find files, and the provider's signed URLs. */
export const mediaLibrary = (strapi: Core.Strapi) => {
  const plugin = () =>
    strapi.plugin('upload') as unknown as {
      service(name: 'upload'): UploadService;
      provider: Provider;
    };
  const config = () =>
    strapi.config.get<{ provider: string; security?: { allowedTypes?: string[]; deniedTypes?: string[] } }>(
      'plugin::upload'
    );
  let privateProvider: Promise<boolean> | null = null;

  return {
    security: () => config()?.security,
    /** Uploads one file from disk as Strapi's upload route does, with the type found by sniffing its content. */
    async upload(filepath: string, name: string, mime: string, size: number): Promise<FileRecord> {
      const [file] = await plugin()
        .service('upload')
        .upload({
          data: { fileInfo: { name } },
          files: { filepath, originalFilename: name, mimetype: mime, detectedMimeType: mime, size },
        });
      return file;
    },
    /** Deletes the file from its provider (formats too) and from the Media Library. */
    remove: (file: FileRecord) => plugin().service('upload').remove(file),
    async find(ids: number[]): Promise<FileRecord[]> {
      if (!ids.length) return [];
      return (await strapi.db.query(FILE_UID).findMany({ where: { id: { $in: ids } } })) as FileRecord[];
    },
    /** Whether the provider keeps files private and signs its own URLs (e.g. S3 with a private ACL). */
    isPrivate: () =>
      (privateProvider ??= Promise.resolve(plugin().provider.isPrivate())
        .then(Boolean)
        .catch((error: unknown) => {
          privateProvider = null; // asked again next time
          throw error;
        })),
    /** The provider's own signed URL of a file it stores, or null for a file of another provider. */
    async providerUrl(file: FileRecord): Promise<string | null> {
      if (file.provider !== config()?.provider || !(await this.isPrivate())) return null;
      return (await plugin().provider.getSignedUrl(file)).url;
    },
    /**
     * The stable URL a public provider gave a file it stores (`file.url`, as Strapi's REST API answers it), or
     * null: a private provider's file, or one stored by another provider, which may have been private.
     */
    async publicUrl(file: FileRecord): Promise<string | null> {
      if (file.provider !== config()?.provider || (await this.isPrivate())) return null;
      return file.url;
    },
  };
};

export type MediaLibrary = ReturnType<typeof mediaLibrary>;
