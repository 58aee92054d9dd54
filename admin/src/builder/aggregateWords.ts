import type { Translate, TranslationKey, TranslationValues } from '../hooks/useT';
import { isMeasureOp, measureWords } from './measureOps';

/**
 * The admin API's problems with an Aggregate's settings in plain words, by the messages of the server
 * (server/src/handlers/aggregate.ts, server/src/aggregate/) and of the contract's schema (contracts/aggregate.ts):
 * `"sum" needs a number field (this one is enumeration)` reads "“Sum” works on number fields only".
 */
type Values = (match: RegExpMatchArray, t: Translate) => TranslationValues;

const op: Values = (m, t) => ({ op: isMeasureOp(m[1]) ? measureWords(t, m[1]) : m[1] });
const field: Values = (m) => ({ field: m[1] });

const RULES: Array<{ pattern: RegExp; words: TranslationKey; values?: Values }> = [
  { pattern: /^"(\w+)" needs a number field/, words: 'problem.measureNumber', values: op },
  { pattern: /^"(\w+)" needs a number, date or time field/, words: 'problem.measureOrdered', values: op },
  { pattern: /^"(\w+)" needs a text field/, words: 'problem.measureText', values: op },
  { pattern: /^"(\w+)" needs a comparable field/, words: 'problem.measureComparable', values: op },
  { pattern: /^"(\w+)" needs a field$/, words: 'problem.measureField', values: op },
  { pattern: /^"(.*)" cannot be grouped by$/, words: 'problem.notGroupable', values: field },
  { pattern: /^"(.*)" is a to-many relation/, words: 'problem.toMany', values: field },
  { pattern: /^"(.*)" follows more than one relation$/, words: 'problem.twoRelations', values: field },
  {
    pattern: /^"(.*)" does not apply to an? \w+ field$/,
    words: 'problem.formatType',
    values: (m) => ({ format: m[1] }),
  },
  { pattern: /^the variable "(.*)" is used twice$/, words: 'problem.variableTwice', values: (m) => ({ name: m[1] }) },
  { pattern: /^must be a simple name/, words: 'problem.variableName' },
  { pattern: /^name one of the measures$/, words: 'problem.sortMeasure' },
  { pattern: /^a sort measure keeps the top values/, words: 'problem.topLimit' },
  { pattern: /^needs a row dimension$/, words: 'problem.topDimension' },
];

/** A problem of the settings in plain words; one no rule here knows is said by `otherwise` (the builder's words). */
export const aggregateWords = (t: Translate, message: string, otherwise: (message: string) => string) => {
  for (const rule of RULES) {
    const match = message.match(rule.pattern);
    if (match) return t(rule.words, rule.values?.(match, t));
  }
  return otherwise(message);
};
