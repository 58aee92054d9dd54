import { LIMITS } from '../../../contracts/limits';
import type { Codec } from './codecs';
import { codecFor } from './codecs';
import { quoter, type Dialect } from './dialect';
import { holdsComponents } from './model';
import type { ColumnField, ComponentsField, MediaField, Model, RelationField, ScalarField } from './model';
import { draftJoin, recordIdOf, scalarOf, targetVersionsOf, versionsOf } from './record-id';
import { linkedStatus, relatedStatusCondition, statusCondition, type Status } from './status';

/** A List endpoint's SQL, built once per definition change; only the WHERE clause varies per request. */
export interface ListSql {
  /**
   * The page and one row more (which tells whether a next page exists without counting): column i is
   * `columns[i]`. Binds the WHERE bindings, then the offset. Past the first page (`skipping`), the rows to skip
   * are found by id alone and only the page's rows are read in full: a deep `?page=` costs what the database's
   * own OFFSET over ids costs, not a relation subquery per skipped row.
   */
  page: (where: string, skipping: boolean) => string;
  /**
   * The count of the matches. Without a condition it has no WHERE at all: SQLite then counts the pages of the
   * smallest index instead of reading every row.
   */
  count: (where: string) => string;
  /** Always part of the WHERE clause: published (or draft) rows only on Draft & Publish types. */
  publication: string | null;
  columns: Array<{ name: string; codec: Codec }>;
}

export const ROOT = 't0';

/** The draft row of a List's row on Draft & Publish types (see record-id.ts), joined for its id. */
export const ROOT_DRAFT = 'dr';

export interface ListedRecordId {
  join: string | null;
  id: string;
}

/**
 * The record id of a List's rows, and the JOIN it needs: the joined draft's id on a Draft & Publish type read
 * published, else the row's own id.
 */
export const listedRecordId = (model: Model, status: Status, dialect: Dialect): ListedRecordId => {
  const join = draftJoin(versionsOf(model), ROOT, ROOT_DRAFT, dialect, status);
  const q = quoter(dialect);
  return { join, id: join ? `${ROOT_DRAFT}.${q('id')}` : `${ROOT}.${q('id')}` };
};

/** The condition of an empty filter: a WHERE clause that is only this filters nothing. */
export const NO_CONDITION = '1=1';

/** On Draft & Publish types, the condition that keeps published rows (or drafts); null on other types. */
export const publicationCondition = (model: Model, status: Status, dialect: Dialect): string | null =>
  model.draftAndPublish ? statusCondition(ROOT, status, dialect) : null;

/**
 * Ids of a to-many relation as "3,1,2", in link order, from one aggregate per row. (MySQL's GROUP_CONCAT is
 * cut at `group_concat_max_len`, which the executor raises per connection.)
 */
export const idList = (dialect: Dialect, link: string, id: string, order: string, where: string) => {
  if (dialect === 'postgres')
    return `(SELECT string_agg(CAST(${id} AS TEXT), ',' ORDER BY ${order}) FROM ${link} WHERE ${where})`;
  if (dialect === 'mysql')
    return `(SELECT GROUP_CONCAT(${id} ORDER BY ${order} SEPARATOR ',') FROM ${link} WHERE ${where})`;
  // SQLite before 3.44 has no ORDER BY inside aggregates; it concatenates in the order of an ordered subquery.
  return `(SELECT group_concat(x, ',') FROM (SELECT ${id} AS x FROM ${link} WHERE ${where} ORDER BY ${order}))`;
};

/**
 * The link rows `lk` of the row `t0` through a relation, those to related rows of `status` (`lt`, joined when it
 * is read or a status condition needs it): the FROM and WHERE of a subquery.
 */
const linkRows = (field: RelationField, dialect: Dialect, status: Status | null, readTarget: boolean) => {
  const q = quoter(dialect);
  const { table, targetTable, ownerColumn, targetColumn } = field.link;
  const related = relatedStatusCondition(field, 'lt', status, dialect);
  const from =
    related || readTarget
      ? `${q(table)} lk JOIN ${q(targetTable)} lt ON lt.${q('id')} = lk.${q(targetColumn)}`
      : `${q(table)} lk`;
  const where = `lk.${q(ownerColumn)} = ${ROOT}.${q('id')}${related ? ` AND ${related}` : ''}`;
  return { from, where };
};

/** The related records' ids of a relation (see record-id.ts), those of `status` on a Draft & Publish type. */
export const relationColumn = (field: RelationField, dialect: Dialect, status: Status | null) => {
  const q = quoter(dialect);
  const { targetColumn, orderColumn } = field.link;
  const target = targetVersionsOf(field);
  const rowId = `lk.${q(targetColumn)}`;
  const id = target ? recordIdOf(target, 'lt', dialect, status) : rowId;
  const { from: link, where } = linkRows(field, dialect, status, id !== rowId);
  if (!field.many) return `(SELECT MIN(${id}) FROM ${link} WHERE ${where})`;
  const order = orderColumn ? `lk.${q(orderColumn)}, ${rowId}` : rowId;
  return idList(dialect, link, id, order, where);
};

/** A schema name written into SQL as a literal: Strapi's uids and attribute names never need quoting. */
export const literal = (name: string) => {
  if (!/^[\w:.-]+$/.test(name)) throw new Error(`unexpected characters in "${name}"`);
  return `'${name}'`;
};

/**
 * The file id (single field) or ids in order ("3,1,2") of a media field of `model`'s row `t0` (a content type's
 * or a component's), from the upload plugin's links.
 */
