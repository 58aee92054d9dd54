import { downloadFileName, type StoredOpenapiDocument } from '../../../contracts/openapi';
import { saveJsonFile } from '../utils/saveJsonFile';
import { adminApi } from './client';

/**
 * Saves the generated OpenAPI JSON of a document (the admin's token, `documents.read`) under the name the
 * server's download gives it (`<slug>.json`).
 */
export const downloadDocument = async (document: StoredOpenapiDocument) =>
  saveJsonFile(downloadFileName(document), await adminApi.download('openapiDocuments.download', { id: document.id }));
