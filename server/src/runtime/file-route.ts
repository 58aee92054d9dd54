import type { Context } from 'koa';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { answerOtherMethod } from './other-method';
import type { Engine } from '../engine';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { formatOf } from '../files/file-formats';
import { fileBelongsTo } from '../files/file-owner';
import { sendFile } from '../files/send-file';
import type { Snapshot } from '../engine/registry';
import { failedAt, NOBODY, servedAs, UNMATCHED, type Identity, type RequestRecord, type Served } from './caller';
import { keyIdOfSubject } from './limit-subject';
import type { RateLimiting } from './rate-limit';

/** `<endpoint>/<file>`, or `<endpoint>/<file>/<format>` for a format of an image (`thumbnail`...). */
const FILE_PATH = /^(\d{1,10})\/(\d{1,10})(?:\/([\w-]{1,64}))?$/;

/** The key a link was issued to, while it may still call the endpoint (not revoked, expired or removed). */
const liveKey = (snapshot: Snapshot, keyId: number, allowed: Set<number>) => {
  const key = allowed.has(keyId) ? snapshot.keysById.get(keyId) : undefined;
  return key && (key.expiresAt === null || key.expiresAt > Date.now()) ? key : null;
};

/** Whom a verified link was issued to: its API key (403 once it may no longer call the endpoint), else its subject. */
const holderOf = (snapshot: Snapshot, endpoint: CompiledEndpoint, subject: string | undefined): Identity => {
  if (subject === undefined) return NOBODY;
  const keyId = keyIdOfSubject(subject);
  if (keyId === undefined) return { kind: 'link', subject };
  const key = endpoint.auth.method === 'api-key' ? liveKey(snapshot, keyId, endpoint.auth.keys) : null;
  if (!key) throw new ApiError(403, MESSAGES.forbidden);
  return { kind: 'key', keyId, keyLimit: key.rateLimit, preview: key.preview };
};

/**
 * `GET /_api/_files/<endpoint>/<file>[/<format>]?expires=[&caller=]&signature=` (docs/files.md): a tampered link,
 * or one that expires further ahead than the links this plugin gives, is 403; an expired one 410. The link dies
 * with its endpoint (deleted or disabled: 404) and with its API key (403), keeps to the endpoint's allowed IPs,
 * and serves only a file that endpoint shows. A download is a request of the endpoint: counted against the rate
 * limits of the caller the link was issued to (a public endpoint's: the downloading address) and in the usage
 * statistics.
 */
export const createFileRoute =
  (engine: Engine, rateLimit: RateLimiting) =>
  async (ctx: Context, rest: string): Promise<Served> => {
    const match = FILE_PATH.exec(rest);
    if (!match) throw new ApiError(404, MESSAGES.notFound);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      answerOtherMethod(ctx, ['GET', 'HEAD']);
      return UNMATCHED;
    }
    const deps = engine.compileDeps();
    const { signer, library } = deps.files;
    const query = new URLSearchParams(ctx.querystring);
    const expires = query.get('expires') ?? '';
    const format = match[3];
    // An empty `caller=` names nobody: the URL's signature then covers no subject either.
    const subject = query.get('caller') || undefined;
    const grant = { endpointId: Number(match[1]), subject, fileId: Number(match[2]), format, expires: Number(expires) };
    if (!/^\d{1,12}$/.test(expires) || !signer.verify(grant, query.get('signature') ?? '')) {
      throw new ApiError(403, MESSAGES.fileLinkInvalid);
    }
    const remaining = grant.expires - Math.floor(Date.now() / 1000);
    if (remaining < 0) throw new ApiError(410, MESSAGES.fileLinkExpired);
    if (!signer.withinLifetime(grant.expires)) throw new ApiError(403, MESSAGES.fileLinkInvalid);
    const snapshot = engine.snapshot();
    const endpoint = snapshot.endpoints.get(grant.endpointId);
    if (!endpoint) throw new ApiError(404, MESSAGES.notFound);
    if (endpoint.ipAllowed && !endpoint.ipAllowed(ctx.request.ip)) throw new ApiError(403, MESSAGES.forbidden);
    let record: RequestRecord = { endpoint };
    try {
      const identity = holderOf(snapshot, endpoint, subject);
      record = { endpoint, identity };
      ctx.set(await rateLimit.spend(ctx, endpoint, identity));
      const [original] = (await fileBelongsTo(endpoint, grant.fileId, deps)) ? await library.find([grant.fileId]) : [];
      const file = original && format ? formatOf(original, format) : original;
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      const where = { publicDir: strapi.dirs.static.public, remoteUrl: await library.providerUrl(file) };
      await sendFile(ctx, file, where, remaining);
      return servedAs(record);
    } catch (error) {
      return failedAt(record, error);
    }
  };