export const mediaColumn = (model: Pick<Model, 'uid'>, field: MediaField, dialect: Dialect) => {
  const q = quoter(dialect);
  const { table, fileColumn, idColumn, typeColumn, fieldColumn, orderColumn } = field.link;
  const where = `m.${q(idColumn)} = ${ROOT}.${q('id')} AND m.${q(typeColumn)} = ${literal(model.uid)} AND m.${q(fieldColumn)} = ${literal(field.name)}`;
  const order = `m.${q(orderColumn)}, m.${q('id')}`;
  if (!field.multiple) {
    // MySQL/MariaDB would walk the whole `order` index for this ORDER BY ... LIMIT 1 instead of looking the row's
    // few links up by id (30 ms instead of 2 for a page of 100): ordering by an expression keeps them to the id.
    const first = dialect === 'mysql' ? `m.${q(orderColumn)} + 0, m.${q('id')}` : order;
    return `(SELECT m.${q(fileColumn)} FROM ${q(table)} m WHERE ${where} ORDER BY ${first} LIMIT 1)`;
  }
  return idList(dialect, `${q(table)} m`, `m.${q(fileColumn)}`, order, where);
};

/**
 * The select-list expression of a field a List or a task reads; relations lead to the related rows of `status`,
 * or without one (a written record) to those of the row's own version (see linkedStatus).
 */
export const columnOf = (model: Model, field: ColumnField, dialect: Dialect, status?: Status) => {
  if (field.kind === 'relation') return relationColumn(field, dialect, linkedStatus(model, status));
  if (field.kind === 'media') return mediaColumn(model, field, dialect);
  return scalarOf(versionsOf(model), field, ROOT, dialect, status);
};

/** A List's select list: its expressions and, at the same place, the answer's name and codec of each. */
export interface SelectList {
  expressions: string[];
  columns: Array<{ name: string; codec: Codec }>;
}

/** A row read with `columns` (from the row's column `from` on) as the answer's object. */
export const decodeRow = (row: unknown[], columns: SelectList['columns'], from = 0) => {
  const item: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) item[columns[i].name] = columns[i].codec.fromDb(row[i + from]);
  return item;
};

/**
 * The expression and codec of a field a List answers. A component field or dynamic zone holds the row's id until
 * its components are loaded (query/components).
 */
export const listedColumn = (model: Model, field: ColumnField | ComponentsField, dialect: Dialect, status: Status) =>
  holdsComponents(field)
    ? { expression: `${ROOT}.${quoter(dialect)('id')}`, codec: codecFor(model.fields.get('id')!, dialect) }
    : { expression: columnOf(model, field, dialect, status), codec: codecFor(field, dialect) };

/** The value of `field` of the record a to-one relation `via` leads to, of `status`: what a List sorts by. */
const relatedValue = (via: RelationField, field: ScalarField, dialect: Dialect, status: Status) => {
  const { from, where } = linkRows(via, dialect, status, true);
  return `(SELECT MIN(${scalarOf(targetVersionsOf(via), field, 'lt', dialect, status)}) FROM ${from} WHERE ${where})`;
};

/** A List's sort: a field of its type, or one of the record a to-one relation leads to (`via`). */
export interface ListSort {
  field: ScalarField;
  dir: 'asc' | 'desc';
  via?: RelationField;
}

export const buildListSql = (
  model: Model,
  select: SelectList,
  sort: ListSort[],
  status: Status,
  dialect: Dialect,
  /** The List's record id (listedRecordId), which its select list, filters and this sort share. */
  recordId: ListedRecordId
): ListSql => {
  const q = quoter(dialect);
  const expressions = select.expressions.map((expression, i) => `${expression} AS c${i}`);
  const from = `FROM ${q(model.table)} ${ROOT}${recordId.join ? ` ${recordId.join}` : ''}`;
  const order: string[] = [];
  const byId = ({ field, via }: ListSort) => !via && field.name === 'id';
  for (const entry of sort) {
    const { field, dir, via } = entry;
    const column = via
      ? relatedValue(via, field, dialect, status)
      : field.name === 'id'
        ? recordId.id
        : `${ROOT}.${q(field.column)}`;
    // NULLs sort last ascending and first descending on every database, as PostgreSQL does by default.
    if (!byId(entry))
      order.push(`CASE WHEN ${column} IS NULL THEN ${dir === 'asc' ? 1 : 0} ELSE ${dir === 'asc' ? 0 : 1} END`);
    order.push(`${column} ${dir.toUpperCase()}`);
    if (byId(entry)) break;
  }
  if (!sort.some(byId)) order.push(`${recordId.id} ASC`);
  return {
    page: (where, skipping) => {
      const ordered = `ORDER BY ${order.join(', ')}`;
      const limit = `LIMIT ${LIMITS.pageSize + 1} OFFSET ?`;
      if (!skipping) return `SELECT ${expressions.join(', ')} ${from} WHERE ${where} ${ordered} ${limit}`;
      const ids = `SELECT ${ROOT}.${q('id')} ${from} WHERE ${where} ${ordered} ${limit}`;
      return `SELECT ${expressions.join(', ')} ${from} JOIN (${ids}) pg ON pg.${q('id')} = ${ROOT}.${q('id')} ${ordered}`;
    },
    count: (where) => `SELECT COUNT(*) AS n ${from}${where === NO_CONDITION ? '' : ` WHERE ${where}`}`,
    publication: publicationCondition(model, status, dialect),
    columns: select.columns,
  };
};
