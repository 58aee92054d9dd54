import { isPlainObject } from '../../../contracts/json';
import { DefinitionError, type Path } from '../errors/definition-error';
import type { WriteDeps } from '../writes/write-deps';
import { quoter } from '../query/dialect';
import { compileFilter } from '../query/filter';
import type { RenderContext } from '../query/predicate';
import { publicationCondition, ROOT } from '../query/list-sql';
import type { Model } from '../query/model';
import type { Variables } from '../query/variables';
import type { TxDb } from '../query/tx-db';
import { isRecordVariable } from './variables';

export type Condition = (db: TxDb, vars: Variables) => Promise<boolean>;

export interface ConditionScope {
  model: Model;
  deps: WriteDeps;
  variables: readonly string[];
  explainVariable: (name: string) => string | null;
  /** A Delete has no written record to match. */
  hasRecord: boolean;
  /** Types the condition reads besides the written record: they are locked exclusively. */
  exclusive: Set<string>;
}

/** A filter of a task (condition or selection): task variables, a record's `null` compared as a value. */
export const compileTaskFilter = (scope: ConditionScope, model: Model, filter: unknown, path: Path) =>
  compileFilter(filter ?? {}, model, ROOT, {
    dialect: scope.deps.dialect,
    modelOf: scope.deps.modelOf,
    variables: scope.variables,
    explainVariable: scope.explainVariable,
    nullable: isRecordVariable,
    path,
  });

/** The type a task names (`object`), one that endpoints may use. */
export const taskObject = (scope: ConditionScope, object: string, path: Path) => {
  const model = scope.deps.modelOf(object);
  if (!model) throw new DefinitionError(path, `"${object}" is not a content type endpoints may use`);
  return model;
};

/**
 * A task condition (docs/writes.md#tasks) as SQL run in the write's transaction: `match` tests the written
 * record, `exists`/`notExists` look for rows of a type (published ones on Draft & Publish types);
 * `all`/`any`/`not` combine them and stop as soon as the answer is known.
 */
export const compileCondition = (condition: unknown, scope: ConditionScope, path: Path): Condition => {
  const { deps } = scope;
  const q = quoter(deps.dialect);
  if (!isPlainObject(condition)) throw new DefinitionError(path, 'must be an object');
  const [kind, body] = Object.entries(condition)[0];
  const ask = async (db: TxDb, sql: (ctx: RenderContext) => string, vars: Variables, first: unknown[] = []) => {
    const ctx: RenderContext = { vars, bindings: [] };
    const text = sql(ctx);
    return (await db.all(text, [...first, ...ctx.bindings])).length > 0;
  };

  if (kind === 'match') {
    if (!scope.hasRecord)
      throw new DefinitionError([...path, 'match'], 'a delete endpoint has no written record to match');
    const predicate = compileTaskFilter(scope, scope.model, body, [...path, 'match']);
    const table = q(scope.model.table);
    // `record.id` is a record id (see query/record-id.ts): on a Draft & Publish type, the id of the draft row,
    // which holds every value the write gave, published or not.
    return (db, vars) =>
      ask(
        db,
        (ctx) => `SELECT 1 AS x FROM ${table} ${ROOT} WHERE ${ROOT}.${q('id')} = ? AND ${predicate(ctx).sql}`,
        vars,
        [vars['record.id']]
      );
  }
  if (kind === 'exists' || kind === 'notExists') {
    const { object, filter } = body as { object: string; filter?: unknown };
    const model = taskObject(scope, object, [...path, kind, 'object']);
    scope.exclusive.add(model.uid);
    const predicate = compileTaskFilter(scope, model, filter, [...path, kind, 'filter']);
    const publication = publicationCondition(model, 'published', deps.dialect);
    const published = publication ? ` AND ${publication}` : '';
    const table = q(model.table);
    return async (db, vars) => {
      const found = await ask(
        db,
        (ctx) => `SELECT 1 AS x FROM ${table} ${ROOT} WHERE ${predicate(ctx).sql}${published} LIMIT 1`,
        vars
      );
      return kind === 'exists' ? found : !found;
    };
  }
  if (kind === 'all' || kind === 'any') {
    const parts = (body as unknown[]).map((c, i) => compileCondition(c, scope, [...path, kind, i]));
    return async (db, vars) => {
      for (const part of parts) {
        if ((await part(db, vars)) !== (kind === 'all')) return kind !== 'all';
      }
      return kind === 'all';
    };
  }
  const inner = compileCondition(body, scope, [...path, 'not']);
  return async (db, vars) => !(await inner(db, vars));
};
