import { z } from 'zod';
import { jsonObject } from './json';

/** Tasks run after a write, in its transaction (DESIGN.md section 5). */
const condition: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.strictObject({ match: jsonObject }),
    z.strictObject({ exists: z.strictObject({ object: z.string(), filter: jsonObject.optional() }) }),
    z.strictObject({ notExists: z.strictObject({ object: z.string(), filter: jsonObject.optional() }) }),
    z.strictObject({ all: z.array(condition).min(1) }),
    z.strictObject({ any: z.array(condition).min(1) }),
    z.strictObject({ not: condition }),
  ])
);

export const taskSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('raise-error'), when: condition.optional(), message: z.string().min(1).max(500) }),
  z.strictObject({ action: z.literal('create-record'), object: z.string(), values: jsonObject }),
  z.strictObject({ action: z.literal('update-records'), object: z.string(), filter: jsonObject, values: jsonObject }),
  z.strictObject({ action: z.literal('delete-records'), object: z.string(), filter: jsonObject }),
]);
