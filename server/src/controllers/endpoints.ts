import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { crudOperations } from './crud-operations';

/** The admin API of endpoints (DESIGN.md section 3). */
export default ({ strapi }: { strapi: Core.Strapi }) =>
  crudOperations('endpoints', () => getService(strapi, 'endpoints'), 'Endpoint not found');
