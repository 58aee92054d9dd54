import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { operation } from './operation';
import { actingAdmin, inputData } from './request';

/** Export and import of the whole configuration (docs/reference.md#admin-api). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  export: operation('transfer.export', () => getService(strapi, 'transfer').export()),
  /** Answers what the import of the file would create, update and leave unchanged; writes nothing. */
  preview: operation('transfer.preview', (ctx) =>
    getService(strapi, 'transfer').preview(inputData(ctx), actingAdmin(ctx))
  ),
  /** Answers what was created, updated and left unchanged, with the secrets of the keys it had to make (this once). */
  import: operation('transfer.import', (ctx) =>
    getService(strapi, 'transfer').import(inputData(ctx), actingAdmin(ctx))
  ),
});
