import type { ObjectDescription } from '../../../contracts/objects';

/** What the tasks editor's parts may name: the types, the endpoint's own, and the task variables. */
export interface TaskScope {
  objects: ObjectDescription[];
  /** The endpoint's type: what `match` tests, and the type a new task starts on. */
  object: string;
  variables: string[];
  /** A Delete has no written record: no `match` conditions. */
  hasRecord: boolean;
}

export const objectIn = (scope: TaskScope, uid: string) => scope.objects.find((o) => o.uid === uid);
