import { targetsRecord } from '../../../contracts/definition';
import { LIMITS } from '../../../contracts/limits';
import { BURST_WINDOWS } from '../../../contracts/rate-limit';
import config from '../config';
import { CURSOR_PARAM } from '../query/keyset';
import type { CompiledEndpoint } from '../engine/compile-endpoint';

/** Prose of the generated documents: how paging, allowed IPs, numbers and file URLs behave. */

export const pagingText = (keyset: boolean) =>
  [
    `Answers ${LIMITS.pageSize} records per page; \`total\` counts every record that matches.`,
    'Follow the `next` and `prev` links rather than building page numbers: they are in the `Link` header',
    '(`rel="next"`, `rel="prev"`) and in `_links`, and appear only when that page exists.',
    keyset
      ? `The \`next\` link of this endpoint pages by keyset: it carries \`${CURSOR_PARAM}=<last id of the page>\` instead of a page number, so each page is read as fast as the first and no record is skipped or repeated while records are added; on such a page \`page\` is 1 and \`total\` is that of the whole listing (every filter of the request counts, \`id:gt\` too; the cursor does not), so a client stops once it has collected \`total\` records or when there is no \`next\`.`
      : 'Pages are numbered from 1 (`?page=2`, `?page=3`, ...).',
  ].join(' ');

/** The keyset cursor's parameter (server/src/query/keyset.ts), which clients get from the `next` links. */
export const CURSOR_TEXT = `The cursor of the \`next\` links: the records after this id, in the listing's order. Not a filter: \`total\` stays that of the whole listing. Take it from the links rather than writing it.`;

/** The `total` field's guarantee (docs/list.md, "How exact is `total`"), in the documents clients read. */
export const TOTAL_TEXT = `How many records match: the exact count after every write made through Strapi or this API (on this server at once, on other servers of the site within a second); writes made outside Strapi (raw SQL) are counted within the maximum age the site sets, ${config.default.totals.maxAgeMs / 1000} s by default.`;

/** How a `:in` query filter writes its values (server/src/query/value-list.ts). */
export const VALUE_LIST_TEXT = `comma-separated, at most ${LIMITS.queryFilterValues}; a value holding a comma or a quote is written in double quotes, with \\" for a quote and \\\\ for a backslash (\`?title:in="a,b",c\`)`;

export const ipText = (allowedIps: string[]) =>
  allowedIps.length
    ? `Callable only from these source addresses (others get 403, whatever the credentials): ${allowedIps.map((ip) => `\`${ip}\``).join(', ')}.`
    : null;

export const authText = (endpoint: CompiledEndpoint) => {
  if (endpoint.auth.method === 'public') {
    return 'Public: no authentication. Anyone may call it, from any origin (`Access-Control-Allow-Origin: *`; call without credentials); an `Authorization` header is ignored.';
  }
  if (endpoint.auth.method === 'api-key') {
    return 'Authentication: an API key allowed on this endpoint, as `Authorization: Bearer <key>`.';
  }
  return endpoint.auth.userObject === 'admin::user'
    ? "Authentication: a logged-in admin of the site, with the admin panel's access token as `Authorization: Bearer <token>`."
    : "Authentication: the session cookie of a logged-in site user (`POST /_api/_session`). From the site's own pages call with `credentials: 'include'`; other origins must be allowed by the site.";
};

export const numberText = (endpoint: CompiledEndpoint) =>
  targetsRecord(endpoint.type)
    ? 'Id of the record.'
    : "A number the endpoint's filter uses (for example the id of a parent record).";

export const fileUrlText = (ttlSeconds: number) =>
  `A temporary signed URL of the file, valid about ${Math.ceil(ttlSeconds / 60)} minutes from the answer: fetch it as is, without credentials, from an address the endpoint allows (it answers 410 once expired; a new List answer gives a fresh one). Where the site keeps files in private storage, it is the storage's own signed URL.`;

export const PUBLIC_FILE_URL_TEXT =
  "The upload provider's own URL of the file, as Strapi's REST API gives it: relative (`/uploads/...`) for Strapi's local provider, absolute for a remote store. It does not expire, so cached pages (static generation, a CDN) keep working; anyone with the URL can fetch the file. Where the site keeps files in private storage, or for a file of a provider the site no longer uses, it is a temporary signed URL instead.";

/** Whether `endpoint` can answer 429: it has a limit, or takes API keys, which may carry their own. */
export const mayLimit = (endpoint: CompiledEndpoint) =>
  endpoint.definition.rateLimit !== undefined || endpoint.auth.method === 'api-key';

/** The endpoint's own limit in words, or null. */
const endpointLimitText = (endpoint: CompiledEndpoint) => {
  const limit = endpoint.definition.rateLimit;
  if (!limit) return null;
  const per = endpoint.auth.method === 'api-key' ? 'per API key' : 'per source address (an IPv6 address per /64)';
  const burst = limit.burst
    ? `, then a burst of ${limit.burst} more, which refills over ${limit.windowSeconds * BURST_WINDOWS} s`
    : '';
  return `Rate limit: at most ${limit.requests} requests per ${limit.windowSeconds} s ${per}${burst}.`;
};

/** The rate limits of an endpoint in the operation's text (docs/rate-limits.md). */
export const rateLimitText = (endpoint: CompiledEndpoint) =>
  mayLimit(endpoint)
    ? [
        endpointLimitText(endpoint),
        endpoint.auth.method === 'api-key' &&
          'An API key may also have a limit of its own, counted across all its endpoints.',
        'Answers of a limited call carry `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers, one member per limit: `"key"`, `"endpoint"`); past a limit the answer is 429 with `Retry-After`.',
      ]
        .filter(Boolean)
        .join(' ')
    : null;
