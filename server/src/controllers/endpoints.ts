import type { Core } from '@strapi/strapi';
import { crudController } from './crud';

export default ({ strapi }: { strapi: Core.Strapi }) => crudController(strapi, 'definitions', 'Endpoint not found');
