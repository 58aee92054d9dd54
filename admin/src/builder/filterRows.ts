import type { FilterGroup } from '../../../contracts/filter-tree';
import type { Problem } from '../../../contracts/problems';

/**
 * Where each condition row of a filter tree sits in the filter JSON the tree makes (`filterOf`): a group's
 * children are the items of its `$and`/`$or` array (`['$and', 0]`), so the admin API's problems with a condition
 * (`filter.$and[0].colour`) can be shown at its row.
 */
export type RowPath = ReadonlyArray<string | number>;

/** The path of the `i`th child of the group at `group`. */
export const childPath = (group: RowPath, op: FilterGroup['op'], i: number): RowPath => [...group, op, i];

/** The paths of every condition row of `tree`, the top group being at `[]`. */
export const conditionPaths = (tree: FilterGroup, at: RowPath = []): RowPath[] =>
  tree.children.flatMap((node, i) => {
    const here = childPath(at, tree.op, i);
    return node.kind === 'group' ? conditionPaths(node, here) : [here];
  });

/** Whether `path` is `prefix` or lies under it. */
export const isUnder = (path: RowPath, prefix: RowPath) =>
  path.length >= prefix.length && prefix.every((step, i) => path[i] === step);

/** The problems of the row at `row`. */
export const rowProblems = (problems: Problem[], row: RowPath) => problems.filter((p) => isUnder(p.path, row));
