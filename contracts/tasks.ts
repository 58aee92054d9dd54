import { z } from 'zod';
import { jsonObject } from './json';

/** Tasks run after a write, in its transaction (docs/writes.md#tasks). */
const rowsOf = z.strictObject({ object: z.string(), filter: jsonObject.optional() });

/** A task's condition; the groups refer back to it through getters, which let zod infer the recursive type. */
export const conditionSchema = z.union([
  z.strictObject({ match: jsonObject }),
  z.strictObject({ exists: rowsOf }),
  z.strictObject({ notExists: rowsOf }),
  z.strictObject({
    get all() {
      return z.array(conditionSchema).min(1);
    },
  }),
  z.strictObject({
    get any() {
      return z.array(conditionSchema).min(1);
    },
  }),
  z.strictObject({
    get not() {
      return conditionSchema;
    },
  }),
]);

export const taskSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('raise-error'),
    when: conditionSchema.optional(),
    message: z.string().min(1).max(500),
  }),
  z.strictObject({ action: z.literal('create-record'), object: z.string(), values: jsonObject }),
  z.strictObject({ action: z.literal('update-records'), object: z.string(), filter: jsonObject, values: jsonObject }),
  z.strictObject({ action: z.literal('delete-records'), object: z.string(), filter: jsonObject }),
]);

export type Condition = z.output<typeof conditionSchema>;
export type TaskDefinition = z.output<typeof taskSchema>;
