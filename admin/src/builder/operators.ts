import { FILTER_OPERATORS, type FilterOperator } from '../../../contracts/filter-tree';
import type { Translate } from '../hooks/useT';

/**
 * The name of each filter operator's words in en.json (`builder.operator.<name>`): said as Strapi's Content
 * Manager filters say them ("is", "is lower than", "contains (case insensitive)"); the definition keeps the
 * operator itself (`$eq`, `$lt`).
 */
export const OPERATOR_WORDS = {
  $eq: 'eq',
  $ne: 'ne',
  $lt: 'lt',
  $lte: 'lte',
  $gt: 'gt',
  $gte: 'gte',
  $in: 'in',
  $notIn: 'notIn',
  $contains: 'contains',
  $notContains: 'notContains',
  $containsi: 'containsi',
  $notContainsi: 'notContainsi',
  $startsWith: 'startsWith',
  $endsWith: 'endsWith',
  $null: 'null',
  $notNull: 'notNull',
} as const satisfies { readonly [O in FilterOperator]: string };

/** An operator in words (`$lt`: "is lower than"). */
export const operatorWords = (t: Translate, op: FilterOperator) => t(`builder.operator.${OPERATOR_WORDS[op]}`);

const ORDERED = new Set<FilterOperator>(['$lt', '$lte', '$gt', '$gte']);
// The text operators: $contains, $startsWith, $endsWith and their variants ($notContainsi...).
const isTextual = (op: FilterOperator) => /contains|With$/i.test(op);
const LISTS = new Set<FilterOperator>(['$in', '$notIn']);

/**
 * What each field type may be compared with, as the server's codecs allow (server/src/query/codecs.ts) and
 * Strapi's Content Manager filters offer: texts by their words, numbers, dates and times by their order, a
 * list of choices by its values, a boolean by itself. Texts are ordered too for the server, but, as in Strapi,
 * not offered "lower than".
 */
const TEXT = (op: FilterOperator) => !ORDERED.has(op);
const ORDER = (op: FilterOperator) => !isTextual(op);
const CHOICE = (op: FilterOperator) => !ORDERED.has(op) && !isTextual(op);
const BOOLEAN = (op: FilterOperator) => CHOICE(op) && !LISTS.has(op);
const FITS: Record<string, (op: FilterOperator) => boolean> = {
  string: TEXT,
  text: TEXT,
  richtext: TEXT,
  email: TEXT,
  uid: TEXT,
  integer: ORDER,
  biginteger: ORDER,
  float: ORDER,
  decimal: ORDER,
  date: ORDER,
  datetime: ORDER,
  timestamp: ORDER,
  time: ORDER,
  enumeration: CHOICE,
  boolean: BOOLEAN,
};

/** Whether a condition on a field of `type` may use `op` (any operator when the type is not known). */
export const fitsType = (type: string | undefined, op: FilterOperator) => (type && FITS[type] ? FITS[type](op) : true);

/**
 * The operators of a condition on a field of `type` as a select's options, the operator and its words; `current`
 * whatever the type (a stored definition shows what it holds).
 */
export const operatorOptions = (
  t: Translate,
  type?: string,
  current?: FilterOperator
): Array<[FilterOperator, string]> =>
  FILTER_OPERATORS.filter((op) => fitsType(type, op) || op === current).map((op) => [op, operatorWords(t, op)]);
