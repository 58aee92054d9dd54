import { downloadFileName, type StoredOpenapiDocument } from '../../../contracts/openapi';
import { saveJsonFile } from '../utils/saveJsonFile';
import type { useAdminApi } from './useAdminData';

/**
 * Saves the generated OpenAPI JSON of a document (the admin's token, `documents.read`) under the name the
 * server's download gives it (`<title>.json`).
 */
export const downloadDocument = async (api: ReturnType<typeof useAdminApi>, document: StoredOpenapiDocument) =>
  saveJsonFile(downloadFileName(document.title), await api.file('openapiDocuments.download', { id: document.id }));
