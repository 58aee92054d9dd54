import { DefinitionError, type Path } from '../errors/definition-error';
import { holdsComponents, type ColumnField, type ComponentsField, type MediaField, type Model } from './model';

/** What has fields: a content type or a component. */
export type FieldOwner = Pick<Model, 'uid' | 'fields'>;

/** A field a List can return: a value of the row, a component (single or repeatable) or a dynamic zone. */
export type ListedField = ColumnField | ComponentsField;

/** The field `name` of `owner` that a List can return, or a DefinitionError naming `where` and why not. */
export const requireListed = (owner: FieldOwner, name: string, where: Path): ListedField => {
  const field = owner.fields.get(name);
  if (!field) throw new DefinitionError(where, `unknown field "${name}" on ${owner.uid}`);
  if (field.kind === 'unsupported') throw new DefinitionError(where, field.reason);
  return field;
};

/** A field of `owner` held in its own row or link table (media included): not a component or dynamic zone. */
export const requireExposed = (owner: FieldOwner, name: string, where: Path): ColumnField => {
  const field = requireListed(owner, name, where);
  if (holdsComponents(field)) {
    const kind = field.kind === 'component' ? 'component' : 'dynamic zone';
    throw new DefinitionError(where, `"${name}" is a ${kind}; a List can return it, it cannot be used here`);
  }
  return field;
};

/**
 * The field `name` of `owner` where a value is compared, sorted, grouped or fixed by the owner, or a
 * DefinitionError naming `where` and why it cannot be used there (media fields hold files).
 */
export const requireField = (owner: FieldOwner, name: string, where: Path): Exclude<ColumnField, MediaField> => {
  const field = requireExposed(owner, name, where);
  if (field.kind === 'media') {
    throw new DefinitionError(where, `"${name}" is a media field; it can be listed and written, not used here`);
  }
  return field;
};
