import type { Core } from '@strapi/strapi';
import { createEngine, type Engine } from '../engine';
import { getService } from './get-service';

/** The plugin's one endpoint engine, held by Strapi's service container (created when register() asks for it). */
export default ({ strapi }: { strapi: Core.Strapi }): Engine =>
  createEngine(strapi, (endpoints) => getService(strapi, 'adminRights').suspensions(endpoints));
