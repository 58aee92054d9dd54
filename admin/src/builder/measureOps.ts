import { MEASURE_OPS } from '../../../contracts/aggregate';
import type { Translate } from '../hooks/useT';

export type MeasureOp = (typeof MEASURE_OPS)[number];

/** Whether `op` is one of an aggregate's operations. */
export const isMeasureOp = (op: string): op is MeasureOp => (MEASURE_OPS as readonly string[]).includes(op);

/** An aggregate's operation in words (`count_distinct`: "Count of distinct values"); the definition keeps `op`. */
export const measureWords = (t: Translate, op: MeasureOp) => t(`builder.aggregate.op.${op}`);

/** The operations as a select's options: the operation, and its words. */
export const measureOptions = (t: Translate): Array<[MeasureOp, string]> =>
  MEASURE_OPS.map((op) => [op, measureWords(t, op)]);
