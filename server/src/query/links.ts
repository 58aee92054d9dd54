import { CURSOR_PARAM } from './keyset';

/** Paging links (docs/list.md#calling-a-list-endpoint), the same in `_links` and the `Link` header. */
export interface PageLinks {
  next?: { href: string };
  prev?: { href: string };
}

export interface LinkInput {
  /** The request's URL without its query string (see linkBase). */
  base: string;
  entries: Array<[string, string]>;
  page: number;
  /** Whether a record follows this page. */
  more: boolean;
  /** Set when the endpoint returns and sorts by id: the page's last id, the cursor of the `next` link. */
  keyset?: { lastId: number } | null;
}

// Keeps the `:` of `id:gt` readable; everything else is percent-encoded.
const encodeKey = (key: string) => encodeURIComponent(key).replace(/%3A/gi, ':');

const withParams = (base: string, entries: Array<[string, string]>) =>
  entries.length ? `${base}?${entries.map(([k, v]) => `${encodeKey(k)}=${encodeURIComponent(v)}`).join('&')}` : base;

// By name, in code-unit order: a name is given once (a repeat is refused), so the order is total.
const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The parameters sorted by name, then `page` or the cursor: the same request in any order answers the same
 * links, so the same bytes and ETag, as the response cache keeps one entry for every order.
 */
export const buildPageLinks = ({ base, entries, page, more, keyset }: LinkInput): PageLinks => {
  const links: PageLinks = {};
  const others = entries.filter(([k]) => k !== 'page').sort(byName);
  if (more) {
    links.next = keyset
      ? {
          href: withParams(base, [
            ...others.filter(([k]) => k !== CURSOR_PARAM),
            [CURSOR_PARAM, String(keyset.lastId)],
          ]),
        }
      : { href: withParams(base, [...others, ['page', String(page + 1)]]) };
  }
  if (page > 1) {
    links.prev = { href: withParams(base, page === 2 ? others : [...others, ['page', String(page - 1)]]) };
  }
  return links;
};

export const linkHeader = (links: PageLinks): string | null => {
  const parts: string[] = [];
  if (links.next) parts.push(`<${links.next.href}>; rel="next"`);
  if (links.prev) parts.push(`<${links.prev.href}>; rel="prev"`);
  return parts.length ? parts.join(', ') : null;
};

/**
 * The URL of a request without its query string: absolute under `server.url` when it is set, else a relative
 * reference (RFC 8288 allows one in `Link`), never built from the Host header, which the client chooses.
 */
export const linkBase = (publicUrl: string | null, path: string) => `${publicUrl ?? ''}${path}`;
