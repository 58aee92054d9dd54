import { DefinitionError } from '../errors/definition-error';
import type { ColumnField, MediaField, Model } from './model';

type UsableField = ColumnField;

/** A field of `model` that List can return and writes can accept: media included. */
export const requireExposed = (model: Model, name: string, where: string): UsableField => {
  const field = model.fields.get(name);
  if (!field) throw new DefinitionError(`${where}: unknown field "${name}" on ${model.uid}`);
  if (field.kind === 'unsupported') throw new DefinitionError(`${where}: ${field.reason}`);
  if (field.kind === 'component' || field.kind === 'dynamiczone')
    throw new DefinitionError(`${where}: ${field.kind} fields are not supported`);
  return field;
};

/**
 * The field `name` of `model` where a value is compared, sorted, grouped or fixed by the owner, or a
 * DefinitionError naming `where` and why it cannot be used there (media fields hold files).
 */
export const requireField = (model: Model, name: string, where: string): Exclude<UsableField, MediaField> => {
  const field = requireExposed(model, name, where);
  if (field.kind === 'media') {
    throw new DefinitionError(`${where}: "${name}" is a media field; it can be listed and written, not used here`);
  }
  return field;
};
