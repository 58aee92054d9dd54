import type { Core } from '@strapi/strapi';
import { CDN_TAG_HEADERS, type CdnTagHeader } from '../../../contracts/cache';
import type { Knex } from 'knex';
import { resolveKeySecret } from '../auth/key-secret';
import { pluginConfig } from '../config/plugin-config';
import { createFileUrls } from '../files/file-urls';
import { mediaLibrary } from '../files/media-library';
import { createFileSigner } from '../files/signature';
import { createUploads } from '../files/uploads';
import type { ReadDeps } from '../handlers/types';
import { dialectOf } from '../query/dialect';
import { createExecutor } from '../query/executor';
import type { SiteLocales } from '../query/locale';
import { buildModel } from '../query/build-model';
import type { Model } from '../query/model';
import type { Totals } from '../totals';
import { publicUrlOf } from '../utils/public-url';
import { siteVersionOf } from '../cache/site-version';
import { createLocks } from '../writes/locks';
import { createObjectWriter, type ObjectWriter } from '../writes/object-writer';
import type { BodyTimeout } from '../writes/read-chunks';
import type { WriteDeps } from '../writes/write-deps';

/**
 * Everything a handler factory is given, and so what every compiled endpoint closes over: the dialect, the
 * executor, the models, the writers, the file services, and the site's locales the definitions were compiled
 * against. Read-only: a load that reads other locales compiles with deps of its own.
 */
export interface CompileDeps extends Omit<ReadDeps, 'totals'>, Readonly<Omit<WriteDeps, 'totals'>> {
  readonly totals: Totals;
  /** The largest request body a write endpoint reads (plugin option `maxBodyBytes`). */
  readonly maxBodyBytes: number;
  /** How long a request body may take to arrive (plugin option `bodyTimeout`). */
  readonly bodyTimeout: BodyTimeout;
  /** Strapi's connection pool, for reads outside a write transaction. */
  readonly connection: () => Knex;
  readonly log: { warn: (message: string) => void };
  /** The site's schemas and the plugin's version, as the response cache's keys name them (cache/site-version.ts). */
  readonly siteVersion: string;
  /** The tag headers of answers a CDN may keep (`cache.cdnTagHeaders`). */
  readonly cdnTagHeaders: readonly CdnTagHeader[];
}

/** The part of the deps that does not depend on the locales. */
type Services = Omit<CompileDeps, 'locales'>;

const createServices = (strapi: Core.Strapi, totals: Totals): Services => {
  const dialect = dialectOf(strapi);
  const models = new Map<string, Model | null>();
  const writers = new Map<string, ObjectWriter>();
  const documentService = pluginConfig(strapi, 'documentService');
  const files = pluginConfig(strapi, 'files');
  const library = mediaLibrary(strapi);
  const signer = createFileSigner(resolveKeySecret(strapi), files.urlTtlSeconds);
  const publicUrl = publicUrlOf(strapi);
  return {
    dialect,
    executor: createExecutor(strapi, dialect),
    modelOf: (uid) => {
      if (!models.has(uid)) models.set(uid, buildModel(strapi, uid));
      return models.get(uid)!;
    },
    publicUrl,
    files: {
      library,
      signer,
      urls: createFileUrls(signer, library),
      uploads: createUploads(strapi, library, files),
      maxBytes: files.maxBytes,
      maxRequestBytes: files.maxRequestBytes,
      urlTtlSeconds: files.urlTtlSeconds,
    },
    writerOf: (model) => {
      if (!writers.has(model.uid)) writers.set(model.uid, createObjectWriter(strapi, model, dialect, documentService));
      return writers.get(model.uid)!;
    },
    locks: createLocks(strapi, dialect),
    // `await`: Strapi types the answer as a promise of the callback's promise.
    transaction: async (work) => await strapi.db.transaction(({ trx }) => work(trx)),
    connection: () => strapi.db.connection,
    log: strapi.log,
    totals,
    maxBodyBytes: pluginConfig(strapi, 'maxBodyBytes'),
    maxRelatedPerAnswer: pluginConfig(strapi, 'related').maxRecordsPerAnswer,
    bodyTimeout: pluginConfig(strapi, 'bodyTimeout'),
    siteVersion: siteVersionOf(strapi, publicUrl),
    cdnTagHeaders: pluginConfig(strapi, 'cache').cdnTagHeaders ?? CDN_TAG_HEADERS,
  };
};

/**
 * The deps for a set of locales. The services (executor, model and writer caches, file services) are built once,
 * on first use: the database dialect and metadata are known only once Strapi's bootstrap began. Each load of the
 * registry pairs them with the locales it read; asked again for the same locales, this answers the same object
 * (the runtime asks per request).
 */
export const createCompileDeps = (strapi: Core.Strapi, totals: Totals) => {
  let services: Services | null = null;
  let latest: CompileDeps | null = null;
  return (locales: SiteLocales): CompileDeps => {
    services ??= createServices(strapi, totals);
    if (latest?.locales !== locales) latest = Object.freeze({ ...services, locales });
    return latest;
  };
};
