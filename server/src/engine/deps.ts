import type { Core } from '@strapi/strapi';
import { resolveKeySecret } from '../auth/key-secret';
import { pluginConfig } from '../config/plugin-config';
import { createFileUrls } from '../files/file-urls';
import { mediaLibrary } from '../files/media-library';
import { createFileSigner } from '../files/signature';
import { createUploads } from '../files/uploads';
import type { CompileDeps } from '../handlers/types';
import { dialectOf } from '../query/dialect';
import { createExecutor } from '../query/executor';
import { NO_LOCALES } from '../query/locale';
import { buildModel } from '../query/build-model';
import type { Model } from '../query/model';
import type { Totals } from '../totals';
import { publicUrlOf } from '../utils/public-url';
import { createLocks } from '../writes/locks';
import { createObjectWriter, type ObjectWriter } from '../writes/object-writer';

/**
 * What every compiled endpoint closes over: the dialect, the executor, the models, the writers, the file
 * services. Built once, on first compile (the database dialect and metadata are known only after Strapi's
 * bootstrap began); `locales` is refreshed by each reload.
 */
export const createCompileDeps = (strapi: Core.Strapi, totals: Totals): CompileDeps => {
  const dialect = dialectOf(strapi);
  const models = new Map<string, Model | null>();
  const writers = new Map<string, ObjectWriter>();
  const documentService = pluginConfig(strapi, 'documentService');
  const files = pluginConfig(strapi, 'files');
  const library = mediaLibrary(strapi);
  const signer = createFileSigner(resolveKeySecret(strapi), files.urlTtlSeconds);
  return {
    dialect,
    executor: createExecutor(strapi, dialect),
    modelOf: (uid) => {
      if (!models.has(uid)) models.set(uid, buildModel(strapi, uid));
      return models.get(uid)!;
    },
    publicUrl: publicUrlOf(strapi),
    locales: NO_LOCALES,
    files: {
      library,
      signer,
      urls: createFileUrls(signer, library),
      uploads: createUploads(strapi, library, files),
      maxBytes: files.maxBytes,
      maxRequestBytes: files.maxRequestBytes,
    },
    strapi,
    writerOf: (model) => {
      if (!writers.has(model.uid)) writers.set(model.uid, createObjectWriter(strapi, model, dialect, documentService));
      return writers.get(model.uid)!;
    },
    locks: createLocks(strapi, dialect),
    totals,
    maxBodyBytes: pluginConfig(strapi, 'maxBodyBytes'),
    bodyTimeout: pluginConfig(strapi, 'bodyTimeout'),
  };
};
