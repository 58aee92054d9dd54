import type { Core } from '@strapi/strapi';
import { getService } from '../services/get-service';
import { operation } from './operation';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  find: operation('objects.find', () => getService(strapi, 'objects').list()),
});
