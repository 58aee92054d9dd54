import type { z } from 'zod';
import { treeOf } from './filter-tree';
import { isPlainObject, type jsonObject } from './json';
import { taskSchema, type Condition, type TaskDefinition } from './tasks';

/**
 * Tasks (docs/writes.md#tasks) as the builder's form edits them: the JSON itself, once checked to hold nothing
 * the form cannot show (an unknown key, a filter the AND/OR groups cannot hold...). Such tasks stay JSON.
 */
export const TASK_ACTIONS = taskSchema.options.map((task) => task.shape.action.value);
export type TaskAction = TaskDefinition['action'];

export const CONDITION_KINDS = ['match', 'exists', 'notExists', 'all', 'any', 'not'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export type Filter = z.output<typeof jsonObject>;
export type Values = z.output<typeof jsonObject>;
export type { Condition };

/** A task of the form: the contract's shape (`taskSchema`), which the checks below narrow JSON to. */
export type TaskForm = TaskDefinition;

const hasOnly = (value: Record<string, unknown>, keys: string[]) => Object.keys(value).every((k) => keys.includes(k));
const isFilter = (value: unknown) => treeOf(value) !== null;
const isObjectName = (value: unknown) => typeof value === 'string';

export const kindOf = (condition: Condition) => Object.keys(condition)[0] as ConditionKind;

const isCondition = (value: unknown): value is Condition => {
  if (!isPlainObject(value) || Object.keys(value).length !== 1) return false;
  const [kind, body] = Object.entries(value)[0];
  switch (kind) {
    case 'match':
      return isFilter(body);
    case 'exists':
    case 'notExists':
      return (
        isPlainObject(body) &&
        hasOnly(body, ['object', 'filter']) &&
        isObjectName(body.object) &&
        (body.filter === undefined || isFilter(body.filter))
      );
    case 'all':
    case 'any':
      return Array.isArray(body) && body.length > 0 && body.every(isCondition);
    case 'not':
      return isCondition(body);
    default:
      return false;
  }
};

const isTask = (value: unknown): value is TaskForm => {
  if (!isPlainObject(value)) return false;
  const { action } = value;
  const object = isObjectName(value.object);
  switch (action) {
    case 'raise-error':
      return (
        hasOnly(value, ['action', 'when', 'message']) &&
        typeof value.message === 'string' &&
        (value.when === undefined || isCondition(value.when))
      );
    case 'create-record':
      return hasOnly(value, ['action', 'object', 'values']) && object && isPlainObject(value.values);
    case 'update-records':
      return (
        hasOnly(value, ['action', 'object', 'filter', 'values']) &&
        object &&
        isFilter(value.filter) &&
        isPlainObject(value.values)
      );
    case 'delete-records':
      return hasOnly(value, ['action', 'object', 'filter']) && object && isFilter(value.filter);
    default:
      return false;
  }
};

/** The tasks the form can show, or null when `value` holds anything else (then it is edited as JSON). */
export const tasksOf = (value: unknown): TaskForm[] | null =>
  Array.isArray(value) && value.every(isTask) ? value : null;

/** A first condition: the written record matches, or on a Delete (no record) rows of `object` exist. */
export const newLeaf = (object: string, hasRecord: boolean): Condition =>
  hasRecord ? { match: {} } : { exists: { object } };

/**
 * The condition as `kind`, keeping what carries over: the conditions of a group (all <-> any, or the one under
 * `not`), the type and filter between `exists` and `notExists`; `not` wraps the current condition.
 */
export const switchCondition = (current: Condition, kind: ConditionKind, object: string): Condition => {
  if (kind === kindOf(current)) return current;
  switch (kind) {
    case 'match':
      return { match: {} };
    case 'exists':
      return { exists: 'notExists' in current ? current.notExists : { object } };
    case 'notExists':
      return { notExists: 'exists' in current ? current.exists : { object } };
    case 'all':
    case 'any': {
      const parts =
        'all' in current ? current.all : 'any' in current ? current.any : 'not' in current ? [current.not] : [current];
      return kind === 'all' ? { all: parts } : { any: parts };
    }
    case 'not':
      return { not: current };
  }
};

/**
 * The task as `action`, keeping its type, filter and values where the new action has them; a new task (no
 * `current`) is on `object`. A new update or delete has no condition yet: see `changesEverything`.
 */
export const switchTask = (current: TaskForm | null, action: TaskAction, object: string): TaskForm => {
  const type = current && 'object' in current ? current.object : object;
  const filter = current && 'filter' in current ? current.filter : {};
  const values = current && 'values' in current ? current.values : {};
  switch (action) {
    case 'raise-error':
      return current?.action === 'raise-error' ? current : { action, message: '' };
    case 'create-record':
      return { action, object: type, values };
    case 'update-records':
      return { action, object: type, filter, values };
    case 'delete-records':
      return { action, object: type, filter };
  }
};

/** Whether an update or delete task has no condition, and so changes every record of its type. */
export const changesEverything = (task: TaskForm) => 'filter' in task && Object.keys(task.filter).length === 0;
