import type { EndpointDefinition } from '../../../contracts/definition';
import type { WriteDeps } from '../writes/write-deps';
import type { Model } from '../query/model';
import type { Variables } from '../query/variables';
import type { TxDb } from '../query/tx-db';
import { compileTask, type ActionScope } from './actions';
import { explainTaskVariable, taskVariables } from './variables';

export interface CompiledTasks {
  count: number;
  /** Runs every task in order; the first error (a raised one included) stops them and rolls back the write. */
  run(db: TxDb, vars: Variables): Promise<void>;
  /** Types read by conditions, updated or deleted by tasks, or whose unique fields tasks write: locked exclusively. */
  exclusive: Set<string>;
  /** Types tasks create records of: locked shared. */
  shared: Set<string>;
}

export const compileTasks = (definition: EndpointDefinition, model: Model, deps: WriteDeps): CompiledTasks => {
  const scope: ActionScope = {
    model,
    deps,
    variables: taskVariables(definition, model),
    explainVariable: (name) => explainTaskVariable(name, definition),
    hasRecord: definition.type !== 'delete',
    publish: definition.publish,
    exclusive: new Set(),
    shared: new Set(),
  };
  const tasks = definition.tasks.map((task, i) => compileTask(task, i, scope));
  return {
    count: tasks.length,
    async run(db, vars) {
      for (const task of tasks) await task(db, vars);
    },
    exclusive: scope.exclusive,
    shared: scope.shared,
  };
};
