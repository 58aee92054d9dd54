import { isPlainObject, isVar } from '../../../contracts/json';

/** Whether a relation's condition names fields of the related type (else it applies to the related id). */
const nestsFields = (value: unknown): boolean =>
  isPlainObject(value) &&
  !isVar(value) &&
  Object.entries(value).some(
    ([k, v]) =>
      !k.startsWith('$') ||
      ((k === '$and' || k === '$or') && Array.isArray(v) && v.some(nestsFields)) ||
      (k === '$not' && nestsFields(v))
  );

/** What a condition on a relation asks, decided once from its operand. */
export type RelationOperand =
  /** Conditions on fields of the related records. */
  | { kind: 'fields'; node: Record<string, unknown> }
  /**
   * A condition on the related id; `variable` names the variable it compares with by equality, whose `null`
   * (a record's empty relation) then means "no related row".
   */
  | { kind: 'id'; condition: unknown; variable: string | null }
  /** `$null` / `$notNull`: whether any row is related at all. */
  | { kind: 'linked'; condition: Record<string, unknown>; op: '$null' | '$notNull'; flag: unknown }
  /** `$ne` / `$notIn`: not related to these, which includes rows related to nothing (as on fields). */
  | { kind: 'none-of'; related: Record<string, unknown> };

/** As in Strapi: `{ id: X }` is X on the related id, and `null` means "no related row". */
const onRelatedId = (value: unknown): unknown => {
  if (value === null) return { $null: true };
  if (isPlainObject(value) && Object.keys(value).length === 1 && 'id' in value && !nestsFields(value.id))
    return value.id;
  return value;
};

export const relationOperand = (value: unknown): RelationOperand => {
  const operand = onRelatedId(value);
  if (!isPlainObject(operand) || isVar(operand))
    return { kind: 'id', condition: operand, variable: isVar(operand) ? operand.$var : null };
  if (nestsFields(operand)) return { kind: 'fields', node: operand };
  const [op, ...others] = Object.keys(operand);
  if (others.length > 0) return { kind: 'id', condition: operand, variable: null };
  if (op === '$ne') return { kind: 'none-of', related: { $eq: operand.$ne } };
  if (op === '$notIn') return { kind: 'none-of', related: { $in: operand.$notIn } };
  if (op === '$null' || op === '$notNull') return { kind: 'linked', condition: operand, op, flag: operand[op] };
  const equal = op === '$eq' && isVar(operand.$eq) ? operand.$eq.$var : null;
  return { kind: 'id', condition: operand, variable: equal };
};
