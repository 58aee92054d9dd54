import type { WordRule } from './problemWords';

/** The name of each rule's words in en.json (`problem.<name>`). */
type DefinitionWords =
  | 'nameEmpty'
  | 'objectEmpty'
  | 'valueEmpty'
  | 'tooLong'
  | 'numberMin'
  | 'numberAbove'
  | 'numberMax'
  | 'wholeNumber'
  | 'tooMany'
  | 'tooFew'
  | 'wrongKind'
  | 'oneOf'
  | 'mustBe'
  | 'unknownKeys'
  | 'invalid'
  | 'fieldsEmpty'
  | 'fieldTwice'
  | 'requiredOnCreate'
  | 'requiredOwn'
  | 'fieldsDeep'
  | 'relatedOnList'
  | 'deleteNoFields'
  | 'parameterRequired'
  | 'parameterUnused'
  | 'sortOnList'
  | 'tasksOnWrite'
  | 'presetsOnWrite'
  | 'publishOnWrite'
  | 'statusOnCreate'
  | 'statusQuery'
  | 'localeAll'
  | 'badIp'
  | 'publicReads'
  | 'publicRateLimit'
  | 'singleType'
  | 'notJson'
  | 'objectUnknown'
  | 'cacheOnReads'
  | 'cacheNow'
  | 'cacheShared'
  | 'cacheStale';

/** What zod calls the kinds of value, as an owner says them. */
const KINDS: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  undefined: 'nothing',
  null: 'null',
};

const kind = (name: string) => KINDS[name] ?? name;

/**
 * The messages of a definition's checks (contracts/definition.ts, its cache and rate limit, the builder's own in
 * draft.ts) and zod's own, which the admin API sends as they are (`Too small: expected string to have >=1
 * characters`): said at the field they concern, the field's own rules first.
 */
export const DEFINITION_RULES: Array<WordRule<DefinitionWords>> = [
  { at: 'name', pattern: /^Too small: expected string to have >=1 characters$/, words: 'nameEmpty' },
  { at: 'object', pattern: /^Too small: expected string to have >=1 characters$/, words: 'objectEmpty' },
  { pattern: /^Too small: expected string to have >=1 characters$/, words: 'valueEmpty' },
  {
    pattern: /^Too big: expected string to have <=(\d+) characters$/,
    words: 'tooLong',
    values: (m) => ({ max: m[1] }),
  },
  { pattern: /^Too small: expected number to be >=(\S+)$/, words: 'numberMin', values: (m) => ({ min: m[1] }) },
  { pattern: /^Too small: expected number to be >(\S+)$/, words: 'numberAbove', values: (m) => ({ min: m[1] }) },
  { pattern: /^Too big: expected number to be <=?(\S+)$/, words: 'numberMax', values: (m) => ({ max: m[1] }) },
  { pattern: /^Invalid input: expected int, received number$/, words: 'wholeNumber' },
  { pattern: /^Too big: expected array to have <=(\d+) items$/, words: 'tooMany', values: (m) => ({ max: m[1] }) },
  { pattern: /^Too small: expected array to have >=(\d+) items$/, words: 'tooFew', values: (m) => ({ min: m[1] }) },
  {
    pattern: /^Invalid input: expected (\w+), received (\w+)$/,
    words: 'wrongKind',
    values: (m) => ({ expected: kind(m[1]), received: kind(m[2]) }),
  },
  {
    pattern: /^(?:Invalid option: expected one of|Invalid discriminator value\. Expected) (.*)$/,
    words: 'oneOf',
    values: (m) => ({ options: m[1].split('|').join(', ') }),
  },
  { pattern: /^Invalid input: expected "(.*)"$/, words: 'mustBe', values: (m) => ({ value: m[1] }) },
  { pattern: /^Unrecognized keys?: (.*)$/, words: 'unknownKeys', values: (m) => ({ keys: m[1] }) },
  { pattern: /^Invalid input$/, words: 'invalid' },
  { pattern: /^a list endpoint returns at least one field$/, words: 'fieldsEmpty' },
  { pattern: /^field "(.*)" is listed twice$/, words: 'fieldTwice', values: (m) => ({ field: m[1] }) },
  { pattern: /^only create endpoints mark required fields$/, words: 'requiredOnCreate' },
  { pattern: /^only the endpoint's own fields are marked required$/, words: 'requiredOwn' },
  { pattern: /^fields nest at most (\d+) levels deep$/, words: 'fieldsDeep', values: (m) => ({ max: m[1] }) },
  { pattern: /^only list endpoints answer related records/, words: 'relatedOnList' },
  { pattern: /^a delete endpoint takes no fields$/, words: 'deleteNoFields' },
  { pattern: /^a \w+ endpoint always takes the numeric parameter/, words: 'parameterRequired' },
  { pattern: /^a required number that nothing uses would be ignored/, words: 'parameterUnused' },
  { pattern: /^only list endpoints are sorted$/, words: 'sortOnList' },
  { pattern: /^only create, modify and delete endpoints run tasks$/, words: 'tasksOnWrite' },
  { pattern: /^only create and modify endpoints take presets$/, words: 'presetsOnWrite' },
  { pattern: /^only create, modify and delete endpoints write, and so publish$/, words: 'publishOnWrite' },
  { pattern: /^a create endpoint has no records to read/, words: 'statusOnCreate' },
  { pattern: /^only list and aggregate endpoints take their status from the request/, words: 'statusQuery' },
  { pattern: /^only list and aggregate endpoints read every locale/, words: 'localeAll' },
  { pattern: /^"(.*)" is not an IP address or CIDR subnet$/, words: 'badIp', values: (m) => ({ ip: m[1] }) },
  { pattern: /^a public endpoint only reads/, words: 'publicReads' },
  { pattern: /^a public endpoint needs a rate limit/, words: 'publicRateLimit' },
  { pattern: /^a single type has one entry/, words: 'singleType' },
  { pattern: /^not valid JSON: (.*)$/, words: 'notJson', values: (m) => ({ reason: m[1] }) },
  {
    pattern: /^(\S+) is not a content type endpoints may use$/,
    words: 'objectUnknown',
    values: (m, ctx) => ({ object: ctx.objectName(m[1]) }),
  },
  { pattern: /^only list and aggregate endpoints keep answers in the cache$/, words: 'cacheOnReads' },
  { pattern: /^a filter on "now" changes at every moment/, words: 'cacheNow' },
  {
    pattern: /^only a public endpoint without allowed IPs may have its answers kept by shared caches/,
    words: 'cacheShared',
  },
  { pattern: /^staleWhileRevalidateSeconds goes with sharedMaxAgeSeconds$/, words: 'cacheStale' },
];
