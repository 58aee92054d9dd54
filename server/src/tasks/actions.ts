import type { TaskDefinition } from '../../../contracts/tasks';
import { DefinitionError, type Path } from '../errors/definition-error';
import { ApiError } from '../errors/api-error';
import { quoter } from '../query/dialect';
import type { RenderContext } from '../query/predicate';
import { ROOT } from '../query/list-sql';
import type { Model } from '../query/model';
import type { Variables } from '../query/variables';
import { FieldError } from '../errors/field-error';
import { applyFixedValues, compileFixedValues, requireCreatable, requiredByType } from '../writes/input';
import type { Target } from '../writes/object-writer';
import type { Values } from '../query/tx-db';
import type { TxDb } from '../query/tx-db';
import { compileCondition, compileTaskFilter, taskObject, type ConditionScope } from './conditions';

export type Task = (db: TxDb, vars: Variables) => Promise<void>;

export interface ActionScope extends ConditionScope {
  /** Whether writes of Draft & Publish types are published (the endpoint's `publish`). */
  publish: boolean;
  /** Types a task creates records of (shared locks). */
  shared: Set<string>;
}

/** Raised by task values a field refuses; the handler answers `Invalid data for field: <f> (task <i>)`. */
export class TaskFieldError extends Error {
  /** The record of an array payload whose tasks were running, set by the Create handler. */
  item?: number;

  constructor(
    public readonly field: string,
    public readonly task: number
  ) {
    super(`task ${task}: invalid data for field ${field}`);
  }
}

/**
 * The task's rows: those of `model` matching `filter`, one per document on Draft & Publish types (per document
 * and locale on translated types: a task writes the locales its filter selects, each on its own).
 */
const selector = (model: Model, filter: unknown, scope: ActionScope, path: Path) => {
  const q = quoter(scope.deps.dialect);
  const predicate = compileTaskFilter(scope, model, filter, path);
  const locale = model.localized ? `, ${ROOT}.${q('locale')} AS l` : '';
  return async (db: TxDb, vars: Variables): Promise<Target[]> => {
    const ctx: RenderContext = { vars, bindings: [] };
    const where = predicate(ctx).sql;
    const rows = await db.all(
      `SELECT ${ROOT}.${q('id')} AS id, ${ROOT}.${q('document_id')} AS d${locale} FROM ${q(model.table)} ${ROOT} WHERE ${where} ORDER BY ${ROOT}.${q('id')}`,
      ctx.bindings
    );
    const seen = new Set<string>();
    const targets: Target[] = [];
    for (const row of rows) {
      const target: Target = { id: Number(row.id), documentId: String(row.d) };
      if (model.localized) target.locale = String(row.l);
      const version = `${target.documentId}:${target.locale ?? ''}`;
      if (model.draftAndPublish && seen.has(version)) continue;
      seen.add(version);
      targets.push(target);
    }
    return targets;
  };
};

/** One task (docs/writes.md#tasks), run with the record's variables inside the write's transaction. */
export const compileTask = (task: TaskDefinition, index: number, scope: ActionScope): Task => {
  const path = ['tasks', index];
  if (task.action === 'raise-error') {
    const when = task.when === undefined ? null : compileCondition(task.when, scope, [...path, 'when']);
    return async (db, vars) => {
      if (!when || (await when(db, vars))) throw new ApiError(400, task.message);
    };
  }
  const model = taskObject(scope, task.object, [...path, 'object']);
  if (model.single && task.action !== 'update-records') {
    throw new DefinitionError([...path, 'object'], `${model.uid} is a single type: its one entry is only updated`);
  }
  const writer = scope.deps.writerOf(model);
  // Creating records conflicts with nothing but unique values; updating or deleting selected rows conflicts
  // with every other write of the type: those run alone (and never deadlock on the same rows).
  (task.action === 'create-record' ? scope.shared : scope.exclusive).add(model.uid);
  const fixed =
    task.action === 'delete-records'
      ? []
      : compileFixedValues(
          task.values,
          model,
          scope.deps.dialect,
          scope.variables,
          [...path, 'values'],
          scope.explainVariable
        );
  if (fixed.some((f) => writer.uniqueFields.includes(f.name))) scope.exclusive.add(model.uid);
  const valuesFor = (vars: Variables): Values => {
    const values: Values = new Map();
    applyFixedValues(fixed, vars, values, 0);
    return values;
  };

  let act: Task;
  if (task.action === 'create-record') {
    requireCreatable(model, [...path, 'object']);
    const missing = requiredByType(model).find((f) => !(f.name in task.values));
    if (missing) throw new DefinitionError([...path, 'values'], `${model.uid} requires "${missing.name}"`);
    act = async (db, vars) => {
      await writer.create(db, [valuesFor(vars)], scope.publish);
    };
  } else {
    const select = selector(model, task.filter, scope, [...path, 'filter']);
    act =
      task.action === 'update-records'
        ? async (db, vars) => {
            const values = valuesFor(vars);
            const targets = await select(db, vars);
            if (targets.length) await writer.update(db, targets, values, scope.publish);
          }
        : async (db, vars) => {
            const targets = await select(db, vars);
            if (targets.length) await writer.remove(db, targets);
          };
  }
  // A value refused while the task writes (its own, or by the database's checks) names the task.
  return async (db, vars) => {
    try {
      await act(db, vars);
    } catch (error) {
      if (error instanceof FieldError) throw new TaskFieldError(error.field, index);
      throw error;
    }
  };
};
