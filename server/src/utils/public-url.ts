import type { Core } from '@strapi/strapi';
import { trimTrailingSlashes } from '../../../contracts/slashes';

/**
 * `server.url` when it is an absolute http(s) URL (without trailing slashes), else null: links are then relative
 * references, never built from the request's Host header, which the client chooses.
 */
export const publicUrlOf = (strapi: Core.Strapi): string | null => {
  const url = strapi.config.get<string>('server.url');
  return url && /^https?:\/\//.test(url) ? trimTrailingSlashes(url) : null;
};
