/** Paging links of spec 4.2 rules 4 and 5: absolute URLs, the same in `_links` and the `Link` header. */
export interface PageLinks {
  next?: { href: string };
  prev?: { href: string };
}

export interface LinkInput {
  /** Absolute URL of the request without its query string. */
  base: string;
  entries: Array<[string, string]>;
  page: number;
  pageSize: number;
  total: number;
  /** Set when the endpoint returns and sorts by id: the key (`id:gt` or `id:lt`) and the page's last id. */
  keyset?: { key: string; lastId: number } | null;
}

// Keeps the `:` of `id:gt` readable; everything else is percent-encoded.
const encodeKey = (key: string) => encodeURIComponent(key).replace(/%3A/gi, ':');

const withParams = (base: string, entries: Array<[string, string]>) =>
  entries.length ? `${base}?${entries.map(([k, v]) => `${encodeKey(k)}=${encodeURIComponent(v)}`).join('&')}` : base;

export const buildPageLinks = ({ base, entries, page, pageSize, total, keyset }: LinkInput): PageLinks => {
  const links: PageLinks = {};
  const others = entries.filter(([k]) => k !== 'page');
  if (page * pageSize < total) {
    links.next = keyset
      ? { href: withParams(base, [...others.filter(([k]) => k !== keyset.key), [keyset.key, String(keyset.lastId)]]) }
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
 * The absolute URL of a request without its query string: `server.url` when it is set, else the request's own
 * origin, which comes from its Host header (kept from holding anything that could break a Link header).
 */
export const linkBase = (publicUrl: string | null, origin: string, path: string) =>
  `${publicUrl ?? origin.replace(/[^A-Za-z0-9.:/[\]-]/g, encodeURIComponent)}${path}`;
