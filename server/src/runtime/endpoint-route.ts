import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import type { Engine } from '../engine';
import { matchRoute } from '../engine/route-table';
import { ApiError } from '../errors/api-error';
import { draftsRead } from '../handlers/status-from-query';
import type { Authenticate } from './authenticate';
import { failedAt, servedAs, UNMATCHED, type RequestRecord, type Served } from './caller';
import type { AnswerBytesCheck } from './answer-bytes';
import { answerConditionally, sendAnswer } from './conditional-get';
import { corsModeOf, type Cors } from './cors';
import { subjectOf } from './limit-subject';
import { answerOtherMethod } from './other-method';
import type { LimitHeaders, RateLimiting } from './rate-limit';

interface EndpointRouteParts {
  engine: Engine;
  cors: Cors;
  authenticate: Authenticate;
  rateLimit: RateLimiting;
  answerBytes: AnswerBytesCheck;
}

/**
 * A path of the endpoints in force (docs/architecture.md#the-life-of-a-request): 404 when no endpoint has it,
 * 405 when none serves the method, a CORS preflight answered; then, in this order, allowed IPs, the origin check
 * of Browser Session endpoints, authentication, the rate limits of whoever it answered, the endpoint's handler
 * and the revalidation of its answer. Each step hands the next what it found.
 */
export const createEndpointRoute =
  ({ engine, cors, authenticate, rateLimit, answerBytes }: EndpointRouteParts) =>
  async (ctx: Context, rest: string): Promise<Served> => {
    const snapshot = engine.snapshot();
    const preflight = cors.isPreflight(ctx);
    const method = preflight ? ctx.get('access-control-request-method').toUpperCase() : ctx.method;
    const match = matchRoute(snapshot.routes, method, rest);
    if (match.kind === 'not-found') throw new ApiError(404, MESSAGES.notFound);
    if (match.kind === 'method-not-allowed') {
      answerOtherMethod(ctx, match.allow);
      return UNMATCHED;
    }
    const { endpoint, param } = match;
    let record: RequestRecord = { endpoint };
    // Sent with every answer but those a shared cache may keep, which would show every visitor one client's
    // budget (docs/rate-limits.md#what-a-client-sees); a refusal carries its own.
    let limitHeaders: LimitHeaders = {};
    try {
      const mode = corsModeOf(endpoint.auth);
      if (preflight) {
        cors.preflight(ctx, [endpoint.method], mode);
        return servedAs(record);
      }
      cors.decorate(ctx, mode);
      // Allowed source IPs come first, whatever the authentication.
      if (endpoint.ipAllowed && !endpoint.ipAllowed(ctx.request.ip)) throw new ApiError(403, MESSAGES.forbidden);
      // Before any counting: a cross-site request must not spend anyone's budget.
      if (mode === 'credentialed') cors.checkSource(ctx);
      // Counted once the caller is known, so nobody else can spend a user's budget; failed sessions per address
      // (failed keys are not counted).
      const identity = await authenticate(ctx, endpoint, snapshot).catch(async (error) => {
        if (mode === 'credentialed') limitHeaders = await rateLimit.failedSession(ctx, endpoint);
        throw error;
      });
      record = { endpoint, identity };
      limitHeaders = await rateLimit.spend(ctx, endpoint, identity);
      const request = {
        param,
        user: identity.kind === 'user' ? identity.user : undefined,
        preview: identity.kind === 'key' && identity.preview,
        // An API key's signed file URLs count against the key. A user's and a public endpoint's count against
        // whoever downloads: a URL travels (a page, a log), and its holder must not spend a user's budget.
        fileSubject: identity.kind === 'key' ? subjectOf(ctx, identity) : undefined,
      };
      const revalidation = {
        // Allowed IPs keep an answer private: a shared cache would hand it to addresses outside the list.
        shared: mode === 'public' && !endpoint.ipAllowed,
        cache: endpoint.cache,
      };
      // Everything above ran for a hit too: IPs, origin, authentication, rate limits (docs/cache.md).
      const visit = endpoint.cache
        ? await engine.cache.visit(endpoint.id, endpoint.cache, {
            ...request,
            path: ctx.path,
            querystring: ctx.querystring,
          })
        : null;
      if (visit?.hit) {
        if (!revalidation.shared) ctx.set(limitHeaders);
        sendAnswer(ctx, visit.hit, revalidation);
        return servedAs({ ...record, cache: 'hit' });
      }
      await endpoint.handle(ctx, request);
      // Whether drafts were read is known once the handler ran.
      const answer = answerConditionally(ctx, endpoint.type, { ...revalidation, drafts: draftsRead(ctx) }, (bytes) =>
        answerBytes(ctx, endpoint, bytes)
      );
      if (!(answer && revalidation.shared)) ctx.set(limitHeaders);
      if (visit && answer) void engine.cache.keep(endpoint.id, visit, answer);
      return servedAs(visit ? { ...record, cache: 'miss' } : record);
    } catch (error) {
      // An error answer is `no-store`: no shared cache keeps it.
      ctx.set(limitHeaders);
      return failedAt(record, error);
    }
  };
