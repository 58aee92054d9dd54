/** What Send shows of an answer: its status, a few headers, and the start of its body. */
export interface TryResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  /** The body's full length, in characters, when `body` is only its start. */
  cutFrom?: number;
}

/** The body shown at most, in characters: an answer's first page is enough to see its shape. */
export const BODY_SHOWN = 16_000;

/** The headers a caller acts on (content, caching, paging, rate limits); the rest are the server's own. */
const SHOWN_HEADER = /^(content-type|cache-control|etag|link|retry-after|x-cache|(x-)?ratelimit.*)$/;

/** Pretty JSON when the body is JSON, else the text as it came; cut past BODY_SHOWN. */
export const tryResponseOf = (status: number, statusText: string, headers: Headers, text: string): TryResponse => {
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (an HTML error page of a proxy, say): shown as it is.
  }
  const shown = [...headers.entries()].filter(([name]) => SHOWN_HEADER.test(name));
  const cut = body.length > BODY_SHOWN ? { body: body.slice(0, BODY_SHOWN), cutFrom: body.length } : { body };
  return { status, statusText, headers: shown, ...cut };
};
