import { isPlainObject, isVar } from '../../../contracts/json';
import { DefinitionError, type Path } from '../errors/definition-error';
import { INVALID, type Codec } from './codecs';
import { FALSE, joinAll, known, negate, TRUE, UNKNOWN, type Predicate, type RenderContext } from './predicate';

/** A nullable variable's `null`, as a slot's value. */
const NULL_VALUE: unique symbol = Symbol('null');

const COMPARISON: Record<string, string> = { $eq: '=', $ne: '<>', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };
const ORDERED = new Set(['$lt', '$lte', '$gt', '$gte', '$between']);
const TEXT_OPS: Record<string, { pattern: (v: string) => string; not: boolean; insensitive: boolean }> = {
  $contains: { pattern: (v) => `%${v}%`, not: false, insensitive: false },
  $notContains: { pattern: (v) => `%${v}%`, not: true, insensitive: false },
  $containsi: { pattern: (v) => `%${v}%`, not: false, insensitive: true },
  $notContainsi: { pattern: (v) => `%${v}%`, not: true, insensitive: true },
  $startsWith: { pattern: (v) => `${v}%`, not: false, insensitive: false },
  $endsWith: { pattern: (v) => `%${v}`, not: false, insensitive: false },
};

/** The operators of a leaf: they compare one field, so they never stand where a field name should. */
export const LEAF_OPS = new Set([
  ...Object.keys(COMPARISON),
  ...Object.keys(TEXT_OPS),
  '$in',
  '$notIn',
  '$null',
  '$notNull',
  '$between',
]);

const escapeLike = (v: string) => v.replace(/[!%_]/g, (c) => `!${c}`);

/** Whether `$null: true` / `$notNull: false` asks for an empty field; the operand must be a boolean. */
export const asksEmpty = (op: string, flag: unknown, path: Path) => {
  if (typeof flag !== 'boolean') throw new DefinitionError(path, `${op} takes true or false`);
  return (op === '$null') === flag;
};

/** What the conditions on a column need of the filter's options (see CompileOptions in filter.ts). */
export interface ValueScope {
  variables: readonly string[];
  explainVariable?: (name: string) => string | null;
  nullable?: (name: string) => boolean;
}

type Slot = (ctx: RenderContext) => unknown;

/**
 * Conditions on one column, fail closed: a leaf whose variable has no value (or a value of the wrong type)
 * renders as SQL `NULL`, "unknown" in SQL's three-valued logic, so it matches nothing, and `$not` of it matches
 * nothing either.
 */
