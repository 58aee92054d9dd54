import { isPlainObject, isVar } from '../../../../contracts/json';
import { DefinitionError, type Path } from '../../errors/definition-error';
import { literal } from '../list-sql';
import type { ComponentField, ComponentModel } from '../model';
import { keepUnknown, type Predicate } from '../predicate';

/** What the filter compiler lends the component conditions. */
export interface ComponentFilterScope {
  quote: (name: string) => string;
  /** A number for the next table alias, unique within the filter. */
  nextAlias: () => number;
  /** The conditions of `node` on the fields of `component`, its row being `row`, inside a component subquery. */
  objectCondition: (
    component: ComponentModel,
    row: string,
    node: Record<string, unknown>,
    path: Path,
    joins: string[]
  ) => Predicate;
}

/** Filter conditions on the fields of single components (`{ seo: { metaTitle: ... } }`), nested ones included. */
export const createComponentFilters = ({ quote: q, nextAlias, objectCondition }: ComponentFilterScope) => {
  /**
   * A single component's row (and, through `joins`, those of single components inside it) joined to its owner's
   * row `from`, as a LEFT JOIN: an owner without the component compares as if its sub-fields were null.
   */
  const componentCondition = (
    field: ComponentField,
    from: string,
    value: unknown,
    path: Path,
    joins: string[]
  ): Predicate => {
    if (field.repeatable) {
      throw new DefinitionError(
        path,
        `"${field.name}" is a repeatable component; filters compare the fields of single components only`
      );
    }
    if (!isPlainObject(value) || isVar(value)) {
      throw new DefinitionError(
        path,
        `compare the fields of the component, as { "${field.name}": { "<field>": ... } }`
      );
    }
    const alias = nextAlias();
    const link = `k${alias}`;
    const row = `c${alias}`;
    const { table, entityColumn, componentColumn, fieldColumn, typeColumn } = field.link;
    joins.push(
      `LEFT JOIN ${q(table)} ${link} ON ${link}.${q(entityColumn)} = ${from}.${q('id')}` +
        ` AND ${link}.${q(fieldColumn)} = ${literal(field.name)} AND ${link}.${q(typeColumn)} = ${literal(field.component.uid)}`,
      `LEFT JOIN ${q(field.component.table)} ${row} ON ${row}.${q('id')} = ${link}.${q(componentColumn)}`
    );
    return objectCondition(field.component, row, value, path, joins);
  };

  /**
   * Conditions on a single component of the rows `parent` of `ownerTable`: `parent.id IN (owners whose component
   * matches)`, an uncorrelated subquery as for relations.
   */
  const ownComponentCondition = (
    ownerTable: string,
    field: ComponentField,
    parent: string,
    value: unknown,
    path: Path
  ): Predicate => {
    const owner = `o${nextAlias()}`;
    const joins: string[] = [];
    const condition = componentCondition(field, owner, value, path, joins);
    const sub = `SELECT ${owner}.${q('id')} FROM ${q(ownerTable)} ${owner} ${joins.join(' ')}`;
    return keepUnknown(condition, (sql) => `${parent}.${q('id')} IN (${sub} WHERE ${sql})`);
  };

  return { componentCondition, ownComponentCondition };
};
