import type { Core } from '@strapi/strapi';
import type services from './';
import { PLUGIN_ID } from '../../../contracts/plugin';

type Services = typeof services;

/** What the service `K` of this plugin is. */
export type Service<K extends keyof Services> = ReturnType<Services[K]>;

/** The one typed way to reach this plugin's services. */
export const getService = <K extends keyof Services>(strapi: Core.Strapi, name: K): Service<K> =>
  strapi.plugin(PLUGIN_ID).service(name) as Service<K>;
