import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { INVALID, type Codec } from './codecs';

/** Query-string filter keys: `field` (equality), `field:gt`, `field:lt` (spec 4.2 rule 6). */
export interface QueryFilterSpec {
  key: string;
  codec: Codec;
}

export interface ParsedListQuery {
  page: number;
  /** Typed filter values by key, in the order given. */
  filters: Map<string, unknown>;
  /** The raw pairs, kept to build the paging links. */
  entries: Array<[string, string]>;
}

const PAGE = /^[1-9]\d{0,8}$/;

/**
 * Parses a List query string (or, without `paging`, an Aggregate's). Anything that does not parse is
 * `400 Invalid request parameters` (spec 4.2 rule 7).
 */
export const parseListQuery = (
  querystring: string,
  filterable: Map<string, QueryFilterSpec>,
  { paging = true } = {}
): ParsedListQuery => {
  const invalid = () => new ApiError(400, MESSAGES.invalidParameters);
  const entries = [...new URLSearchParams(querystring)];
  const seen = new Set<string>();
  const filters = new Map<string, unknown>();
  let page = 1;
  for (const [key, value] of entries) {
    // A repeated parameter is ambiguous: refuse it rather than guess.
    if (seen.has(key)) throw invalid();
    seen.add(key);
    if (key === 'page' && paging) {
      if (!PAGE.test(value)) throw invalid();
      page = Number(value);
      continue;
    }
    const spec = filterable.get(key);
    if (!spec) throw invalid();
    const parsed = spec.codec.parseText(value);
    if (parsed === INVALID) throw invalid();
    filters.set(key, parsed);
  }
  return { page, filters, entries };
};
