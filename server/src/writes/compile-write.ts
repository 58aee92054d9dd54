import type { EndpointDefinition } from '../../../contracts/definition';
import { invalidData, MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import type { CompileDeps } from '../handlers/types';
import { compileEndpointFilter } from '../query/endpoint-filter';
import { publicationCondition } from '../query/list-sql';
import type { Model } from '../query/model';
import { variableProblem, variablesFor, type Variables } from '../query/variables';
import { compileTasks } from '../tasks/compile';
import { TaskFieldError } from '../tasks/actions';
import { withRecordVariables } from '../tasks/variables';
import { FieldError } from './field-error';
import { compileInput } from './input';
import { emptyLockPlan, type LockPlan } from './locks';
import { requireWritableObject } from './object-writer';
import { createRowQueries } from './row-queries';
import { runWriteTransaction } from './transaction';
import type { TxDb } from './tx-db';

/** Turns a refused value into the spec's 400, saying which item of an array payload it was. */
export const asClientError = (error: unknown, many: boolean): unknown => {
  if (error instanceof FieldError)
    return new ApiError(400, invalidData(error.field, many ? { item: error.index } : undefined));
  if (error instanceof TaskFieldError) {
    return new ApiError(400, invalidData(error.field, { item: error.item, task: error.task }));
  }
  return error;
};

/** What Create, Modify and Delete endpoints share, built once per definition change. */
export const compileWrite = (definition: EndpointDefinition, model: Model, deps: CompileDeps) => {
  const variables = variablesFor(definition);
  const explainVariable = (name: string) => variableProblem(name, definition);
  const filter = compileEndpointFilter(definition, model, deps);
  const rows = createRowQueries(
    model,
    filter,
    publicationCondition(model, definition.status, deps.dialect),
    deps.dialect
  );
  const input =
    definition.type === 'delete' ? null : compileInput(definition, model, deps.dialect, variables, explainVariable);
  const writer = deps.writerOf(requireWritableObject(model, 'object'));
  const tasks = compileTasks(definition, model, deps);

  const plan: LockPlan = emptyLockPlan();
  plan.shared.add(model.uid);
  for (const uid of tasks.shared) plan.shared.add(uid);
  for (const uid of tasks.exclusive) plan.exclusive.add(uid);
  const writesUnique = [...definition.fields.map((f) => f.name), ...Object.keys(definition.presets)].some((n) =>
    writer.uniqueFields.includes(n)
  );
  if (writesUnique) plan.exclusive.add(model.uid);

  return {
    input,
    writer,
    rows,
    publish: definition.publish,
    /** Runs `work` in the write transaction; refused values become the spec's 400. */
    async run<T>(work: (db: TxDb) => Promise<T>, many = false): Promise<T> {
      try {
        return await runWriteTransaction(deps.strapi, deps.dialect, deps.locks, plan, work);
      } catch (error) {
        throw asClientError(error, many);
      }
    },
    /** The write check: written rows must still match the endpoint filter, or all is rolled back (403). */
    async check(db: TxDb, ids: number[], vars: Variables) {
      if (!(await rows.allMatch(db, ids, vars))) throw new ApiError(403, MESSAGES.forbidden);
    },
    /** A Modify's or Delete's target, within the filter, or 404 `Record not found`. */
    async target(db: TxDb, id: number | undefined, vars: Variables) {
      const found = id === undefined ? null : await rows.find(db, id, vars);
      // Once the row is locked, the filter is asked again in a statement of its own: on PostgreSQL that sees a
      // relation (link rows) changed by a transaction that committed while this one waited for the lock.
      if (!found || !(await rows.allMatch(db, [found.id], vars))) throw new ApiError(404, MESSAGES.recordNotFound);
      return found;
    },
    /** Whole records for tasks, read only when there are tasks. */
    async records(db: TxDb, ids: number[]) {
      return tasks.count ? rows.read(db, ids) : new Map<number, Record<string, unknown>>();
    },
    async runTasks(
      db: TxDb,
      base: Variables,
      parts: { record?: Record<string, unknown>; previous?: Record<string, unknown>; input?: Record<string, unknown> }
    ) {
      if (tasks.count) await tasks.run(db, withRecordVariables(base, parts));
    },
  };
};
