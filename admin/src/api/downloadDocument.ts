import { downloadFileName, type StoredOpenapiDocument } from '../../../contracts/openapi';
import { saveJsonFile } from '../utils/saveJsonFile';
import { adminApi } from './client';

/**
 * Saves the generated OpenAPI JSON of a document (the admin's token, `documents.read`) under the name the
 * server's download gives it (`<title>.json`).
 */
export const downloadDocument = async (document: StoredOpenapiDocument) =>
  saveJsonFile(
    downloadFileName(document.title),
    await adminApi.download('openapiDocuments.download', { id: document.id })
  );
