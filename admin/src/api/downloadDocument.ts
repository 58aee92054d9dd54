import { downloadFileName, type StoredOpenapiDocument } from '../../../contracts/openapi';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { saveJsonFile } from '../utils/saveJsonFile';

type Get = <T>(url: string) => Promise<{ data: T }>;

/** The generated OpenAPI JSON of a document, through the admin API (the admin's token, `documents.read`). */
export const fetchOpenapi = async (get: Get, id: number | string) =>
  (await get<Record<string, unknown>>(`/${PLUGIN_ID}/openapi-documents/${id}/download`)).data;

/** Saves the generated JSON under the name the server's download gives it (`<title>.json`). */
export const downloadDocument = async (get: Get, document: StoredOpenapiDocument) =>
  saveJsonFile(downloadFileName(document.title), await fetchOpenapi(get, document.id));
