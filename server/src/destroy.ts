import type { Core } from '@strapi/strapi';
import { getService } from './utils/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  getService(strapi, 'registry').stop();
};
