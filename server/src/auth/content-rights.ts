import type { EndpointDefinition, FieldSpec } from '../../../contracts/definition';
import { isPlainObject, isVar } from '../../../contracts/json';
import type { Path } from '../errors/definition-error';
import type { ComponentLeaves } from './component-leaves';

/** The Content Manager actions (`plugin::content-manager.explorer.<action>`) an endpoint can stand for. */
export type ContentAction = 'read' | 'create' | 'update' | 'delete' | 'publish';

/**
 * One Content Manager right a definition uses: `action` on the field `field` of `uid` (a path such as
 * `seo.metaTitle` inside components), or on its records as a whole when `field` is null. `where` is the part of
 * the definition that uses it, for the admin API's messages.
 */
export interface ContentRight {
  action: ContentAction;
  uid: string;
  field: string | null;
  where: Path;
}

/** The type the relation `field` of `uid` (a content type or a component) leads to, or null when it is no relation. */
export type RelationTarget = (uid: string, field: string) => string | null;

/** The component types the component field or dynamic zone `field` of `uid` holds (none for other fields). */
export type ComponentsIn = (uid: string, field: string) => string[];

const WRITE_ACTION = { create: 'create', modify: 'update', delete: 'delete' } as const;
const TASK_VARIABLE = /^(?:record|previous)\.([^.]+)/;

/**
 * What a definition lets its callers do, as the Content Manager rights an admin would need to do the same
 * (docs/security.md, "What each admin right grants"): read for every field it returns, filters on, sorts on or groups by,
 * following relations; create / update / delete / publish for what it writes, tasks included.
 */
export const rightsOf = (
  definition: EndpointDefinition,
  targetOf: RelationTarget,
  leavesOf: ComponentLeaves = () => null,
  componentsIn: ComponentsIn = () => []
): ContentRight[] => {
  const rights: ContentRight[] = [];
  const add = (action: ContentAction, uid: string, field: string | null, where: Path) =>
    rights.push({ action, uid, field, where });
  /** A field's right: on each of its leaves for a component (as the Content Manager grants it), else its own. */
  const addField = (action: ContentAction, uid: string, path: string, where: Path) => {
    for (const field of leavesOf(uid, path) ?? [path]) add(action, uid, field, where);
  };

  /** `customer.tier`: read on each relation it follows and on the field it ends at; a related `id` is the relation's. */
  const readPath = (uid: string, path: string, where: Path) => {
    if (leavesOf(uid, path)) return addField('read', uid, path, where);
    const dot = path.indexOf('.');
    const target = dot > 0 ? targetOf(uid, path.slice(0, dot)) : null;
    if (!target) return add('read', uid, path, where);
    add('read', uid, path.slice(0, dot), where);
    const rest = path.slice(dot + 1);
    if (rest !== 'id') readPath(target, rest, where);
  };

  /**
   * The fields a filter in Strapi's syntax compares, nested relations and the fields of components (`prefix`:
   * `seo.`) included, as `query/filter.ts` reads it.
   */
  const readFilter = (uid: string, node: unknown, where: Path, related = false, prefix = ''): void => {
    if (!isPlainObject(node) || isVar(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$and' || key === '$or') {
        if (Array.isArray(value)) value.forEach((item) => readFilter(uid, item, where, related, prefix));
      } else if (key === '$not') {
        readFilter(uid, value, where, related, prefix);
      } else if (!key.startsWith('$') && !(related && key === 'id')) {
        const path = `${prefix}${key}`;
        if (leavesOf(uid, path)) {
          readFilter(uid, value, where, false, `${path}.`);
          continue;
        }
        add('read', uid, path, where);
        const target = prefix ? null : targetOf(uid, key);
        if (target) readFilter(target, value, where, true);
      }
    }
  };

  /**
   * What a List's related field answers (`fields`): read on the related type and each field it answers, through
   * relations, translations and the relations inside components (whose own fields the component's leaves cover).
   */
  const readRelated = (uid: string, spec: FieldSpec, where: Path): void => {
    if (!spec.fields) return;
    const target = spec.name === 'localizations' ? uid : targetOf(uid, spec.name);
    if (!target) {
      for (const component of componentsIn(uid, spec.name))
        for (const inner of spec.fields) readRelated(component, inner, where);
      return;
    }
    add('read', target, null, where);
    for (const inner of spec.fields) {
      if (inner.name !== 'localizations') readPath(target, inner.name, where);
      readRelated(target, inner, where);
    }
  };

  /** A task's condition: `match` tests the written record, `exists` / `notExists` read another type. */
  const readCondition = (condition: unknown, where: Path): void => {
    if (!isPlainObject(condition)) return;
    if ('match' in condition) readFilter(definition.object, condition.match, where);
    for (const test of [condition.exists, condition.notExists]) {
      if (isPlainObject(test) && typeof test.object === 'string') {
        add('read', test.object, null, where);
        readFilter(test.object, test.filter, where);
      }
    }
    for (const nested of [condition.all, condition.any]) {
      if (Array.isArray(nested)) nested.forEach((c) => readCondition(c, where));
    }
    readCondition(condition.not, where);
  };

  /** `record.<field>` and `previous.<field>` copy the endpoint's record elsewhere: reading it. */
  const readVariables = (value: unknown, where: Path): void => {
    if (isVar(value)) {
      const field = TASK_VARIABLE.exec(String(value.$var))?.[1];
      if (field) readPath(definition.object, field, where);
    } else if (Array.isArray(value)) {
      value.forEach((v) => readVariables(v, where));
    } else if (isPlainObject(value)) {
      Object.values(value).forEach((v) => readVariables(v, where));
    }
  };

  const { object, type } = definition;
  const write = type === 'list' || type === 'aggregate' ? null : WRITE_ACTION[type];
  add(write ?? 'read', object, null, ['object']);
  for (const field of definition.fields) {
    if (write) addField(write, object, field.name, ['fields']);
    else {
      // The other translations are records of the type itself: its read right (on every locale) covers them.
      if (field.name !== 'localizations') readPath(object, field.name, ['fields']);
      readRelated(object, field, ['fields']);
    }
  }
  if (write) for (const name of Object.keys(definition.presets)) addField(write, object, name, ['presets']);
  readFilter(object, definition.filter, ['filter']);
  for (const { field } of definition.sort) readPath(object, field, ['sort']);
  const aggregate = definition.aggregate;
  if (aggregate) {
    for (const { field } of aggregate.dimensions) readPath(object, field, ['aggregate', 'dimensions']);
    for (const { field } of aggregate.measures) if (field) readPath(object, field, ['aggregate', 'measures']);
    for (const { field } of aggregate.queryFilters) readPath(object, field, ['aggregate', 'queryFilters']);
  }
  if (definition.publish) add('publish', object, null, ['publish']);

  definition.tasks.forEach((task, i) => {
    const where = ['tasks', i];
    readVariables(task, where);
    if (task.action === 'raise-error') return readCondition(task.when, where);
    const action = { 'create-record': 'create', 'update-records': 'update', 'delete-records': 'delete' } as const;
    add(action[task.action], task.object, null, where);
    if ('values' in task)
      for (const name of Object.keys(task.values)) addField(action[task.action], task.object, name, where);
    if ('filter' in task) readFilter(task.object, task.filter, where);
  });
  return rights;
};
