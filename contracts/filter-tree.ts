import { isPlainObject, isVar } from './json';

/**
 * Endpoint filters as the builder edits them: groups of conditions joined by AND or OR, each condition a field
 * path (`customer.user.id`), an operator and a value or variable. Converted from and to the filter JSON of
 * docs/reference.md#endpoint-definition-json; a filter the tree cannot hold (`$not`, several operators in one object...) stays JSON.
 */
export const FILTER_OPERATORS = [
  '$eq',
  '$ne',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$endsWith',
  '$null',
  '$notNull',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterCondition {
  kind: 'condition';
  field: string;
  operator: FilterOperator;
  /** A JSON value, or `{ "$var": name }`. */
  value: unknown;
}

export interface FilterGroup {
  kind: 'group';
  op: '$and' | '$or';
  children: FilterNode[];
}

export type FilterNode = FilterCondition | FilterGroup;

const OPERATORS = new Set<string>(FILTER_OPERATORS);

/** The conditions of `value` under the field path `path`, or null when the tree cannot hold them. */
const conditionsOf = (path: string[], value: unknown): FilterCondition[] | null => {
  const field = path.join('.');
  if (!isPlainObject(value) || isVar(value)) {
    return [{ kind: 'condition', field, operator: Array.isArray(value) ? '$in' : '$eq', value }];
  }
  const keys = Object.keys(value);
  if (!keys.length) return null;
  if (keys.every((k) => OPERATORS.has(k))) {
    return keys.map((k) => ({ kind: 'condition', field, operator: k as FilterOperator, value: value[k] }));
  }
  if (keys.some((k) => k.startsWith('$'))) return null;
  const nested = keys.map((k) => conditionsOf([...path, k], value[k]));
  return nested.some((n) => n === null) ? null : (nested.flat() as FilterCondition[]);
};

/** One filter object: its fields and `$and`/`$or` entries, all joined by AND. */
const nodesOf = (filter: Record<string, unknown>): FilterNode[] | null => {
  const nodes: FilterNode[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || !value.every(isPlainObject)) return null;
      const children = value.map((v) => nodesOf(v as Record<string, unknown>));
      if (children.some((c) => c === null)) return null;
      nodes.push({
        kind: 'group',
        op: key,
        children: (children as FilterNode[][]).flatMap((c) =>
          c.length === 1 ? c : [{ kind: 'group', op: '$and', children: c } as FilterGroup]
        ),
      });
    } else if (key.startsWith('$')) {
      return null;
    } else {
      const conditions = conditionsOf([key], value);
      if (!conditions) return null;
      nodes.push(...conditions);
    }
  }
  return nodes;
};

/** The filter as a tree (an AND group at the top), or null when it cannot be shown as one. */
export const treeOf = (filter: unknown): FilterGroup | null => {
  if (!isPlainObject(filter)) return null;
  const nodes = nodesOf(filter);
  if (!nodes) return null;
  if (nodes.length === 1 && nodes[0].kind === 'group') return nodes[0];
  return { kind: 'group', op: '$and', children: nodes };
};

/** `customer.user.id` + `{ $eq: 1 }` as `{ customer: { user: { id: { $eq: 1 } } } }`. */
const nest = (field: string, condition: unknown) =>
  field
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), condition) as Record<string, unknown>;

const filterOfNode = (node: FilterNode): Record<string, unknown> =>
  node.kind === 'condition'
    ? nest(node.field, { [node.operator]: node.value })
    : { [node.op]: node.children.map(filterOfNode) };

/** The filter JSON of a tree: `{}` for an empty one. */
export const filterOf = (tree: FilterGroup): Record<string, unknown> =>
  tree.children.length ? filterOfNode(tree) : {};
