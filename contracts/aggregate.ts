import { z } from 'zod';
import { LIMITS } from './limits';

/** Aggregate settings (docs/aggregate.md). */
export const DIMENSION_FORMATS = ['year', 'quarter', 'month', 'week', 'day', 'hour'] as const;
export const MEASURE_OPS = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'text'] as const;
const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a simple name (letters, digits, _)');

export const aggregateSchema = z
  .strictObject({
    dimensions: z
      .array(
        z.strictObject({
          variable: variableName,
          field: z.string().min(1),
          axis: z.enum(['row', 'column']).default('row'),
          dir: z.enum(['asc', 'desc']).default('asc'),
          format: z.enum(DIMENSION_FORMATS).optional(),
        })
      )
      .default([]),
    measures: z
      .array(z.strictObject({ variable: variableName, op: z.enum(MEASURE_OPS), field: z.string().min(1).optional() }))
      .max(LIMITS.measures, `at most ${LIMITS.measures} measures`)
      .default([]),
    sortMeasure: z.strictObject({ variable: variableName, dir: z.enum(['asc', 'desc']).default('desc') }).optional(),
    limit: z.number().int().positive().optional(),
    queryFilters: z
      .array(z.strictObject({ param: variableName, field: z.string().min(1), op: z.enum(['eq', 'gt', 'lt']) }))
      .default([]),
    maxItems: z.number().int().positive().max(1_000_000).optional(),
  })
  .superRefine((value, ctx) => {
    for (const axis of ['row', 'column'] as const) {
      if (value.dimensions.filter((d) => d.axis === axis).length > LIMITS.dimensionsPerAxis) {
        ctx.addIssue({
          code: 'custom',
          path: ['dimensions'],
          message: `at most ${LIMITS.dimensionsPerAxis} dimensions on the ${axis} axis`,
        });
      }
    }
  });
export type AggregateSettings = z.output<typeof aggregateSchema>;
