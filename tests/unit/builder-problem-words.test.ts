import { IntlMessageFormat } from 'intl-messageformat';
import { problemsOfLines } from '../../admin/src/api/errors';
import { boxOf, settingsOf } from '../../admin/src/builder/aggregateSettings';
import { aggregateWords } from '../../admin/src/builder/aggregateWords';
import { conditionPaths, rowProblems } from '../../admin/src/builder/filterRows';
import { operatorOptions } from '../../admin/src/builder/operators';
import { problemsBySection } from '../../admin/src/builder/problems';
import { plainWords, type WordContext } from '../../admin/src/builder/problemWords';
import en from '../../admin/src/translations/en.json';
import type { TranslationKey } from '../../admin/src/hooks/useT';
import { pathProblem } from '../../contracts/definition';
import { FILTER_OPERATORS, treeOf, type FilterOperator } from '../../contracts/filter-tree';

/** The English words, formatted as the panel's react-intl does. */
const t = (id: TranslationKey, values?: Record<string, string | number>) =>
  String(new IntlMessageFormat(en[id], 'en').format(values));
const ctx: WordContext = { t, objectName: (uid) => ({ 'api::order.order': 'Order' })[uid] ?? uid };

describe('operators in words (builder/operators.ts)', () => {
  test("each operator has its own words, Strapi's where Strapi has them; the value stays the operator", () => {
    const options = operatorOptions(t);
    expect(options.map(([op]) => op)).toEqual([...FILTER_OPERATORS]);
    expect(new Set(options.map(([, words]) => words)).size).toBe(FILTER_OPERATORS.length);
    expect(Object.fromEntries(options)).toMatchObject({
      $eq: 'is',
      $ne: 'is not',
      $lt: 'is lower than',
      $gte: 'is greater than or equal to',
      $containsi: 'contains (case insensitive)',
      $notNull: 'is not null',
    });
  });

  test("a field's type narrows them to what the server compares it with; the current one stays", () => {
    const ops = (type: string, current?: FilterOperator) => operatorOptions(t, type, current).map(([op]) => op);
    expect(ops('integer')).toEqual(['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$null', '$notNull']);
    expect(ops('datetime')).toEqual(ops('integer'));
    expect(ops('string')).toEqual(expect.arrayContaining(['$contains', '$containsi', '$startsWith', '$in']));
    expect(ops('string')).not.toContain('$lt');
    expect(ops('enumeration')).toEqual(['$eq', '$ne', '$in', '$notIn', '$null', '$notNull']);
    expect(ops('boolean')).toEqual(['$eq', '$ne', '$null', '$notNull']);
    expect(ops('boolean', '$gt')).toEqual(['$eq', '$ne', '$gt', '$null', '$notNull']);
    expect(ops('unsupported')).toEqual([...FILTER_OPERATORS]);
  });
});

describe("the admin API's problems in plain words (builder/problemWords.ts)", () => {
  test.each([
    ['path must not be empty', 'Enter a path'],
    [pathProblem('a b')!, 'The segment “a b” may only hold letters, digits and . _ ~ -'],
    [pathProblem('_x')!, 'The segment “_x” must not start with "_" (reserved)'],
    [pathProblem('a/7')!, 'The last segment must not be a number: the record number goes there'],
    [
      'GET /_api/shop/cheap is already used by endpoint 3 ("Cheap") (paths are compared without regard to case)',
      'The endpoint “Cheap” already answers GET /_api/shop/cheap: choose another path',
    ],
    ['unknown field "colour" on api::order.order', 'There is no field “colour” on Order'],
    ['unknown field "x" on api::gone.gone', 'There is no field “x” on api::gone.gone'],
    ['$contains needs a text field', '“contains” works on text fields only'],
    ['$lt needs an ordered field', '“is lower than” compares numbers, dates and texts only'],
    ['unknown variable "usr.id"', 'There is no variable “usr.id” here'],
    ['a message no rule knows', 'A message no rule knows'],
  ])('%s', (message, words) => {
    expect(plainWords(ctx, message)).toBe(words);
  });
});

describe('problems at their filter row (api/errors.ts, builder/filterRows.ts)', () => {
  const problems = [
    { path: ['filter', '$and', 0, 'colour'], message: 'unknown field "colour" on api::order.order' },
    { path: ['filter', '$and', 1, '$or', 1, 'quantity', '$contains'], message: '$contains needs a text field' },
    { path: ['filter', '$and'], message: 'takes an array of conditions' },
  ];

  test('the lines of a section are read back into the problems they were made of', () => {
    const { filter } = problemsBySection([...problems, { path: ['path'], message: 'path must not be empty' }]);
    expect(problemsOfLines(filter, 'filter')).toEqual(problems);
    expect(problemsOfLines('not valid JSON: x', 'filter')).toEqual([{ path: [], message: 'not valid JSON: x' }]);
    expect(problemsOfLines(undefined, 'filter')).toEqual([]);
  });

  test('each condition row claims the problems under its place in the filter JSON', () => {
    const tree = treeOf({
      $and: [{ colour: { $eq: 'red' } }, { $or: [{ status: { $eq: 'paid' } }, { quantity: { $contains: '1' } }] }],
    })!;
    const rows = conditionPaths(tree);
    expect(rows).toEqual([
      ['$and', 0],
      ['$and', 1, '$or', 0],
      ['$and', 1, '$or', 1],
    ]);
    const relative = problems.map((p) => ({ ...p, path: p.path.slice(1) }));
    expect(rows.map((row) => rowProblems(relative, row).map((p) => p.message))).toEqual([
      ['unknown field "colour" on api::order.order'],
      [],
      ['$contains needs a text field'],
    ]);
  });
});

describe("an Aggregate's problems, at their box and in plain words (builder/aggregateSettings.ts, aggregateWords.ts)", () => {
  const settings = settingsOf(
    JSON.stringify({
      dimensions: [{ variable: 'month', field: 'orderedAt' }],
      measures: [
        { variable: 'orders', op: 'count' },
        { variable: 'revenue', op: 'sum', field: 'status' },
      ],
    })
  );
  test.each([
    [
      ['measures', 1],
      ['measures', 1, 'field'],
    ],
    [
      ['measures', 0],
      ['measures', 0, 'variable'],
    ],
    [
      ['dimensions', 0, 'format'],
      ['dimensions', 0, 'format'],
    ],
    [['limit'], ['limit']],
    [['dimensions', 3, 'field'], null],
    [['dimensions'], null],
  ])('a problem at %j is shown at %j', (path, box) => {
    expect(boxOf(path, settings)).toEqual(box);
  });

  test.each([
    ['"sum" needs a number field (this one is enumeration)', '“Sum” works on number fields only'],
    [
      '"max" needs a number, date or time field (this one is string)',
      '“Highest” works on number, date and time fields only',
    ],
    [
      '"customer" is a to-many relation: follow to-one relations only',
      '“customer” holds several records: an aggregate follows to-one relations only',
    ],
    ['the variable "month" is used twice', 'Two rows are named “month”: give each its own variable'],
    ['unknown field "colour" on api::order.order', 'There is no field “colour” on Order'],
  ])('%s', (message, words) => {
    expect(aggregateWords(t, message, (m) => plainWords(ctx, m))).toBe(words);
  });
});
