import { LIMITS } from '../../../contracts/limits';
import { tooManyGroups } from '../../../contracts/messages';
import { createFieldResolver } from '../aggregate/fields';
import { formatDate } from '../aggregate/formats';
import { aggregateMeta, measuresOf, orderedDimensions } from '../aggregate/meta';
import { compileMeasure } from '../aggregate/measures';
import { buildStatement } from '../aggregate/statement';
import { DefinitionError } from '../errors/definition-error';
import { ApiError } from '../errors/api-error';
import { publicationCondition } from '../query/list-sql';
import type { Model } from '../query/model';
import { LIST_SUFFIX, parseListQuery } from '../query/params';
import { compileQueryFilter, renderReadWhere, type QueryFilter, type QueryOp } from '../query/read-filters';
import { compileEndpointFilter } from '../query/endpoint-filter';
import { andWhere, compileLocaleRead } from '../query/locale-read';
import { compileStatusParam } from '../query/status-param';
import type { HandledDefinition, Handler, ReadDeps } from './types';

const OPS = { eq: '$eq', gt: '$gt', lt: '$lt' } as const;
const DATE_TYPES = new Set(['date', 'datetime', 'timestamp']);

/**
 * Aggregate (docs/aggregate.md): one `GROUP BY` statement per request, computed in the database
 * (never by loading rows), under the base filter and the query filters, on Draft & Publish types the entries of
 * the endpoint's status (published unless it says draft); a flat list of groups with their dimensions and
 * measures.
 */
export const aggregateHandler = (definition: HandledDefinition, model: Model, deps: ReadDeps): Handler => {
  const settings = definition.aggregate!;
  const { dialect } = deps;
  const resolver = createFieldResolver(model, dialect, deps.modelOf, definition.status);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const dimensions = settings.dimensions.map((d, i) => {
    const where = ['aggregate', 'dimensions', i];
    const target = resolver.resolve(d.field, [...where, 'field']);
    if (!target.codec.comparable) throw new DefinitionError([...where, 'field'], `"${d.field}" cannot be grouped by`);
    if (!d.format) return { ...d, expression: target.expression, decode: (raw: unknown) => target.codec.fromDb(raw) };
    const type = target.field.kind === 'scalar' ? target.field.type : 'relation';
    if (!DATE_TYPES.has(type) || (type === 'date' && d.format === 'hour')) {
      throw new DefinitionError([...where, 'format'], `"${d.format}" does not apply to a ${type} field`);
    }
    const kind = type === 'date' ? 'date' : 'datetime';
    const expression = formatDate(target.expression, d.format, { dialect, kind, timeZone });
    return { ...d, expression, decode: (raw: unknown) => (raw === null || raw === undefined ? null : String(raw)) };
  });
  const measures = measuresOf(settings).map((m, i) => {
    const where = ['aggregate', 'measures', i];
    const target = m.field ? resolver.resolve(m.field, [...where, 'field']) : null;
    return { ...m, ...compileMeasure(m.op, target, dialect, where) };
  });
  const names = [...dimensions, ...measures].map((x) => x.variable);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new DefinitionError(['aggregate'], `the variable "${twice}" is used twice`);

  let top = null;
  if (settings.sortMeasure || settings.limit) {
    const ranked = measures.find((m) => m.variable === settings.sortMeasure?.variable);
    if (!settings.sortMeasure || !ranked)
      throw new DefinitionError(['aggregate', 'sortMeasure'], 'name one of the measures');
    if (!settings.limit)
      throw new DefinitionError(['aggregate', 'limit'], 'a sort measure keeps the top values: set the limit');
    if (!dimensions.some((d) => d.axis === 'row'))
      throw new DefinitionError(['aggregate', 'limit'], 'needs a row dimension');
    top = { expression: ranked.expression, dir: settings.sortMeasure.dir, limit: settings.limit };
  }
  // The primary row dimension comes first in the statement: the top-N ranks its values.
  const ordered = orderedDimensions(dimensions);
  const cap = settings.maxItems ?? LIMITS.defaultMaxItems;
  const statement = buildStatement(
    {
      table: model.table,
      joins: resolver.joins(definition.status),
      dimensions: ordered.map((d) => ({ expression: d.expression, dir: d.dir })),
      measures: measures.map((m) => m.expression),
      top,
      cap,
    },
    dialect
  );

  const baseFilter = compileEndpointFilter(definition, model, deps, definition.status);
  const publication = publicationCondition(model, definition.status, dialect);
  const locale = compileLocaleRead(definition, model, deps);
  const filterable = new Map<string, QueryFilter>();
  settings.queryFilters.forEach((f, i) => {
    if (f.param === locale?.param) {
      throw new DefinitionError(
        ['aggregate', 'queryFilters', i, 'param'],
        `"${f.param}" selects the locale (locale: "query")`
      );
    }
    const target = resolver.resolve(f.field, ['aggregate', 'queryFilters', i, 'field']);
    if (!target.codec.comparable || (f.op !== 'eq' && !target.codec.ordered)) {
      throw new DefinitionError(['aggregate', 'queryFilters', i], `"${f.field}" cannot be filtered with ${f.op}`);
    }
    if (filterable.has(f.param))
      throw new DefinitionError(['aggregate', 'queryFilters', i, 'param'], `"${f.param}" is used twice`);
    const path = ['aggregate', 'queryFilters', i];
    const compile = (key: string, op: QueryOp) =>
      compileQueryFilter(key, f.field, op, target.codec, model, definition.status, deps, path);
    filterable.set(f.param, compile(f.param, OPS[f.op]));
    // An equality also takes several values, as a List's does (`?tier:in=free,pro`).
    if (f.op === 'eq') filterable.set(`${f.param}${LIST_SUFFIX}`, compile(`${f.param}${LIST_SUFFIX}`, '$in'));
  });
  const meta = aggregateMeta(settings);
  const statusParam = compileStatusParam(definition.statusFromQuery);
  const accepted = statusParam.accepting(locale ? locale.accepting(filterable) : filterable);

  return async (ctx, request) => {
    const query = parseListQuery(ctx.querystring, accepted, { paging: false });
    statusParam.take(query.filters);
    const inLocale = locale?.conditionOf(query.filters) ?? null;
    const read = andWhere(inLocale, renderReadWhere(request, publication, baseFilter, query.filters, filterable));
    const bindings = top ? [...read.bindings, ...read.bindings] : read.bindings;
    const rows = await deps.executor.arrays(statement(read.where), bindings);
    if (rows.length > cap) throw new ApiError(400, tooManyGroups(cap));
    const items = rows.map((row) => {
      const dims: Record<string, unknown> = {};
      ordered.forEach((d, i) => {
        dims[d.variable] = d.decode(row[i]);
      });
      const values: Record<string, unknown> = {};
      measures.forEach((m, i) => {
        values[m.variable] = m.decode(row[ordered.length + i]);
      });
      return { dimensions: dims, measures: values };
    });
    ctx.status = 200;
    ctx.body = { items, total: items.length, meta };
  };
};
