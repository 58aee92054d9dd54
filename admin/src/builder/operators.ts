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

/** The operators of a condition as a select's options: the operator, and its words. */
export const operatorOptions = (t: Translate): Array<[FilterOperator, string]> =>
  FILTER_OPERATORS.map((op) => [op, operatorWords(t, op)]);
