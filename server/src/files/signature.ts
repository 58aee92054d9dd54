import { timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../auth/keyed-hash';

/** Who a signed file URL is issued by and to: its download counts against them (docs/rate-limits.md). */
export interface FileIssuer {
  endpointId: number;
  /** The caller the endpoint answered, as rate limits count it (`k7`, `user:site:12`); absent: public endpoints. */
  subject?: string;
}

/** What a signed file URL grants: one file (or one of its formats), through one endpoint, until a time. */
export interface FileGrant extends FileIssuer {
  fileId: number;
  /** A format of an image (`thumbnail`, `small`...), stored apart from the original; absent: the original. */
  format?: string;
  /** Unix time (s) after which the URL answers 410. */
  expires: number;
}

export const FILES_PATH = '_files';

/** Expiry times are rounded up to this step, so one file's URL stays the same for a while (browser caches). */
const EXPIRY_STEP_SECONDS = 60;
const CACHE_LIMIT = 10_000;

/**
 * A format's grant signs one more part, so its URL can name neither the original nor another format; a subject
 * comes first, before a `|` no subject holds, so it can be neither removed nor changed.
 */
const message = (g: FileGrant) =>
  `${g.subject ? `${g.subject}|` : ''}${g.endpointId}:${g.fileId}:${g.expires}${g.format ? `:${g.format}` : ''}`;

/**
 * Signed file URLs (docs/files.md): `/_api/_files/<endpoint>/<file>[/<format>]?expires=<unix s>[&caller=<subject>]&signature=<HMAC>`.
 * The signature covers the endpoint, the caller, the file, the format and the expiry, keyed by the plugin's secret.
 */
export const createFileSigner = (secret: string, ttlSeconds: number) => {
  let cachedExpiry = 0;
  let cache = new Map<string, string>();

  const sign = (grant: FileGrant) => keyedHash(secret, 'file-url', message(grant));
  /** The expiry of URLs signed now: at least the TTL away. */
  const expiry = (nowMs = Date.now()) =>
    Math.ceil((nowMs / 1000 + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;

  return {
    expiry,
    /**
     * Whether `expires` is within the lifetime of the links this plugin gives (one step of slack for the
     * clocks of several instances): a link signed further ahead, by whatever means, is not honoured.
     */
    withinLifetime: (expires: number, nowMs = Date.now()) => expires <= expiry(nowMs) + EXPIRY_STEP_SECONDS,
    /** The path and query of a grant (signatures of the current expiry are kept: a page repeats its files). */
    path(grant: FileGrant) {
      if (grant.expires !== cachedExpiry || cache.size > CACHE_LIMIT) {
        cachedExpiry = grant.expires;
        cache = new Map();
      }
      const key = message(grant);
      let signature = cache.get(key);
      if (!signature) cache.set(key, (signature = sign(grant)));
      const file = `${grant.endpointId}/${grant.fileId}${grant.format ? `/${grant.format}` : ''}`;
      const caller = grant.subject ? `&caller=${encodeURIComponent(grant.subject)}` : '';
      return `/_api/${FILES_PATH}/${file}?expires=${grant.expires}${caller}&signature=${signature}`;
    },
    /** Whether `signature` was made for `grant` (compared in constant time). */
    verify(grant: FileGrant, signature: string) {
      const expected = Buffer.from(sign(grant), 'hex');
      const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};

export type FileSigner = ReturnType<typeof createFileSigner>;
