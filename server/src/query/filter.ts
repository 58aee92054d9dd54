import { isPlainObject } from '../../../contracts/json';
import { codecFor } from './codecs';
import type { Dialect } from './dialect';
import { quoter } from './dialect';
import { DefinitionError, type Path } from '../errors/definition-error';
import { requireField } from './fields';
import { createColumnConditions, LEAF_OPS } from './column-conditions';
import { createComponentFilters } from './components/filter';
import type { ComponentModel, Model } from './model';
import { FALSE, joinAll, negate, TRUE, type Predicate } from './predicate';
import { versionsOf } from './record-id';
import { createRelationFilters } from './relation-filter';
import type { Status } from './status';
import type { Variables } from './variables';

/**
 * Compiles a filter in Strapi's syntax (docs/endpoints.md#properties, `filter`) into SQL once per definition
 * change. Rendering per request only walks closures and collects bindings.
 *
 * Fail closed: a leaf whose variable has no value (or a value of the wrong type) renders as SQL `NULL`,
 * "unknown" in SQL's three-valued logic, so it matches nothing, and `$not` of it matches nothing either.
 * Across a relation's subquery the unknown would be lost, so such a test becomes `(id IN (...) OR NULL)`.
 */
export interface CompileOptions {
  dialect: Dialect;
  /** Models of related types, for filters that nest into relations. */
  modelOf: (uid: string) => Model | null;
  variables: readonly string[];
  /** Says why a known variable is not available here (see variableProblem). */
  explainVariable?: (name: string) => string | null;
  /** Where the filter sits in the definition, the path of its problems (e.g. `['filter']`). */
  path?: Path;
  /**
   * Variables whose `null` is a value (a record's empty field), compared by `$eq`/`$ne` as SQL `IS [NOT] NULL`.
   * For all others `null` means "no value" and fails closed.
   */
  nullable?: (name: string) => boolean;
  /**
   * The status a read reads: a condition on a relation into a Draft & Publish type sees the related rows of
   * that status, as the answer's ids do. Without one (writes, tasks), each row's own version (see linkedStatus).
   */
  status?: Status;
  /**
   * The record id of the filtered row, where the statement has it at hand (a List joins the draft of a Draft &
   * Publish row: see listedRecordId); else conditions on `id` find the rows by their drafts (record-id.ts).
   */
  recordId?: string;
}

const isModel = (owner: Model | ComponentModel): owner is Model => 'draftAndPublish' in owner;

export const compileFilter = (filter: unknown, model: Model, alias: string, options: CompileOptions): Predicate => {
  let aliasCount = 0;
  const nextAlias = () => (aliasCount += 1);
  const q = quoter(options.dialect);
  const columnCondition = createColumnConditions(options);

  /** `joins`: inside a component's subquery (see componentCondition), where single components join in. */
  const objectCondition = (
    current: Model | ComponentModel,
    currentAlias: string,
    node: Record<string, unknown>,
    path: Path,
    joins?: string[]
  ): Predicate =>
    joinAll(
      Object.entries(node).map(([key, value]) => {
        const here = [...path, key];
        if (key === '$and' || key === '$or') {
          if (!Array.isArray(value)) throw new DefinitionError(here, 'takes an array of conditions');
          const parts = value.map((item, i) => {
            if (!isPlainObject(item)) throw new DefinitionError([...here, i], 'must be an object');
            return objectCondition(current, currentAlias, item, [...here, i], joins);
          });
          return joinAll(parts, key === '$and' ? ' AND ' : ' OR ', key === '$and' ? TRUE : FALSE);
        }
        if (key === '$not') {
          if (!isPlainObject(value)) throw new DefinitionError(here, 'must be an object');
          return negate(objectCondition(current, currentAlias, value, here, joins));
        }
        if (LEAF_OPS.has(key)) throw new DefinitionError(here, 'operator needs a field before it');
        const own = current.fields.get(key);
        if (own?.kind === 'component') {
          return joins
            ? components.componentCondition(own, currentAlias, value, here, joins)
            : components.ownComponentCondition(current.table, own, currentAlias, value, here);
        }
        if (own?.kind === 'dynamiczone')
          throw new DefinitionError(here, `"${key}" is a dynamic zone; filters cannot compare it`);
        const field = requireField(current, key, here);
        if (field.kind === 'relation') {
          if (!isModel(current)) throw new DefinitionError(here, 'filters cannot follow a relation inside a component');
          return relations.relationCondition(current, field, currentAlias, value, here);
        }
        const codec = codecFor(field, options.dialect);
        if (field.name === 'id' && currentAlias === alias && options.recordId)
          return columnCondition(options.recordId, codec, value, here);
        const onId =
          field.name === 'id' && isModel(current)
            ? relations.recordIdCondition(versionsOf(current), currentAlias, codec, value, here)
            : null;
        return onId ?? columnCondition(`${currentAlias}.${q(field.column)}`, codec, value, here);
      }),
      ' AND ',
      TRUE
    );

  const relations = createRelationFilters({
    ...options,
    quote: q,
    nextAlias,
    columnCondition,
    objectCondition: (target, row, node, path) => objectCondition(target, row, node, path),
  });
  const components = createComponentFilters({
    quote: q,
    nextAlias,
    objectCondition: (component, row, node, path, joins) => objectCondition(component, row, node, path, joins),
  });

  if (filter === undefined || filter === null) return TRUE;
  if (!isPlainObject(filter)) throw new DefinitionError(options.path ?? ['filter'], 'must be an object');
  return objectCondition(model, alias, filter, options.path ?? []);
};

/** The SQL of a compiled filter for one request's variables; its bindings are added to `bindings`. */
export const renderPredicate = (predicate: Predicate, vars: Variables, bindings: unknown[]): string =>
  predicate({ vars, bindings }).sql;
