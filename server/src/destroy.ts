import type { Core } from '@strapi/strapi';
import { getService } from './services/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  getService(strapi, 'engine').stop();
};
