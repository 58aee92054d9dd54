import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { SLUG_MAX_LENGTH } from '../../../contracts/openapi';
import { ApiError } from '../errors/api-error';
import { answerOtherMethod } from './other-method';
import type { RuntimeServices } from './runtime-services';

const METHODS = ['GET', 'HEAD'];
/** A slug is lower case with every non-word character replaced: `[a-z0-9_]` only. */
const FILE = new RegExp(`^([a-z0-9_]{1,${SLUG_MAX_LENGTH}})\\.json$`);

/**
 * `/_api/_openapi/<slug>.json` (docs/openapi.md): a public document, for anyone (no credentials, any origin). A
 * document that is not public is not found. Generated from the definitions in force (again after each change);
 * the ETag lets clients and caches revalidate without downloading it again.
 */
export const createOpenapiRoute =
  (documents: RuntimeServices['openapiDocuments']) => async (ctx: Context, file: string) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', METHODS.join(', '));
      ctx.set('Access-Control-Allow-Headers', 'Accept, If-None-Match');
      ctx.set('Access-Control-Max-Age', '86400');
      ctx.status = 204;
      return;
    }
    if (!METHODS.includes(ctx.method)) return answerOtherMethod(ctx, METHODS);
    const slug = FILE.exec(file)?.[1];
    const document = slug ? await documents.findPublic(slug) : null;
    if (!document) throw new ApiError(404, MESSAGES.notFound);
    const { body, etag } = documents.publicJson(document);
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Access-Control-Expose-Headers', 'ETag');
    ctx.set('ETag', etag);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = body;
  };
