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
import { definitionSchema, pathProblem } from '../../contracts/definition';
import { FILTER_OPERATORS, treeOf, type FilterOperator } from '../../contracts/filter-tree';
import { problemsOfIssues } from '../../contracts/problems';

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

describe("a definition's problems in plain words at their field (builder/definitionWords.ts)", () => {
  const valid = { name: 'Orders', path: 'orders', type: 'list', object: 'api::order.order', fields: [{ name: 'id' }] };
  const auth = { method: 'api-key', keys: [] };
  /** The admin API's problems with `changes` to a valid List, each as the builder says it at its field. */
  const worded = (changes: Record<string, unknown>) => {
    const parsed = definitionSchema.safeParse({ ...valid, auth, ...changes });
    return problemsOfIssues(parsed.error!).map((p) => [p.path.join('.'), plainWords(ctx, p.message, p.path[0])]);
  };

  test("zod's messages and the definition's own rules are said in words", () => {
    expect(worded({ name: '', object: '', fields: [] })).toEqual([
      ['name', 'Give the endpoint a name'],
      ['object', 'Choose the content type the endpoint serves'],
      ['fields', 'Choose at least one field'],
    ]);
    expect(
      worded({
        name: 'x'.repeat(121),
        parameter: 'sometimes',
        rateLimit: { requests: 0, windowSeconds: 1.5 },
        cache: { maxAgeSeconds: 100_000 },
        enabled: 'yes',
        colour: 'red',
      })
    ).toEqual([
      ['name', 'Use at most 120 characters'],
      ['parameter', 'Choose one of "none", "optional", "required"'],
      ['rateLimit.requests', 'Enter 1 or more'],
      ['rateLimit.windowSeconds', 'Enter a whole number'],
      ['cache.maxAgeSeconds', 'Enter 86400 or less'],
      ['enabled', 'This takes yes or no, not a text'],
      ['', '"colour": there is no such setting here'],
    ]);
    expect(
      worded({
        type: 'create',
        parameter: 'required',
        fields: [{ name: 'id' }, { name: 'id' }],
        sort: [{ field: 'id' }],
      })
    ).toEqual([
      [
        'parameter',
        'Nothing uses the number: use the variable param in the filter (or in a preset or a task), or choose None',
      ],
      ['fields.1', 'The field “id” is chosen twice'],
      ['sort', 'Only a List is sorted'],
    ]);
    expect(worded({ auth: { method: 'public' }, type: 'modify', parameter: 'optional', allowedIps: ['nope'] })).toEqual(
      [
        ['parameter', "This type of endpoint always takes the record's number: choose Required"],
        ['allowedIps.0', '“nope” is not an IP address or a subnet (such as 10.0.0.0/8)'],
        ['auth.method', 'A public endpoint only reads: make it a List or an Aggregate, or use an API key'],
        ['rateLimit', 'A public endpoint needs a rate limit: anyone may call it, so each address gets this budget'],
      ]
    );
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
