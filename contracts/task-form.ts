import { treeOf } from './filter-tree';
import { isPlainObject } from './json';

/**
 * Tasks (DESIGN.md section 5) as the builder's form edits them: the JSON itself, once checked to hold nothing
 * the form cannot show (an unknown key, a filter the AND/OR groups cannot hold...). Such tasks stay JSON.
 */
export const TASK_ACTIONS = ['raise-error', 'create-record', 'update-records', 'delete-records'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export const CONDITION_KINDS = ['match', 'exists', 'notExists', 'all', 'any', 'not'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export type Filter = Record<string, unknown>;
export type Values = Record<string, unknown>;

export type Condition =
  | { match: Filter }
  | { exists: { object: string; filter?: Filter } }
  | { notExists: { object: string; filter?: Filter } }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export type TaskForm =
  | { action: 'raise-error'; when?: Condition; message: string }
  | { action: 'create-record'; object: string; values: Values }
  | { action: 'update-records'; object: string; filter: Filter; values: Values }
  | { action: 'delete-records'; object: string; filter: Filter };

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

/** A new condition of `kind`: `all`/`any`/`not` start with one condition. */
export const newCondition = (kind: ConditionKind, object: string, hasRecord: boolean): Condition => {
  const leaf = () => newLeaf(object, hasRecord);
  switch (kind) {
    case 'match':
      return { match: {} };
    case 'exists':
      return { exists: { object } };
    case 'notExists':
      return { notExists: { object } };
    case 'all':
      return { all: [leaf()] };
    case 'any':
      return { any: [leaf()] };
    case 'not':
      return { not: leaf() };
  }
};

/** A new task of `action` on `object` (the endpoint's type, to start with). */
export const newTask = (action: TaskAction, object: string): TaskForm => {
  switch (action) {
    case 'raise-error':
      return { action, message: '' };
    case 'create-record':
      return { action, object, values: {} };
    case 'update-records':
      return { action, object, filter: {}, values: {} };
    case 'delete-records':
      return { action, object, filter: {} };
  }
};
