import type { Core } from '@strapi/strapi';
import type services from './';
import { PLUGIN_ID } from '../../../contracts/plugin';

type Services = typeof services;

/** The one typed way to reach this plugin's services. */
export const getService = <K extends keyof Services>(strapi: Core.Strapi, name: K): ReturnType<Services[K]> =>
  strapi.plugin(PLUGIN_ID).service(name) as ReturnType<Services[K]>;
