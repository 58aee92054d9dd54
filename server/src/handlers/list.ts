import { LIMITS } from '../../../contracts/definition';
import { DefinitionError, compileFilter, type Predicate, type RenderContext } from '../query/filter';
import { buildPageLinks, linkHeader } from '../query/links';
import { ROOT, buildListSql } from '../query/list-sql';
import type { ModelField } from '../query/model';
import { parseListQuery, type QueryFilterSpec } from '../query/params';
import { REQUEST_VARIABLES, requestVariables } from '../query/variables';
import { codecFor } from '../query/codecs';
import type { HandlerFactory } from './types';
import { quoter } from '../query/dialect';

const QUERY_OPS = [
  ['', '$eq'],
  [':gt', '$gt'],
  [':lt', '$lt'],
] as const;

/** List (spec 4.2): one COUNT and one page query per request, both prepared once per SQL shape. */
export const listHandler: HandlerFactory = (definition, model, deps) => {
  const { dialect, executor } = deps;
  const q = quoter(dialect);
  const field = (name: string, where: string): ModelField => {
    const found = model.fields.get(name);
    if (!found) throw new DefinitionError(`${where}: unknown field "${name}" on ${model.uid}`);
    if (found.kind === 'unsupported') throw new DefinitionError(`${where}: ${found.reason}`);
    return found;
  };
  const fields = definition.fields.map((f, i) => field(f.name, `fields[${i}]`));
  const sort = definition.sort.map((s, i) => {
    const sortField = field(s.field, `sort[${i}]`);
    if (sortField.kind !== 'scalar' || !codecFor(sortField, dialect).comparable) {
      throw new DefinitionError(`sort[${i}]: "${s.field}" cannot be sorted on`);
    }
    return { field: sortField, dir: s.dir };
  });
  const sql = buildListSql(model, fields, sort.length ? sort : [{ field: field('id', 'sort'), dir: 'asc' }], dialect);

  const options = { dialect, modelOf: deps.modelOf, variables: REQUEST_VARIABLES };
  const endpointFilter = compileFilter(definition.filter, model, ROOT, options);
  const publication = model.draftAndPublish
    ? `${ROOT}.${q('published_at')} IS ${definition.status === 'draft' ? '' : 'NOT '}NULL`
    : null;

  // Each exposed field can narrow the result from the query string (spec 4.2 rule 6), never widen it.
  const filterable = new Map<string, QueryFilterSpec & { predicate: Predicate }>();
  for (const f of fields) {
    const codec = codecFor(f, dialect);
    if (!codec.comparable) continue;
    for (const [suffix, op] of QUERY_OPS) {
      if (suffix && !codec.ordered) continue;
      const key = `${f.name}${suffix}`;
      const predicate = compileFilter({ [f.name]: { [op]: { $var: key } } }, model, ROOT, {
        ...options,
        variables: [key],
      });
      filterable.set(key, { key, codec, predicate });
    }
  }

  const firstSort = sort[0]?.field.name ?? 'id';
  const idIndex = definition.fields.findIndex((f) => f.name === 'id');
  const keysetKey = idIndex >= 0 && firstSort === 'id' ? ((sort[0]?.dir ?? 'asc') === 'asc' ? 'id:gt' : 'id:lt') : null;

  return async (ctx, request) => {
    const query = parseListQuery(ctx.querystring, filterable);
    const render: RenderContext = { vars: requestVariables(request.param, request.user), bindings: [], unknown: false };
    const conditions = publication ? [publication] : [];
    conditions.push(endpointFilter(render));
    for (const [key, value] of query.filters) {
      render.vars[key] = value;
      conditions.push(filterable.get(key)!.predicate(render));
    }
    const where = ` WHERE ${conditions.join(' AND ')}`;
    const offset = (query.page - 1) * LIMITS.pageSize;
    // One round trip: the total rides along as an uncorrelated subquery, which databases evaluate once.
    const rows = await executor.arrays(
      `SELECT (${sql.count}${where}) AS total_count, ${sql.columnList} ${sql.from}${where} ${sql.orderBy} LIMIT ${LIMITS.pageSize} OFFSET ?`,
      [...render.bindings, ...render.bindings, offset]
    );
    // A page past the end has no row to carry the total: ask for it alone.
    const total = Number(rows.length ? rows[0][0] : (await executor.all(sql.count + where, render.bindings))[0].n);
    const { columns } = sql;
    const items = rows.map((row) => {
      const item: Record<string, unknown> = {};
      // Column i of the page is row[i + 1]: row[0] is the total.
      for (let i = 0; i < columns.length; i += 1) item[columns[i].name] = columns[i].codec.fromDb(row[i + 1]);
      return item;
    });
    const last = items[items.length - 1];
    const links = buildPageLinks({
      base: `${deps.publicUrl ?? ctx.origin}${ctx.path}`,
      entries: query.entries,
      page: query.page,
      pageSize: LIMITS.pageSize,
      total,
      keyset: keysetKey && last ? { key: keysetKey, lastId: last.id as number } : null,
    });
    const header = linkHeader(links);
    if (header) ctx.set('Link', header);
    ctx.status = 200;
    ctx.body = { page: query.page, total, items, _links: links };
  };
};
