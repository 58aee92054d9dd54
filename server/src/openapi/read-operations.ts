import { aggregateMeta, measuresOf, orderedDimensions } from '../aggregate/meta';
import { createFieldResolver } from '../aggregate/fields';
import { STATUS_PARAM } from '../../../contracts/definition';
import { LIMITS } from '../../../contracts/limits';
import { requireField } from '../query/fields';
import { CURSOR_PARAM, keysetOf } from '../query/keyset';
import { LOCALE_PARAM } from '../query/locale';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { jsonContent, ref, type DescribeContext, type OperationParts } from './context';
import { CURSOR_TEXT, pagingText, PUBLIC_FILE_URL_TEXT, TOTAL_TEXT, VALUE_LIST_TEXT } from './descriptions';
import { takesLocaleParameter } from './locale-parameter';
import { takesStatusParameter } from './status-parameter';
import { comparedValueSchema, orNull, type JsonSchema } from './field-schemas';
import { selectedFilterKeys } from '../related/filter-keys';
import { selectFields } from '../related/selection';
import { selectedReadSchema } from './related-schemas';
import { LIST_SUFFIX } from '../query/params';
import type { QueryOp } from '../query/read-filters';

const OP_TEXT = { $eq: 'equal to', $gt: 'greater than', $lt: 'less than' } as const;

const queryParameter = (name: string, schema: JsonSchema, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

/** A query filter on `path` (a field, or a path through a relation or a component); `:in` takes an array. */
const filterParameter = (key: string, path: string, op: QueryOp, value: JsonSchema) =>
  op === '$in'
    ? {
        ...queryParameter(
          key,
          { type: 'array', minItems: 1, maxItems: LIMITS.queryFilterValues, items: value },
          `Only records whose ${path} is one of these values: ${VALUE_LIST_TEXT}`
        ),
        style: 'form',
        explode: false,
      }
    : queryParameter(key, value, `Only records whose ${path} is ${OP_TEXT[op]} this value`);

// Relative (`/_api/...`) unless the site sets server.url.
const LINK = { type: 'object', required: ['href'], properties: { href: { type: 'string', format: 'uri-reference' } } };

/** List (docs/list.md#calling-a-list-endpoint): `page`, one filter per comparable field (`:gt`/`:lt` on ordered ones), a page of items. */
export const listOperation = (endpoint: CompiledEndpoint, name: string, ctx: DescribeContext): OperationParts => {
  const { definition, model } = endpoint;
  const selected = selectFields(model, definition.fields, ['fields'], ctx.modelOf);
  // The file URLs of the items: signed, or the provider's public ones (described in schemas of their own).
  const urls = definition.mediaUrls === 'public' ? { ...ctx, fileUrl: PUBLIC_FILE_URL_TEXT, publicUrls: true } : ctx;
  ctx.schemas[`${name}Item`] = {
    type: 'object',
    required: selected.map((s) => s.field.name),
    additionalProperties: false,
    properties: Object.fromEntries(
      selected.map((s) => [s.field.name, selectedReadSchema(s, definition.media ?? 'url', urls)])
    ),
  };
  ctx.schemas[`${name}Page`] = {
    type: 'object',
    required: ['page', 'total', 'items', '_links'],
    properties: {
      page: { type: 'integer', minimum: 1, description: 'The number of this page, from 1' },
      total: { type: 'integer', minimum: 0, description: TOTAL_TEXT },
      items: { type: 'array', maxItems: LIMITS.pageSize, items: ref(`${name}Item`) },
      _links: {
        type: 'object',
        additionalProperties: false,
        properties: { next: LINK, prev: LINK },
        description: 'The next and previous pages, when they exist (the same URLs as the Link header)',
      },
    },
  };
  const keyset = keysetOf(definition);
  // Where `?locale=` names the locale (documented with every operation), it is not a filter of the locale field;
  // where `?status=` names the version read, it is no filter either, nor `?after=` where it is the cursor.
  const localeParam = takesLocaleParameter(endpoint);
  const statusParam = takesStatusParameter(endpoint);
  const keys = selectedFilterKeys(selected, ctx.dialect).filter(
    ({ key, path }) =>
      !(localeParam && path === LOCALE_PARAM) &&
      !(statusParam && key === STATUS_PARAM) &&
      !(keyset && key === CURSOR_PARAM)
  );
  const filters = keys.map(({ key, path, field, op }) => filterParameter(key, path, op, comparedValueSchema(field)));
  const cursor = keyset
    ? [queryParameter(CURSOR_PARAM, comparedValueSchema(requireField(model, 'id', ['fields'])), CURSOR_TEXT)]
    : [];
  return {
    parameters: [
      queryParameter('page', { type: 'integer', minimum: 1, maximum: 999_999_999, default: 1 }, 'The page, from 1'),
      ...cursor,
      ...filters,
    ],
    status: '200',
    success: {
      description: 'A page of records',
      headers: {
        Link: {
          description: 'The `next` and `prev` pages (RFC 8288), when they exist',
          schema: { type: 'string' },
        },
      },
      content: jsonContent(ref(`${name}Page`)),
    },
    notes: [pagingText(keyset !== null)],
  };
};

const FORMAT_PATTERNS: Record<string, string> = {
  year: '^\\d{4}$',
  quarter: '^\\d{4}-Q[1-4]$',
  month: '^\\d{4}-\\d{2}$',
  week: '^\\d{4}-W\\d{2}$',
  day: '^\\d{4}-\\d{2}-\\d{2}$',
  hour: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}$',
};

