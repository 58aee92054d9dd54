import type { FilterOperator } from '../../../contracts/filter-tree';
import type { Translate, TranslationValues } from '../hooks/useT';
import { DEFINITION_RULES } from './definitionWords';
import { OPERATOR_WORDS, operatorWords } from './operators';

/**
 * The admin API's problems in plain words, as the builder shows them at the field or row they concern. The
 * server's text names things for a developer (`unknown field "colour" on api::order.order`); the owner reads
 * "There is no field “colour” on Order". A message no rule knows is shown as it is, starting with a capital.
 */

/** What the words may name: a content type by its display name. */
export interface WordContext {
  t: Translate;
  objectName: (uid: string) => string;
}

const isOperator = (op: string): op is FilterOperator => op in OPERATOR_WORDS;

/** An operator as words, or as it was written when it is none of the filter's (`$between`). */
const operator = (ctx: WordContext, op: string) => (isOperator(op) ? operatorWords(ctx.t, op) : op);

/** The name of each rule's words in en.json (`problem.<name>`). */
export type Words =
  | 'pathEmpty'
  | 'pathLong'
  | 'pathEmptySegment'
  | 'pathCharacters'
  | 'pathUnderscore'
  | 'pathNumber'
  | 'pathTaken'
  | 'pathTakenBy'
  | 'unknownField'
  | 'orderedOperator'
  | 'textOperator'
  | 'badValue'
  | 'unknownVariable';

/** A message of the server (at `property` only, when given) and its words. */
export interface WordRule<W extends string = Words> {
  pattern: RegExp;
  words: W;
  at?: string;
  values?: (match: RegExpMatchArray, ctx: WordContext) => TranslationValues;
}

/**
 * Each rule: a message of the server (`pathProblem` in contracts/definition.ts, the route check of
 * server/src/services/endpoints.ts, the filter's in server/src/query/) and its words, in order.
 */
const RULES: WordRule[] = [
  { pattern: /^path must not be empty$/, words: 'pathEmpty' },
  { pattern: /^path must be at most (\d+) characters$/, words: 'pathLong', values: (m) => ({ max: m[1] }) },
  { pattern: /^path must not contain empty segments/, words: 'pathEmptySegment' },
  {
    pattern: /^path segment "(.*)" may only hold letters, digits and \. _ ~ -$/,
    words: 'pathCharacters',
    values: (m) => ({ segment: m[1] }),
  },
  {
    pattern: /^path segment "(.*)" must not start with "_"/,
    words: 'pathUnderscore',
    values: (m) => ({ segment: m[1] }),
  },
  { pattern: /^the last path segment must not be a number$/, words: 'pathNumber' },
  {
    pattern: /^(\w+) \/_api\/(\S*) is already used by endpoint \d+ \("(.*)"\)/,
    words: 'pathTakenBy',
    values: (m) => ({ route: `${m[1]} /_api/${m[2]}`, name: m[3] }),
  },
  {
    pattern: /^(\w+) \/_api\/(\S*) is already used/,
    words: 'pathTaken',
    values: (m) => ({ route: `${m[1]} /_api/${m[2]}` }),
  },
  {
    pattern: /^unknown field "(.*)" on (\S+)$/,
    words: 'unknownField',
    values: (m, ctx) => ({ field: m[1], object: ctx.objectName(m[2]) }),
  },
  {
    pattern: /^(\$\w+) needs an ordered field$/,
    words: 'orderedOperator',
    values: (m, ctx) => ({ operator: operator(ctx, m[1]) }),
  },
  {
    pattern: /^(\$\w+) needs a text field$/,
    words: 'textOperator',
    values: (m, ctx) => ({ operator: operator(ctx, m[1]) }),
  },
  { pattern: /^(.*) is not a valid value for this field$/, words: 'badValue', values: (m) => ({ value: m[1] }) },
  { pattern: /^unknown variable "(.*)"$/, words: 'unknownVariable', values: (m) => ({ name: m[1] }) },
];

/** A problem's message in plain words; `property` is the part of the definition it concerns (`name`), if known. */
export const plainWords = (ctx: WordContext, message: string, property?: string | number): string => {
  const { t } = ctx;
  for (const rule of [...RULES, ...DEFINITION_RULES]) {
    const match = rule.at === undefined || rule.at === property ? message.match(rule.pattern) : null;
    if (match) return t(`problem.${rule.words}`, rule.values?.(match, ctx));
  }
  return message.charAt(0).toUpperCase() + message.slice(1);
};
