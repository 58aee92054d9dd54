import type { EndpointDefinition } from '../../../contracts/definition';
import type { Model } from '../query/model';
import { taskVariablesFor } from '../../../contracts/variables';
import { variableProblem, type Variables } from '../query/variables';
import { readableFields } from '../writes/row-queries';

/** Variables of tasks (docs/writes.md#tasks), besides the endpoint's own; files are none of them. */
export const taskVariables = (definition: EndpointDefinition, model: Model): string[] =>
  taskVariablesFor(
    definition,
    readableFields(model).map((f) => f.name)
  );

/** Values taken from records: their `null` is a value (an empty field), not a missing variable. */
export const isRecordVariable = (name: string) =>
  name.startsWith('record.') || name.startsWith('previous.') || name.startsWith('input.');

export const explainTaskVariable = (name: string, definition: EndpointDefinition): string | null => {
  if (name.startsWith('previous.') && definition.type === 'create') {
    return `the variable "${name}" is known to modify and delete endpoints only (a create has no previous record)`;
  }
  if (name.startsWith('input.')) return `the variable "${name}" names no accepted field of this endpoint`;
  return variableProblem(name, definition);
};

/** One record's task variables on top of the request's. */
export const withRecordVariables = (
  base: Variables,
  parts: { record?: Record<string, unknown>; previous?: Record<string, unknown>; input?: Record<string, unknown> }
): Variables => {
  const vars: Variables = Object.create(base);
  for (const [prefix, values] of Object.entries(parts)) {
    for (const [name, value] of Object.entries(values ?? {})) vars[`${prefix}.${name}`] = value;
  }
  return vars;
};
