import { LIMITS } from '../../../contracts/limits';
import { DefinitionError, type Path } from '../errors/definition-error';
import { codecFor } from '../query/codecs';
import { requireField } from '../query/fields';
import { compileKeysetCursor, CURSOR_PARAM } from '../query/keyset';
import { buildPageLinks, linkBase, linkHeader } from '../query/links';
import { buildListSql, decodeRow, listedRecordId, type ListSort } from '../query/list-sql';
import type { Model } from '../query/model';
import { parseListQuery } from '../query/params';
import { compileQueryFilter, renderReadWhere, type QueryFilter } from '../query/read-filters';
import { compileEndpointFilter } from '../query/endpoint-filter';
import { andWhere, compileLocaleRead } from '../query/locale-read';
import { createRecordReader } from '../related/records';
import { selectedFilterKeys } from '../related/filter-keys';
import { selectFields } from '../related/selection';
import { checkRelatedPerPage } from '../related/answer-bound';
import { relatedBudget } from '../related/budget';
import { compileStatusParam } from '../query/status-param';
import type { HandledDefinition, Handler, ReadDeps } from './types';

/** A sort on a field of the type, or of the record a to-one relation leads to (`category.name`). */
const sortOf = (
  model: Model,
  { field: path, dir }: { field: string; dir: 'asc' | 'desc' },
  where: Path,
  deps: Pick<ReadDeps, 'dialect' | 'modelOf'>
): ListSort => {
  const dot = path.indexOf('.');
  const via = dot > 0 ? requireField(model, path.slice(0, dot), where) : undefined;
  if (via && (via.kind !== 'relation' || via.many)) {
    throw new DefinitionError(where, `"${path}": only the fields of a to-one relation's record can be sorted on`);
  }
  const owner = via ? deps.modelOf(via.target) : model;
  if (!owner) throw new DefinitionError(where, `"${path}" leads to a type whose records endpoints cannot answer`);
  const field = requireField(owner, via ? path.slice(dot + 1) : path, where);
  if (field.kind !== 'scalar' || !codecFor(field, deps.dialect).comparable) {
    throw new DefinitionError(where, `"${path}" cannot be sorted on`);
  }
  return { field, dir, via };
};

const without = (filters: Map<string, unknown>, key: string) => new Map([...filters].filter(([k]) => k !== key));

/**
 * List (docs/list.md#calling-a-list-endpoint): one statement per page (prepared statements are kept per SQL text and connection), and the
 * total from the totals cache, which counts only when something it counts was written (server/src/totals).
 */
export const listHandler = (
  definition: HandledDefinition,
  model: Model,
  deps: ReadDeps,
  endpointId: number
): Handler => {
  const { dialect, executor } = deps;
  const selected = selectFields(model, definition.fields, ['fields'], deps.modelOf);
  checkRelatedPerPage(model, selected, deps.locales, deps.maxRelatedPerAnswer);
  const sort = definition.sort.map((s, i) => sortOf(model, s, ['sort', i], deps));
  const idSort = [sortOf(model, { field: 'id', dir: 'asc' }, ['sort'], deps)];
  // The record id the List's statement joins (see query/record-id.ts): answered, sorted and filtered on.
  const listed = listedRecordId(model, definition.status, dialect);
  const recordId = listed.id;
  const reader = createRecordReader(
    model,
    selected,
    deps,
    {
      status: definition.status,
      endpointId,
      base: linkBase(deps.publicUrl, ''),
      media: definition.media,
      mediaUrls: definition.mediaUrls,
    },
    recordId
  );
  const sql = buildListSql(model, reader.select, sort.length ? sort : idSort, definition.status, dialect, listed);
  const endpointFilter = compileEndpointFilter(definition, model, deps, definition.status, recordId);

  const locale = compileLocaleRead(definition, model, deps);
  // Each exposed field can narrow the result from the query string, never widen it (the endpoint filter holds).
  const filterable = new Map<string, QueryFilter>();
  for (const { key, path, op, codec } of selectedFilterKeys(selected, dialect)) {
    // `?locale=` selects the locale of a `locale: "query"` endpoint: it is no query filter there.
    if (locale?.param && path === 'locale') continue;
    filterable.set(key, compileQueryFilter(key, path, op, codec, model, definition.status, deps, ['query'], recordId));
  }
  // Where the List pages by keyset, `?after=` is its links' cursor (a field named `after` gives way).
  const cursor = compileKeysetCursor(definition, model, definition.status, deps, recordId);
  if (cursor) filterable.set(CURSOR_PARAM, cursor);
  const statusParam = compileStatusParam(definition.statusFromQuery);
  const accepted = statusParam.accepting(locale ? locale.accepting(filterable) : filterable);

  const countOf = async (countSql: string, bindings: unknown[]) =>
    Number((await executor.all(countSql, bindings))[0].n);

  return async (ctx, request) => {
    const query = parseListQuery(ctx.querystring, accepted);
    statusParam.take(query.filters);
    const inLocale = locale?.conditionOf(query.filters) ?? null;
    const readWhere = (filters: Map<string, unknown>) =>
      andWhere(inLocale, renderReadWhere(request, sql.publication, endpointFilter, filters, filterable));
    const page = readWhere(query.filters);
    // A page reached by a keyset link counts the listing it walks (every filter, the cursor not): one total,
    // counted once, serves every page of the walk, however deep.
    const counted = query.filters.has(CURSOR_PARAM) ? readWhere(without(query.filters, CURSOR_PARAM)) : page;
    const countSql = sql.count(counted.where);
    const offset = (query.page - 1) * LIMITS.pageSize;
    const [rows, total] = await Promise.all([
      executor.arrays(sql.page(page.where, offset > 0), [...page.bindings, offset]),
      deps.totals.total(countSql, counted.bindings, () => countOf(countSql, counted.bindings)),
    ]);
    const more = rows.length > LIMITS.pageSize;
    if (more) rows.pop();
    const items = rows.map((row) => decodeRow(row, sql.columns));
    const last = items[items.length - 1];
    if (reader.finish) await reader.finish(items, request.fileSubject, relatedBudget(deps.maxRelatedPerAnswer));
    const links = buildPageLinks({
      base: linkBase(deps.publicUrl, ctx.path),
      entries: query.entries,
      page: query.page,
      more,
      keyset: cursor && last ? { lastId: last.id as number } : null,
    });
    const header = linkHeader(links);
    if (header) ctx.set('Link', header);
    ctx.status = 200;
    ctx.body = { page: query.page, total, items, _links: links };
  };
};