export const createColumnConditions = (scope: ValueScope) => {
  /** A value slot: a constant checked now, or a variable resolved and checked per request. */
  const valueOf = (raw: unknown, codec: Codec, path: Path): Slot => {
    if (isVar(raw)) {
      const name = raw.$var;
      if (!scope.variables.includes(name)) {
        throw new DefinitionError(path, scope.explainVariable?.(name) ?? `unknown variable "${name}"`);
      }
      const nullable = scope.nullable?.(name) ?? false;
      return (ctx) => {
        const value = ctx.vars[name];
        if (value === null && nullable) return NULL_VALUE;
        const parsed = value === undefined || value === null ? INVALID : codec.parseJson(value);
        return parsed === INVALID ? INVALID : codec.toDb(parsed);
      };
    }
    const parsed = codec.parseJson(raw);
    if (parsed === INVALID)
      throw new DefinitionError(path, `${JSON.stringify(raw)} is not a valid value for this field`);
    const value = codec.toDb(parsed);
    return () => value;
  };

  /** Renders `make(values)` or, when a value is missing, the unknown `NULL`. */
  const leaf =
    (slots: Slot[], make: (placeholders: string[]) => string): Predicate =>
    (ctx) => {
      const values = slots.map((slot) => slot(ctx));
      if (values.some((v) => v === INVALID || v === NULL_VALUE)) return UNKNOWN;
      ctx.bindings.push(...values);
      return known(make(values.map(() => '?')));
    };

  const textOp = (column: string, codec: Codec, op: string, operand: unknown, path: Path): Predicate => {
    const text = TEXT_OPS[op];
    if (!codec.textual) throw new DefinitionError(path, `${op} needs a text field`);
    const slot = valueOf(operand, codec, path);
    const patterned: Slot = (ctx) => {
      const v = slot(ctx);
      return typeof v !== 'string' ? INVALID : text.pattern(escapeLike(v));
    };
    const target = text.insensitive ? `LOWER(${column})` : column;
    const rhs = text.insensitive ? 'LOWER(?)' : '?';
    return text.not
      ? leaf([patterned], () => `(${target} NOT LIKE ${rhs} ESCAPE '!' OR ${column} IS NULL)`)
      : leaf([patterned], () => `${target} LIKE ${rhs} ESCAPE '!'`);
  };

  const comparison = (column: string, codec: Codec, op: string, operand: unknown, path: Path): Predicate => {
    if (operand === null) {
      if (op === '$eq') return () => known(`${column} IS NULL`);
      if (op === '$ne') return () => known(`${column} IS NOT NULL`);
      throw new DefinitionError(path, `${op} cannot compare with null`);
    }
    const slot = valueOf(operand, codec, path);
    const compare =
      op === '$ne'
        ? leaf([slot], ([p]) => `(${column} <> ${p} OR ${column} IS NULL)`)
        : leaf([slot], ([p]) => `${column} ${COMPARISON[op]} ${p}`);
    if (op !== '$eq' && op !== '$ne') return compare;
    const isNull = known(`${column} IS ${op === '$eq' ? '' : 'NOT '}NULL`);
    return (ctx) => (slot(ctx) === NULL_VALUE ? isNull : compare(ctx));
  };

  const scalarOp = (column: string, codec: Codec, op: string, operand: unknown, path: Path): Predicate => {
    if (!codec.comparable) throw new DefinitionError(path, 'this field cannot be filtered');
    if (ORDERED.has(op) && !codec.ordered) throw new DefinitionError(path, `${op} needs an ordered field`);
    if (op === '$null' || op === '$notNull') {
      const empty = known(`${column} IS ${asksEmpty(op, operand, path) ? '' : 'NOT '}NULL`);
      return () => empty;
    }
    if (op === '$in' || op === '$notIn') {
      if (!Array.isArray(operand)) throw new DefinitionError(path, `${op} takes an array`);
      if (operand.length === 0) return op === '$in' ? FALSE : TRUE;
      const slots = operand.map((v, i) => valueOf(v, codec, [...path, i]));
      return op === '$in'
        ? leaf(slots, (p) => `${column} IN (${p.join(', ')})`)
        : leaf(slots, (p) => `(${column} NOT IN (${p.join(', ')}) OR ${column} IS NULL)`);
    }
    if (op === '$between') {
      if (!Array.isArray(operand) || operand.length !== 2)
        throw new DefinitionError(path, '$between takes [low, high]');
      const slots = operand.map((v, i) => valueOf(v, codec, [...path, i]));
      return leaf(slots, ([a, b]) => `${column} BETWEEN ${a} AND ${b}`);
    }
    if (op in TEXT_OPS) return textOp(column, codec, op, operand, path);
    if (op in COMPARISON) return comparison(column, codec, op, operand, path);
    throw new DefinitionError(path, `unknown operator "${op}"`);
  };

  /** `{ $eq: 1, $lt: 5 }`, `5`, `[1, 2]` or `{ $var }` on one column. */
  const columnCondition = (column: string, codec: Codec, value: unknown, path: Path): Predicate => {
    if (Array.isArray(value)) return scalarOp(column, codec, '$in', value, path);
    if (!isPlainObject(value) || isVar(value)) return scalarOp(column, codec, '$eq', value, path);
    const keys = Object.keys(value);
    if (keys.length === 0) throw new DefinitionError(path, 'empty condition');
    return joinAll(
      keys.map((op) => {
        if (op === '$not') return negate(columnCondition(column, codec, value[op], [...path, '$not']));
        return scalarOp(column, codec, op, value[op], [...path, op]);
      }),
      ' AND ',
      TRUE
    );
  };

  return columnCondition;
};
