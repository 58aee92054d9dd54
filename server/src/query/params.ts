import { LIMITS } from '../../../contracts/limits';
import { invalidValueList, MESSAGES, repeatedFilter } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { INVALID, type Codec } from './codecs';
import { splitValueList } from './value-list';

/** Query-string filter keys: `field` (equality), `field:gt`, `field:lt`, `field:in` (docs/list.md#calling-a-list-endpoint). */
export interface QueryFilterSpec {
  key: string;
  codec: Codec;
  /** `field:in`: the text is a list of values (see splitValueList), each parsed by the codec. */
  valueList?: boolean;
}

export interface ParsedListQuery {
  page: number;
  /** Typed filter values by key, in the order given (an array of them for a `:in` key). */
  filters: Map<string, unknown>;
  /** The raw pairs, kept to build the paging links. */
  entries: Array<[string, string]>;
}

const PAGE = /^[1-9]\d{0,8}$/;
/** The suffix of the key that takes several values of a field: `id:in=1,2,3`. */
export const LIST_SUFFIX = ':in';

/** A `:in` filter's values, each parsed by the field's codec; a 400 naming the key when one does not parse. */
const parseValueList = (spec: QueryFilterSpec, text: string): unknown[] => {
  const list = splitValueList(text, LIMITS.queryFilterValues);
  if ('problem' in list) throw new ApiError(400, invalidValueList(spec.key, list.problem));
  return list.values.map((value, i) => {
    const parsed = spec.codec.parseText(value);
    if (parsed === INVALID)
      throw new ApiError(400, invalidValueList(spec.key, `has an invalid value (number ${i + 1})`));
    return parsed;
  });
};

/**
 * Parses a List query string (or, without `paging`, an Aggregate's). Anything that does not parse is
 * `400 Invalid request parameters` (docs/list.md#calling-a-list-endpoint).
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
    // A repeated parameter is ambiguous: refuse it rather than guess, and name the key that takes several values.
    if (seen.has(key)) {
      const listKey = filterable.get(key)?.valueList ? key : `${key}${LIST_SUFFIX}`;
      throw filterable.has(listKey) ? new ApiError(400, repeatedFilter(key, listKey)) : invalid();
    }
    seen.add(key);
    if (key === 'page' && paging) {
      if (!PAGE.test(value)) throw invalid();
      page = Number(value);
      continue;
    }
    const spec = filterable.get(key);
    if (!spec) throw invalid();
    if (spec.valueList) {
      filters.set(key, parseValueList(spec, value));
      continue;
    }
    const parsed = spec.codec.parseText(value);
    if (parsed === INVALID) throw invalid();
    filters.set(key, parsed);
  }
  return { page, filters, entries };
};
