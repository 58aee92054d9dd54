import type { Core } from '@strapi/strapi';
import register from './register';
import bootstrap from './bootstrap';
import destroy from './destroy';
import config from './config';
import contentTypes from './content-types';
import routes from './routes';
import controllers from './controllers';
import services from './services';

// `Core` named here keeps the emitted index.d.ts on @strapi/strapi's public types (not a path inside @strapi/types).
type Lifecycle = (deps: { strapi: Core.Strapi }) => unknown;

export default { register, bootstrap, destroy, config, contentTypes, routes, controllers, services } satisfies {
  register: Lifecycle;
  bootstrap: Lifecycle;
  destroy: Lifecycle;
  [key: string]: unknown;
};
