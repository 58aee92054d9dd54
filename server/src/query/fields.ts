import { DefinitionError } from '../errors/definition-error';
import type { Model, ModelField } from './model';

/** The field `name` of `model`, or a DefinitionError naming `where` and why it cannot be used. */
export const requireField = (
  model: Model,
  name: string,
  where: string
): Exclude<ModelField, { kind: 'unsupported' }> => {
  const field = model.fields.get(name);
  if (!field) throw new DefinitionError(`${where}: unknown field "${name}" on ${model.uid}`);
  if (field.kind === 'unsupported') throw new DefinitionError(`${where}: ${field.reason}`);
  return field;
};
