import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import type { Model } from '../query/model';
import { requestedStatus } from '../query/status-param';
import type { CompileDeps } from '../engine/deps';
import type { HandledDefinition, Handler, HandlerFactory } from './types';

/** The requests that read drafts, for their ETag (`draftsRead`). */
const draftReads = new WeakSet<Context>();

/** Whether `ctx` read the drafts of an endpoint whose status comes from the request: its ETag says so. */
export const draftsRead = (ctx: Context) => draftReads.has(ctx);

/**
 * A List or Aggregate whose status comes from the request (`status: "query"`): both versions compiled once,
 * with the definition, and each request served by the one its `?status=` names. Drafts are for API keys marked
 * for preview only; anyone else (another key, a session) is refused them, never answered the published rows
 * instead, so a front end's draft mode cannot silently show stale content.
 */
export const statusFromQuery = (
  definition: Omit<HandledDefinition, 'status'>,
  model: Model,
  deps: CompileDeps,
  endpointId: number,
  factory: HandlerFactory
): Handler => {
  const published = factory({ ...definition, status: 'published', statusFromQuery: true }, model, deps, endpointId);
  const draft = factory({ ...definition, status: 'draft', statusFromQuery: true }, model, deps, endpointId);
  return async (ctx, request) => {
    if (requestedStatus(ctx.querystring) === 'published') return published(ctx, request);
    if (!request.preview) throw new ApiError(403, MESSAGES.previewOnly);
    draftReads.add(ctx);
    return draft(ctx, request);
  };
};