/** Aggregate (docs/aggregate.md): its own query filters, and groups with typed dimensions and measures. */
export const aggregateOperation = (endpoint: CompiledEndpoint, name: string, ctx: DescribeContext): OperationParts => {
  const settings = endpoint.definition.aggregate!;
  const resolver = createFieldResolver(endpoint.model, ctx.dialect, ctx.modelOf);
  const dimensions = orderedDimensions(settings.dimensions).map((d) => {
    const schema: JsonSchema = d.format
      ? { type: 'string', pattern: FORMAT_PATTERNS[d.format], description: `${d.field} by ${d.format}` }
      : { ...comparedValueSchema(resolver.resolve(d.field, ['dimension']).field), description: d.field };
    return [d.variable, orNull(schema)] as const;
  });
  const measureSchema = (m: ReturnType<typeof measuresOf>[number]): JsonSchema => {
    if (m.op === 'count' || m.op === 'count_distinct') return { type: 'integer', minimum: 0 };
    if (m.op === 'text') return { type: 'string', description: 'the distinct values, joined by ", "' };
    if (m.op === 'sum' || m.op === 'avg') return { type: ['number', 'null'] };
    const field = resolver.resolve(m.field!, ['measure']).field;
    const decimal = field.kind === 'scalar' && field.type === 'decimal';
    return orNull(decimal ? { type: 'number' } : comparedValueSchema(field));
  };
  const measures = measuresOf(settings).map((m) => [m.variable, measureSchema(m)] as const);
  const group = (entries: ReadonlyArray<readonly [string, unknown]>) => ({
    type: 'object',
    required: entries.map(([n]) => n),
    additionalProperties: false,
    properties: Object.fromEntries(entries),
  });
  ctx.schemas[`${name}Result`] = {
    type: 'object',
    required: ['items', 'total', 'meta'],
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          required: ['dimensions', 'measures'],
          properties: { dimensions: group(dimensions), measures: group(measures) },
        },
      },
      total: { type: 'integer', minimum: 0, description: 'How many groups' },
      meta: { const: aggregateMeta(settings), description: 'The dimensions and measures of this endpoint' },
    },
  };
  const parameters = settings.queryFilters.flatMap((f) => {
    const value = comparedValueSchema(resolver.resolve(f.field, ['queryFilters']).field);
    const one = filterParameter(f.param, f.field, `$${f.op}`, value);
    return f.op === 'eq' ? [one, filterParameter(`${f.param}${LIST_SUFFIX}`, f.field, '$in', value)] : [one];
  });
  return {
    parameters,
    status: '200',
    success: { description: 'One entry per group, flat', content: jsonContent(ref(`${name}Result`)) },
    notes: ['One entry per combination of the dimensions, computed by the database; clients reshape it for charts.'],
  };
};
