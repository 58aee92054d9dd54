import type { EndpointDefinition } from '../../../contracts/definition';
import { isPlainObject, isVar } from '../../../contracts/json';
import type { Dialect } from '../query/dialect';
import type { Model, ScalarField } from '../query/model';

/**
 * The columns of the root table an index must start with to serve an endpoint's reads, as groups: the columns
 * of one group may come in any order, the groups in theirs. The first group holds the columns compared by
 * equality; then come the sort columns one by one (List), or the group-by columns as one group (Aggregate).
 */
export type ColumnGroups = string[][];

/** Types whose column an index cannot hold as it is: JSON (no B-tree order), and long text on MariaDB/MySQL. */
const unindexable = (field: ScalarField, dialect: Dialect) =>
  field.type === 'json' ||
  field.type === 'blocks' ||
  (dialect === 'mysql' && (field.type === 'text' || field.type === 'richtext'));

/** A root-table column an index may hold; null for relations, components, `id` and what cannot be indexed. */
const columnOf = (model: Model, name: string, dialect: Dialect): string | null => {
  const field = model.fields.get(name);
  if (field?.kind !== 'scalar' || name === 'id' || unindexable(field, dialect)) return null;
  return field.column;
};

/** Whether a field's condition compares it by equality: a bare value, a variable, or `$eq` among its operators. */
const isEquality = (condition: unknown) =>
  (!isPlainObject(condition) && !Array.isArray(condition)) ||
  isVar(condition) ||
  (isPlainObject(condition) && '$eq' in condition);

/** The root-table columns a filter compares by equality, at its top level and inside `$and` (never `$or`). */
export const equalityColumns = (filter: unknown, model: Model, dialect: Dialect): string[] => {
  if (!isPlainObject(filter)) return [];
  return Object.entries(filter).flatMap(([key, value]) => {
    if (key === '$and') {
      return Array.isArray(value) ? value.flatMap((part) => equalityColumns(part, model, dialect)) : [];
    }
    if (key.startsWith('$') || !isEquality(value)) return [];
    const column = columnOf(model, key, dialect);
    return column ? [column] : [];
  });
};

/** The columns a List reads in order: its sort, up to the first field an index cannot hold. */
const sortColumns = (definition: EndpointDefinition, model: Model, dialect: Dialect): string[] => {
  const columns: string[] = [];
  for (const { field } of definition.sort) {
    const column = columnOf(model, field, dialect);
    if (!column) break;
    columns.push(column);
  }
  return columns;
};

/** The columns an Aggregate groups by: its dimensions on fields of the type, not through a relation nor formatted. */
const groupColumns = (definition: EndpointDefinition, model: Model, dialect: Dialect): string[] =>
  (definition.aggregate?.dimensions ?? []).flatMap((d) => {
    // A formatted date groups by an expression of the column, which an index on the column does not order.
    const column = d.format || d.field.includes('.') ? null : columnOf(model, d.field, dialect);
    return column ? [column] : [];
  });

/**
 * The column groups an index should start with for a List or Aggregate endpoint (null for other types, and when
 * the definition itself filters, sorts and groups by nothing an index can hold). Besides the definition's
 * equality columns, a translated endpoint reads one locale (`locale`, unless it reads all) and a Draft & Publish
 * type one status (`published_at`).
 */
export const neededColumns = (definition: EndpointDefinition, model: Model, dialect: Dialect): ColumnGroups | null => {
  if (definition.type !== 'list' && definition.type !== 'aggregate') return null;
  const filtered = equalityColumns(definition.filter, model, dialect);
  const ordered =
    definition.type === 'list' ? sortColumns(definition, model, dialect) : groupColumns(definition, model, dialect);
  if (!filtered.length && !ordered.length) return null;
  const equality = new Set(filtered);
  const locale = model.fields.get('locale');
  if (model.localized && definition.locale !== 'all' && locale?.kind === 'scalar') equality.add(locale.column);
  const publishedAt = model.fields.get('publishedAt');
  if (model.draftAndPublish && publishedAt?.kind === 'scalar') equality.add(publishedAt.column);
  // A column fixed by equality orders nothing: it is left out of what follows.
  const rest = [...new Set(ordered)].filter((c) => !equality.has(c));
  const groups = definition.type === 'list' ? rest.map((c) => [c]) : [rest];
  return [[...equality], ...groups].filter((group) => group.length > 0);
};

/**
 * Whether an index on `indexColumns` (in order; null for an expression) serves `needed`: its leading columns
 * are the first group's in any order, then the next group's, and so on.
 */
export const covers = (indexColumns: ReadonlyArray<string | null>, needed: ColumnGroups): boolean => {
  let at = 0;
  for (const group of needed) {
    const leading = indexColumns.slice(at, at + group.length);
    if (leading.length < group.length || !group.every((c) => leading.includes(c))) return false;
    at += group.length;
  }
  return true;
};
